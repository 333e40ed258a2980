package io.cerulean.it.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.azure.core.util.BinaryData;
import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import com.azure.storage.blob.models.BlobStorageException;
import com.azure.storage.common.policy.RequestRetryOptions;
import com.azure.storage.common.policy.RetryPolicyType;
import com.azure.storage.queue.QueueClient;
import com.azure.storage.queue.QueueClientBuilder;
import com.azure.storage.queue.models.QueueStorageException;
import io.cerulean.http.faults.FaultRulesJson;
import io.cerulean.it.ServerFixture;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Injected faults as the Queue and Blob SDKs meet them, with their own retry policy
 * ({@link RequestRetryOptions}): a client that retries gets through each kind, one that does not sees
 * the fault's status and code, rules keep to their queue or container, and a fault after the operation
 * leaves what it wrote.
 */
class QueueAndBlobFaultsTest {
    private static final ServerFixture STORE = ServerFixture.chosenOr(ServerFixture.IN_MEMORY);
    /** Each kind of fault once to Put Message, and once to Put Blob. */
    private static final String EACH_KIND_ONCE = "[" + eachKindOnce("PutMessage") + ", " + eachKindOnce("PutBlob") + "]";

    private static String eachKindOnce(String operation) {
        return """
                {"fault": "ServerBusy", "operations": "%1$s", "limit": 1},
                {"fault": "InternalError", "operations": "%1$s", "limit": 1},
                {"fault": "OperationTimedOut", "operations": "%1$s", "limit": 1, "delayMs": 200},
                {"fault": "Drop", "operations": "%1$s", "limit": 1}
                """.formatted(operation);
    }

    private static ServerFixture.RunningServer start(String rules) {
        return STORE.start(builder -> builder.faults(FaultRulesJson.parse(rules)));
    }

    private static RequestRetryOptions tries(int tries) {
        return new RequestRetryOptions(RetryPolicyType.FIXED, tries, (Integer) null, 10L, 10L, null);
    }

    private static QueueClient queue(ServerFixture.RunningServer server, String name, int tries) {
        QueueClient queue = new QueueClientBuilder().connectionString(server.connectionString()).queueName(name)
                .retryOptions(tries(tries)).buildClient();
        new QueueClientBuilder().connectionString(server.connectionString()).queueName(name).buildClient()
                .createIfNotExists();
        return queue;
    }

    private static BlobContainerClient container(ServerFixture.RunningServer server, String name, int tries) {
        BlobContainerClient container = new BlobServiceClientBuilder().connectionString(server.connectionString())
                .retryOptions(tries(tries)).buildClient().getBlobContainerClient(name);
        new BlobServiceClientBuilder().connectionString(server.connectionString()).buildClient()
                .getBlobContainerClient(name).createIfNotExists();
        return container;
    }

    @Test
    void clientsThatRetryGetThroughBusyErrorsTimeoutsAndDrops() {
        try (var server = start(EACH_KIND_ONCE)) {
            QueueClient queue = queue(server, "jobs", 5);
            queue.sendMessage("hello");
            assertThat(queue.receiveMessage().getBody().toString()).isEqualTo("hello");
            assertThat(queue.receiveMessage()).as("sent once").isNull();

            BlobClient blob = container(server, "files", 5).getBlobClient("a.txt");
            blob.upload(BinaryData.fromString("content"));
            assertThat(blob.downloadContent().toString()).isEqualTo("content");
        }
    }

    @Test
    void clientsThatDoNotRetrySeeTheFaultsStatusAndCode() {
        try (var server = start(EACH_KIND_ONCE)) {
            QueueClient queue = queue(server, "jobs", 1);
            for (List<Object> fault : List.<List<Object>>of(List.of(503, "ServerBusy"), List.of(500, "InternalError"),
                    List.of(500, "OperationTimedOut"))) {
                assertThatThrownBy(() -> queue.sendMessage("x")).isInstanceOfSatisfying(QueueStorageException.class,
                        e -> {
                            assertThat(e.getStatusCode()).isEqualTo(fault.get(0));
                            assertThat(e.getErrorCode().toString()).isEqualTo(fault.get(1));
                        });
            }
            assertThatThrownBy(() -> queue.sendMessage("x")).isNotInstanceOf(QueueStorageException.class)
                    .hasRootCauseInstanceOf(IOException.class);
            assertThat(queue.peekMessage()).as("nothing was sent").isNull();

            BlobClient blob = container(server, "files", 1).getBlobClient("a.txt");
            for (List<Object> fault : List.<List<Object>>of(List.of(503, "ServerBusy"), List.of(500, "InternalError"),
                    List.of(500, "OperationTimedOut"))) {
                assertThatThrownBy(() -> blob.upload(BinaryData.fromString("x")))
                        .isInstanceOfSatisfying(BlobStorageException.class, e -> {
                            assertThat(e.getStatusCode()).isEqualTo(fault.get(0));
                            assertThat(e.getErrorCode().toString()).isEqualTo(fault.get(1));
                        });
            }
            assertThatThrownBy(() -> blob.upload(BinaryData.fromString("x"))).isNotInstanceOf(BlobStorageException.class)
                    .hasRootCauseInstanceOf(IOException.class);
            assertThat(blob.exists()).as("nothing was written").isFalse();
        }
    }

    @Test
    void aRuleForAQueueOrAContainerHitsItAlone() {
        try (var server = start("""
                [{"fault": "ServerBusy", "services": "queue", "resource": "flaky"},
                 {"fault": "InternalError", "services": "blob", "resource": "flaky"}]
                """)) {
            queue(server, "steady", 1).sendMessage("fine");
            assertThat(queue(server, "steady", 1).peekMessage().getBody().toString()).isEqualTo("fine");
            QueueClient flakyQueue = new QueueClientBuilder().connectionString(server.connectionString())
                    .queueName("flaky").retryOptions(tries(1)).buildClient();
            assertThatThrownBy(() -> flakyQueue.sendMessage("x")).isInstanceOfSatisfying(QueueStorageException.class,
                    e -> assertThat(e.getErrorCode().toString()).isEqualTo("ServerBusy"));

            container(server, "steady", 1).getBlobClient("b").upload(BinaryData.fromString("fine"));
            BlobContainerClient flaky = new BlobServiceClientBuilder().connectionString(server.connectionString())
                    .retryOptions(tries(1)).buildClient().getBlobContainerClient("flaky");
            assertThatThrownBy(flaky::create).isInstanceOfSatisfying(BlobStorageException.class,
                    e -> assertThat(e.getErrorCode().toString()).isEqualTo("InternalError"));
        }
    }

    @Test
    void aFaultAfterTheOperationLeavesWhatItWrote() {
        try (var server = start("""
                [{"fault": "InternalError", "when": "after", "operations": "PutMessage", "limit": 1},
                 {"fault": "InternalError", "when": "after", "operations": "PutBlob", "limit": 1}]
                """)) {
            QueueClient queue = queue(server, "jobs", 1);
            assertThatThrownBy(() -> queue.sendMessage("sent")).isInstanceOf(QueueStorageException.class);
            assertThat(queue.peekMessage().getBody().toString()).isEqualTo("sent");

            BlobClient blob = container(server, "files", 1).getBlobClient("a.txt");
            assertThatThrownBy(() -> blob.upload(BinaryData.fromString("written")))
                    .isInstanceOf(BlobStorageException.class);
            assertThat(blob.downloadContent().toString()).isEqualTo("written");
        }
    }
}
