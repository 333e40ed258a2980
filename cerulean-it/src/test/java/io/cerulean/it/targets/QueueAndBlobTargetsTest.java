package io.cerulean.it.targets;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.exception.HttpResponseException;
import com.azure.core.util.BinaryData;
import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import com.azure.storage.blob.models.BlobStorageException;
import com.azure.storage.common.policy.RequestRetryOptions;
import com.azure.storage.common.policy.RetryPolicyType;
import com.azure.storage.queue.QueueClient;
import com.azure.storage.queue.QueueServiceClient;
import com.azure.storage.queue.QueueServiceClientBuilder;
import com.azure.storage.queue.models.QueueStorageException;
import io.cerulean.app.Cerulean;
import io.cerulean.http.throttle.ScalabilityTargets;
import io.cerulean.it.ServerFixture;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A queue's and a blob's scalability targets, lowered to 10 messages and 10 requests a second with a
 * burst of 20, through the Java Queue and Blob SDKs: past a target a client without retries gets 503
 * ServerBusy with Azure's message, and the refused message is not put; another queue or blob is served
 * meanwhile; Get Messages counts the messages it asks for; the Queue SDK's default retries get
 * everything done.
 */
class QueueAndBlobTargetsTest {
    private static final AtomicInteger NAMES = new AtomicInteger();
    private static ServerFixture.RunningServer server;
    private static Cerulean cerulean;
    private static QueueServiceClient queues;
    private static BlobContainerClient container;

    @BeforeAll
    static void start() {
        server = ServerFixture.chosenOr(ServerFixture.IN_MEMORY).start(builder -> builder
                .services(java.util.Set.of(Cerulean.Service.QUEUE, Cerulean.Service.BLOB))
                .scalabilityTargets(ScalabilityTargets.azure().with("queue-messages-per-second=10")
                        .with("blob-requests-per-second=10").with("burst-seconds=2")));
        cerulean = server.cerulean();
        queues = new QueueServiceClientBuilder().connectionString(cerulean.connectionString())
                .retryOptions(oneTry()).buildClient();
        container = new BlobServiceClientBuilder().connectionString(cerulean.connectionString())
                .retryOptions(oneTry()).buildClient().createBlobContainer("targets");
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    static RequestRetryOptions oneTry() {
        return new RequestRetryOptions(RetryPolicyType.FIXED, 1, (Integer) null, null, null, null);
    }

    private static QueueClient newQueue() {
        return queues.createQueue("target-" + NAMES.incrementAndGet());
    }

    /** Puts messages 0..count-1 one after the other; those refused. */
    private static List<Integer> put(QueueClient queue, int count) {
        List<Integer> refused = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            try {
                queue.sendMessage("message " + i);
            } catch (QueueStorageException e) {
                assertServerBusy(e, TablePartitionTargetTest.BUSY);
                refused.add(i);
            }
        }
        return refused;
    }

    /** 503 ServerBusy without Retry-After, and {@code message} in the XML error (a HEAD's answer has none). */
    static void assertServerBusy(HttpResponseException e, String message) {
        assertThat(e.getResponse().getStatusCode()).isEqualTo(503);
        assertThat(e.getResponse().getHeaderValue("x-ms-error-code")).isEqualTo("ServerBusy");
        if (!e.getResponse().getRequest().getHttpMethod().name().equals("HEAD")) {
            assertThat(e.getMessage()).contains("<Code>ServerBusy</Code><Message>" + message + "\nRequestId:");
        }
        assertThat(e.getResponse().getHeaderValue("Retry-After")).as("Azure sends none when it throttles").isNull();
    }

    @Test
    void aQueuePastItsTargetIsBusyTheRefusedMessagesAreNotPutAndAnotherQueueIsServed() {
        QueueClient hot = newQueue();
        List<Integer> refused = put(hot, 60);
        assertThat(refused).isNotEmpty();
        assertThat(refused.get(0)).isGreaterThanOrEqualTo(19); // the burst, less the Create Queue
        assertThat(put(newQueue(), 15)).isEmpty();
        TablePartitionTargetTest.pause(2_100);
        assertThat(hot.getProperties().getApproximateMessagesCount()).isEqualTo(60 - refused.size());
    }

    @Test
    void getMessagesCountsTheMessagesItAsksFor() {
        QueueClient queue = newQueue(); // 1 of the queue's 20
        assertThat(put(queue, 9)).isEmpty(); // 10 left
        QueueStorageException refused = org.assertj.core.api.Assertions.catchThrowableOfType(
                () -> queue.receiveMessages(20).stream().count(), QueueStorageException.class);
        assertServerBusy(refused, TablePartitionTargetTest.BUSY); // nine messages there, twenty asked for
        assertThat(queue.receiveMessages(10).stream().count()).isEqualTo(9);
    }

    @Test
    void theQueueSdksDefaultRetriesGetEverythingDone() {
        String name = newQueue().getQueueName();
        QueueClient retrying = new QueueServiceClientBuilder().connectionString(cerulean.connectionString())
                .buildClient().getQueueClient(name);
        for (int i = 0; i < 40; i++) {
            retrying.sendMessage("message " + i);
        }
        assertThat(retrying.getProperties().getApproximateMessagesCount()).isEqualTo(40);
    }

    @Test
    void aBlobPastItsTargetIsBusyAndAnotherBlobIsServed() {
        BlobClient hot = container.getBlobClient("hot-" + NAMES.incrementAndGet());
        BlobClient cold = container.getBlobClient("cold-" + NAMES.incrementAndGet());
        hot.upload(BinaryData.fromString("hot"));
        cold.upload(BinaryData.fromString("cold"));
        int refused = 0;
        for (int i = 0; i < 60; i++) {
            try {
                hot.getProperties();
            } catch (BlobStorageException e) {
                assertServerBusy(e, TablePartitionTargetTest.BUSY);
                refused++;
            }
        }
        assertThat(refused).isPositive();
        for (int i = 0; i < 15; i++) {
            assertThat(cold.getProperties().getBlobSize()).isEqualTo(4);
        }
    }
}
