package io.cerulean.it.process;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.storage.queue.QueueServiceClient;
import com.azure.storage.queue.QueueServiceClientBuilder;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import org.junit.jupiter.api.Test;

/** {@code cerulean serve}'s options for the Queue service: {@code --services}, {@code --queue-port}. */
class QueueCommandLineTest {
    @Test
    void theQueueServiceAloneServesQueuesAndNoTables() {
        try (ServerProcess server = ServerProcess.launch().inMemory().args("--services", "queue").start()) {
            assertThat(server.output()).contains("serving the Queue service at").doesNotContain("Table service");
            QueueServiceClient queues = new QueueServiceClientBuilder().connectionString(
                    "DefaultEndpointsProtocol=http;AccountName=" + ServerProcess.DEV_ACCOUNT + ";AccountKey="
                            + ServerProcess.DEV_KEY + ";QueueEndpoint=" + server.queueBaseUrl() + "/"
                            + ServerProcess.DEV_ACCOUNT + ";").buildClient();
            queues.createQueue("alone");
            assertThat(queues.listQueues()).extracting(q -> q.getName()).containsExactly("alone");
        }
    }

    @Test
    void anUnknownServiceIsRefusedWithTheServicesThereAre() {
        ServerProcess.Exited exited = ServerProcess.launch().inMemory().args("--services", "table,nope").run();
        assertThat(exited.code()).as("exit status%s", exited.output()).isEqualTo(4);
        assertThat(exited.stderr()).contains("'nope' is not a service").contains("table, queue, blob");
    }

    @Test
    void aQueuePortInUseNamesTheQueueServiceAndTheRemedy() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            ServerProcess.Exited exited = ServerProcess.launch().inMemory()
                    .args("--queue-port", Integer.toString(taken.getLocalPort())).run();
            assertThat(exited.code()).as("exit status%s", exited.output()).isEqualTo(2);
            assertThat(exited.stderr()).contains("the Queue service's port").contains("--queue-port")
                    .contains("--services");
        }
    }
}
