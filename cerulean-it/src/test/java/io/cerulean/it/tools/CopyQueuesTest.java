package io.cerulean.it.tools;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.util.Context;
import com.azure.storage.queue.QueueClient;
import com.azure.storage.queue.QueueServiceClientBuilder;
import com.azure.storage.queue.models.QueueMessageItem;
import io.cerulean.it.ServerFixture;
import io.cerulean.it.ServerFixture.RunningServer;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class CopyQueuesTest {
    private static RunningServer source;
    private static RunningServer destination;

    @BeforeAll
    static void start() {
        source = ServerFixture.IN_MEMORY.start();
        destination = ServerFixture.IN_MEMORY.start();
    }

    @AfterAll
    static void stop() {
        source.close();
        destination.close();
    }

    @Test
    void aQueueOfMoreThan32MessagesArrivesWholeAndTheSourceKeepsEveryOne() {
        QueueClient from = queue(source, "orders");
        from.createWithResponse(Map.of("team", "billing"), null, Context.NONE);
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < 75; i++) {
            String text = "order " + i + (i % 7 == 0 ? " <&> \u00e9t\u00e9" : "");
            texts.add(text);
            from.sendMessage(text);
        }
        from.sendMessageWithResponse("short-lived", null, Duration.ofHours(1), null, Context.NONE);
        texts.add("short-lived");
        from.sendMessageWithResponse("forever", null, Duration.ofSeconds(-1), null, Context.NONE);
        texts.add("forever");
        OffsetDateTime firstExpires = from.peekMessage().getExpirationTime();

        CopyCli.Result copy = CopyCli.run(source.connectionString(), destination.connectionString(), "--queue", "orders", "--quiet");

        assertThat(copy.exit()).as(copy.both()).isZero();
        assertThat(copy.err()).contains("1 queue(s), 77 messages");
        QueueClient to = queue(destination, "orders");
        assertThat(to.getProperties().getMetadata()).isEqualTo(Map.of("team", "billing"));
        List<QueueMessageItem> copied = takeAll(to);
        assertThat(copied).extracting(QueueMessageItem::getMessageText).containsExactlyElementsOf(texts);
        assertThat(Duration.between(firstExpires, copied.get(0).getExpirationTime()).abs())
                .as("the time it had left to live").isLessThan(Duration.ofMinutes(1));
        QueueMessageItem shortLived = copied.get(copied.size() - 2);
        assertThat(Duration.between(shortLived.getInsertionTime(), shortLived.getExpirationTime()))
                .isLessThanOrEqualTo(Duration.ofHours(1)).isGreaterThan(Duration.ofMinutes(50));
        assertThat(copied.get(copied.size() - 1).getExpirationTime().getYear()).as("a message that never expires")
                .isEqualTo(9999);

        List<QueueMessageItem> kept = takeAll(from);
        assertThat(kept).extracting(QueueMessageItem::getMessageText).containsExactlyInAnyOrderElementsOf(texts);
        assertThat(kept).extracting(QueueMessageItem::getDequeueCount).containsOnly(2L);
    }

    @Test
    void aQueueIsNotCopiedOntoItself() {
        QueueClient queue = queue(source, "loop");
        queue.create();
        queue.sendMessage("once");

        CopyCli.Result copy = CopyCli.run(source.connectionString(), source.connectionString(), "--queue", "loop", "--quiet");

        assertThat(copy.exit()).as(copy.both()).isEqualTo(1);
        assertThat(copy.err()).contains("failed: queue loop: IllegalArgumentException: the destination is the source itself");
        assertThat(queue.getProperties().getApproximateMessagesCount()).isEqualTo(1);
    }

    private static List<QueueMessageItem> takeAll(QueueClient queue) {
        List<QueueMessageItem> all = new ArrayList<>();
        while (true) {
            List<QueueMessageItem> batch = new ArrayList<>();
            queue.receiveMessages(32, Duration.ofMinutes(5), null, Context.NONE).forEach(batch::add);
            if (batch.isEmpty()) {
                return all;
            }
            all.addAll(batch);
        }
    }

    private static QueueClient queue(RunningServer server, String name) {
        return new QueueServiceClientBuilder().connectionString(server.connectionString()).buildClient().getQueueClient(name);
    }
}
