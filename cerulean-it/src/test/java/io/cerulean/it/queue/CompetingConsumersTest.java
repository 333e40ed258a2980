package io.cerulean.it.queue;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.util.Context;
import com.azure.storage.queue.QueueClient;
import com.azure.storage.queue.models.QueueMessageItem;
import io.cerulean.it.EachStore;
import io.cerulean.it.ServerFixture;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * Consumers that receive from one queue at the same time share its messages out: each message goes
 * to exactly one of them while it is invisible, which is what lets a queue spread work over workers.
 * On every store, since each takes a message with a write of its own.
 */
class CompetingConsumersTest {
    private static final int MESSAGES = 120;
    private static final int CONSUMERS = 6;
    private static final QueueServers SERVERS = new QueueServers();

    @AfterAll
    static void stop() {
        SERVERS.close();
    }

    @ParameterizedTest
    @EachStore
    void everyMessageGoesToExactlyOneConsumer(ServerFixture store) throws Exception {
        QueueClient queue = SERVERS.newQueue(store, "compete");
        for (int i = 0; i < MESSAGES; i++) {
            queue.sendMessage("job " + i);
        }
        ExecutorService pool = Executors.newFixedThreadPool(CONSUMERS);
        try {
            List<Future<List<String>>> consumers = new ArrayList<>();
            for (int c = 0; c < CONSUMERS; c++) {
                consumers.add(pool.submit(receiveUntilEmpty(queue)));
            }
            List<String> taken = new ArrayList<>();
            for (Future<List<String>> consumer : consumers) {
                taken.addAll(consumer.get(60, TimeUnit.SECONDS));
            }

            assertThat(taken).as("message ids taken by all consumers").hasSize(MESSAGES).doesNotHaveDuplicates();
            assertThat(queue.getProperties().getApproximateMessagesCount()).isEqualTo(MESSAGES);
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * Sixteen consumers each receive one message at a time and delete it, as workers do, while a
     * producer keeps putting: every message is received exactly once (it is deleted well within its
     * visibility timeout, so a second receipt would be a message handed to two consumers), and none
     * is left in the queue, however the consumers race for the queue's first message.
     */
    @ParameterizedTest
    @EachStore
    void sixteenConsumersReceivingAndDeletingOneAtATimeTakeEachMessageOnce(ServerFixture store) throws Exception {
        QueueClient queue = SERVERS.newQueue(store, "workers");
        int before = 400;
        int during = 400;
        for (int i = 0; i < before; i++) {
            queue.sendMessage("job " + i);
        }
        ExecutorService pool = Executors.newFixedThreadPool(17);
        try {
            AtomicBoolean producing = new AtomicBoolean(true);
            Future<?> producer = pool.submit(() -> {
                for (int i = before; i < before + during; i++) {
                    queue.sendMessage("job " + i);
                }
                producing.set(false);
                return null;
            });
            List<Future<List<String>>> consumers = new ArrayList<>();
            for (int c = 0; c < 16; c++) {
                consumers.add(pool.submit(() -> {
                    List<String> texts = new ArrayList<>();
                    while (true) {
                        boolean last = !producing.get();
                        List<QueueMessageItem> got = queue.receiveMessages(1, Duration.ofMinutes(5), null, Context.NONE)
                                .stream().toList();
                        if (got.isEmpty() && last) {
                            return texts;
                        }
                        for (QueueMessageItem message : got) {
                            texts.add(message.getBody().toString());
                            queue.deleteMessage(message.getMessageId(), message.getPopReceipt());
                        }
                    }
                }));
            }
            producer.get(2, TimeUnit.MINUTES);
            List<String> taken = new ArrayList<>();
            for (Future<List<String>> consumer : consumers) {
                taken.addAll(consumer.get(2, TimeUnit.MINUTES));
            }

            assertThat(taken).as("messages received by all consumers").hasSize(before + during)
                    .doesNotHaveDuplicates();
            assertThat(queue.getProperties().getApproximateMessagesCount()).isZero();
        } finally {
            pool.shutdownNow();
        }
    }

    /** Receives batches of 5, each hidden for a minute, until a receive finds nothing; returns the ids. */
    private static Callable<List<String>> receiveUntilEmpty(QueueClient queue) {
        return () -> {
            List<String> ids = new ArrayList<>();
            while (true) {
                List<QueueMessageItem> batch = queue.receiveMessages(5, Duration.ofMinutes(1), null, Context.NONE)
                        .stream().toList();
                if (batch.isEmpty()) {
                    return ids;
                }
                batch.forEach(m -> ids.add(m.getMessageId()));
            }
        };
    }
}
