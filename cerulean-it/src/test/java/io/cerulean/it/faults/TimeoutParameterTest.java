package io.cerulean.it.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.azure.core.exception.HttpResponseException;
import com.azure.core.http.HttpPipelineCallContext;
import com.azure.core.http.HttpPipelineNextPolicy;
import com.azure.core.http.HttpPipelineNextSyncPolicy;
import com.azure.core.http.HttpPipelinePosition;
import com.azure.core.http.HttpResponse;
import com.azure.core.http.policy.FixedDelayOptions;
import com.azure.core.http.policy.HttpPipelinePolicy;
import com.azure.core.http.policy.RetryOptions;
import com.azure.core.util.BinaryData;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableClientBuilder;
import com.azure.data.tables.TableServiceClientBuilder;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionActionType;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import com.azure.storage.blob.specialized.BlockBlobClient;
import com.azure.storage.common.policy.RequestRetryOptions;
import com.azure.storage.common.policy.RetryPolicyType;
import com.azure.storage.queue.QueueClient;
import com.azure.storage.queue.QueueClientBuilder;
import io.cerulean.it.EachStore;
import io.cerulean.it.ServerFixture;
import java.io.InputStream;
import java.net.MalformedURLException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import org.assertj.core.api.ThrowableAssert;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import reactor.core.publisher.Mono;

/**
 * The REST {@code timeout} parameter, as each service's SDK sends it: a deadline from the request's
 * arrival. A fast operation is answered as ever; one past its deadline is 500 OperationTimedOut and
 * changes nothing; a value that is not a whole number of at least 0 is 400 InvalidQueryParameterValue.
 */
class TimeoutParameterTest {
    private static final ServerFixture STORE = ServerFixture.chosenOr(ServerFixture.IN_MEMORY);

    /** Adds {@code timeout=value} to every request, before it is signed. */
    static HttpPipelinePolicy timeout(String value) {
        return new HttpPipelinePolicy() {
            @Override
            public Mono<HttpResponse> process(HttpPipelineCallContext context, HttpPipelineNextPolicy next) {
                add(context);
                return next.process();
            }

            @Override
            public HttpResponse processSync(HttpPipelineCallContext context, HttpPipelineNextSyncPolicy next) {
                add(context);
                return next.processSync();
            }

            private void add(HttpPipelineCallContext context) {
                URL url = context.getHttpRequest().getUrl();
                try {
                    context.getHttpRequest().setUrl(new URL(url + (url.getQuery() == null ? "?" : "&") + "timeout="
                            + value));
                } catch (MalformedURLException e) {
                    throw new IllegalStateException(e);
                }
            }

            @Override
            public HttpPipelinePosition getPipelinePosition() {
                return HttpPipelinePosition.PER_CALL;
            }
        };
    }

    private static final RequestRetryOptions ONE_TRY =
            new RequestRetryOptions(RetryPolicyType.FIXED, 1, (Integer) null, null, null, null);

    private static TableClient table(ServerFixture.RunningServer server, String name, String timeout) {
        new TableServiceClientBuilder().connectionString(server.connectionString()).buildClient()
                .createTableIfNotExists(name);
        return new TableClientBuilder().connectionString(server.connectionString()).tableName(name)
                .addPolicy(timeout(timeout))
                .retryOptions(new RetryOptions(new FixedDelayOptions(0, java.time.Duration.ofMillis(1)))).buildClient();
    }

    private static QueueClient queue(ServerFixture.RunningServer server, String name, String timeout) {
        new QueueClientBuilder().connectionString(server.connectionString()).queueName(name).buildClient()
                .createIfNotExists();
        return new QueueClientBuilder().connectionString(server.connectionString()).queueName(name)
                .addPolicy(timeout(timeout)).retryOptions(ONE_TRY).buildClient();
    }

    private static BlobContainerClient container(ServerFixture.RunningServer server, String name, String timeout) {
        new BlobServiceClientBuilder().connectionString(server.connectionString()).buildClient()
                .getBlobContainerClient(name).createIfNotExists();
        return new BlobServiceClientBuilder().connectionString(server.connectionString()).addPolicy(timeout(timeout))
                .retryOptions(ONE_TRY).buildClient().getBlobContainerClient(name);
    }

    private static void assertRefused(ThrowableAssert.ThrowingCallable call, int status, String code) {
        assertThatThrownBy(call).isInstanceOfSatisfying(HttpResponseException.class, e -> {
            assertThat(e.getResponse().getStatusCode()).isEqualTo(status);
            assertThat(e.getResponse().getHeaderValue("x-ms-error-code")).isEqualTo(code);
        });
    }

    @Test
    void aShortTimeoutOnAFastOperationChangesNothingInItsAnswerAndALongOneIsServedAsTheMost() {
        try (var server = STORE.start()) {
            for (String timeout : List.of("1", "3600")) {
                TableClient table = table(server, "fast" + timeout, timeout);
                table.createEntity(new TableEntity("p", "r").addProperty("N", 1));
                assertThat(table.getEntity("p", "r").getProperty("N")).isEqualTo(1);
                assertThat(table.listEntities()).hasSize(1);

                QueueClient queue = queue(server, "fast" + timeout, timeout);
                queue.sendMessage("m");
                assertThat(queue.receiveMessage().getBody().toString()).isEqualTo("m");

                BlobContainerClient container = container(server, "fast" + timeout, timeout);
                container.getBlobClient("b").upload(BinaryData.fromString("content"));
                assertThat(container.getBlobClient("b").downloadContent().toString()).isEqualTo("content");
                assertThat(container.listBlobs()).hasSize(1);
            }
        }
    }

    @Test
    void aTimeoutThatIsNotAWholeNumberOfAtLeastZeroIsAnInvalidQueryParameterValue() {
        try (var server = STORE.start()) {
            for (String bad : List.of("abc", "-1", "1.5")) {
                TableClient table = table(server, "bad", bad);
                assertRefused(() -> table.createEntity(new TableEntity("p", "r")), 400, "InvalidQueryParameterValue");
                QueueClient queue = queue(server, "bad", bad);
                assertRefused(() -> queue.sendMessage("m"), 400, "InvalidQueryParameterValue");
                BlobContainerClient container = container(server, "bad", bad);
                assertRefused(() -> container.getBlobClient("b").upload(BinaryData.fromString("x")), 400,
                        "InvalidQueryParameterValue");
            }
            assertThat(table(server, "bad", "1").listEntities()).isEmpty();
            assertThat(queue(server, "bad", "1").peekMessage()).isNull();
            assertThat(container(server, "bad", "1").listBlobs()).isEmpty();
        }
    }

    @ParameterizedTest
    @EachStore
    void anOperationPastItsDeadlineIsOperationTimedOutAndCommitsNothing(ServerFixture fixture) {
        try (var server = fixture.start()) {
            TableClient table = table(server, "late", "0");
            assertRefused(() -> table.createEntity(new TableEntity("p", "r")), 500, "OperationTimedOut");
            assertRefused(() -> table.submitTransaction(List.of(
                    new TableTransactionAction(TableTransactionActionType.CREATE, new TableEntity("p", "a")),
                    new TableTransactionAction(TableTransactionActionType.CREATE, new TableEntity("p", "b")))),
                    500, "OperationTimedOut");
            assertThat(table(server, "late", "5").listEntities()).isEmpty();

            QueueClient queue = queue(server, "late", "0");
            assertRefused(() -> queue.sendMessage("m"), 500, "OperationTimedOut");
            assertThat(queue(server, "late", "5").peekMessage()).isNull();

            BlobContainerClient container = container(server, "late", "0");
            assertRefused(() -> container.getBlobClient("b").upload(BinaryData.fromString("x")), 500,
                    "OperationTimedOut");
            assertThat(container(server, "late", "5").listBlobs()).isEmpty();
        }
    }

    @ParameterizedTest
    @EachStore
    void aSlowStreamedUploadPastItsTimeoutIsOperationTimedOutAndLeavesNoBlobNorBlock(ServerFixture fixture) {
        try (var server = fixture.start()) {
            BlockBlobClient blob = container(server, "slow", "1").getBlobClient("b").getBlockBlobClient();
            assertRefused(() -> blob.upload(new SlowStream(40), 40 * 1024L), 500, "OperationTimedOut");
            String blockId = Base64.getEncoder().encodeToString("block-1".getBytes(StandardCharsets.UTF_8));
            assertRefused(() -> blob.stageBlock(blockId, new SlowStream(40), 40 * 1024L), 500, "OperationTimedOut");

            BlockBlobClient patient = container(server, "slow", "30").getBlobClient("b").getBlockBlobClient();
            assertThat(patient.exists()).isFalse();
            assertRefused(() -> patient.commitBlockList(List.of(blockId)), 400, "InvalidBlockList");
        }
    }

    /** {@code kibibytes} KiB, one at a time, 100 ms apart: a client on a slow line. Markable, as the SDK asks. */
    private static final class SlowStream extends InputStream {
        private int left;
        private int marked;

        @Override
        public boolean markSupported() {
            return true;
        }

        @Override
        public synchronized void mark(int readLimit) {
            marked = left;
        }

        @Override
        public synchronized void reset() {
            left = marked;
        }

        SlowStream(int kibibytes) {
            this.left = kibibytes;
        }

        @Override
        public int read() {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0];
        }

        @Override
        public int read(byte[] buffer, int offset, int length) {
            if (left == 0) {
                return -1;
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            left--;
            int n = Math.min(length, 1024);
            java.util.Arrays.fill(buffer, offset, offset + n, (byte) 'x');
            return n;
        }
    }
}
