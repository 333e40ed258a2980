package io.cerulean.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.storage.queue.QueueClient;
import com.azure.storage.queue.QueueServiceClient;
import com.azure.storage.queue.QueueServiceClientBuilder;
import com.azure.storage.queue.models.QueueMessageItem;
import com.azure.storage.queue.models.QueuesSegmentOptions;
import com.azure.storage.queue.models.SendMessageResult;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;

/** The Queue service beside the Table service, through the one connection string a server hands out. */
class QueueSmokeTest {
    @ParameterizedTest
    @EachStore
    void roundTrip(ServerFixture fixture) {
        try (var server = fixture.start()) {
            QueueServiceClient service = new QueueServiceClientBuilder()
                    .connectionString(server.connectionString()).buildClient();
            String name = "smoke" + System.nanoTime() % 1_000_000; // servers on Cassandra share one keyspace
            QueueClient queue = service.createQueue(name);
            queue.setMetadata(Map.of("Owner", "tests"));
            SendMessageResult sent = queue.sendMessage("hello <queue> & \"friends\"");
            assertThat(sent.getPopReceipt()).isNotBlank();
            assertThat(queue.getProperties().getApproximateMessagesCount()).isEqualTo(1);
            assertThat(queue.getProperties().getMetadata()).containsEntry("Owner", "tests");
            List<QueueMessageItem> received = queue.receiveMessages(5, Duration.ofSeconds(30), null, null).stream().toList();
            assertThat(received).hasSize(1);
            assertThat(received.get(0).getMessageText()).isEqualTo("hello <queue> & \"friends\"");
            assertThat(received.get(0).getDequeueCount()).isEqualTo(1);
            assertThat(queue.peekMessage()).isNull();
            queue.deleteMessage(received.get(0).getMessageId(), received.get(0).getPopReceipt());
            assertThat(queue.getProperties().getApproximateMessagesCount()).isZero();
            assertThat(service.listQueues(new QueuesSegmentOptions().setPrefix(name), null, null))
                    .extracting(q -> q.getName()).containsExactly(name);
        }
    }
}
