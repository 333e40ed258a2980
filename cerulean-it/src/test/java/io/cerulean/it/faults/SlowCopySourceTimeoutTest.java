package io.cerulean.it.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.azure.core.exception.HttpResponseException;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import com.azure.storage.blob.specialized.AppendBlobClient;
import com.azure.storage.blob.specialized.BlockBlobClient;
import com.azure.storage.common.policy.RequestRetryOptions;
import com.azure.storage.common.policy.RetryPolicyType;
import com.sun.net.httpserver.HttpServer;
import io.cerulean.it.ServerFixture;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import org.assertj.core.api.ThrowableAssert;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The operations that read their bytes from a URL served elsewhere: a source slower than the request's
 * {@code timeout} makes each 500 OperationTimedOut, and nothing is written, since the deadline is
 * checked once the source is read and before the commit.
 */
class SlowCopySourceTimeoutTest {
    private static final ServerFixture STORE = ServerFixture.chosenOr(ServerFixture.IN_MEMORY);
    private static final byte[] BYTES = "bytes a slow server sends".getBytes(StandardCharsets.UTF_8);
    private static final RequestRetryOptions ONE_TRY =
            new RequestRetryOptions(RetryPolicyType.FIXED, 1, (Integer) null, null, null, null);
    private static HttpServer slowSource;

    @BeforeAll
    static void startSlowSource() throws IOException {
        slowSource = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        slowSource.createContext("/slow", exchange -> {
            try {
                Thread.sleep(2_500); // past the one second the requests below allow
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            exchange.getResponseHeaders().add("Content-Type", "application/octet-stream");
            boolean head = exchange.getRequestMethod().equals("HEAD");
            exchange.sendResponseHeaders(200, head ? -1 : BYTES.length);
            if (!head) {
                try (OutputStream body = exchange.getResponseBody()) {
                    body.write(BYTES);
                }
            }
            exchange.close();
        });
        slowSource.setExecutor(java.util.concurrent.Executors.newCachedThreadPool());
        slowSource.start();
    }

    @AfterAll
    static void stopSlowSource() {
        slowSource.stop(0);
    }

    private static String sourceUrl() {
        return "http://127.0.0.1:" + slowSource.getAddress().getPort() + "/slow/source.bin";
    }

    private static BlobContainerClient container(ServerFixture.RunningServer server, String timeout) {
        return new BlobServiceClientBuilder().connectionString(server.connectionString())
                .addPolicy(TimeoutParameterTest.timeout(timeout)).retryOptions(ONE_TRY).buildClient()
                .getBlobContainerClient("fromurl");
    }

    private static void assertTimedOut(ThrowableAssert.ThrowingCallable call) {
        assertThatThrownBy(call).isInstanceOfSatisfying(HttpResponseException.class, e -> {
            assertThat(e.getResponse().getStatusCode()).isEqualTo(500);
            assertThat(e.getResponse().getHeaderValue("x-ms-error-code")).isEqualTo("OperationTimedOut");
        });
    }

    @Test
    void eachOperationFromASlowUrlIsOperationTimedOutAndWritesNothing() {
        try (var server = STORE.start()) {
            BlobContainerClient patient = container(server, "30");
            patient.create();
            BlobContainerClient hasty = container(server, "1");

            assertTimedOut(() -> hasty.getBlobClient("copied").copyFromUrl(sourceUrl()));
            assertTimedOut(() -> hasty.getBlobClient("put").getBlockBlobClient().uploadFromUrl(sourceUrl()));
            String blockId = Base64.getEncoder().encodeToString("block-1".getBytes(StandardCharsets.UTF_8));
            assertTimedOut(() -> hasty.getBlobClient("staged").getBlockBlobClient()
                    .stageBlockFromUrl(blockId, sourceUrl(), null));
            AppendBlobClient log = patient.getBlobClient("log").getAppendBlobClient();
            log.create();
            assertTimedOut(() -> hasty.getBlobClient("log").getAppendBlobClient().appendBlockFromUrl(sourceUrl(),
                    null));

            assertThat(patient.getBlobClient("copied").exists()).isFalse();
            assertThat(patient.getBlobClient("put").exists()).isFalse();
            BlockBlobClient staged = patient.getBlobClient("staged").getBlockBlobClient();
            assertThatThrownBy(() -> staged.commitBlockList(List.of(blockId)))
                    .isInstanceOfSatisfying(HttpResponseException.class, e -> assertThat(
                            e.getResponse().getHeaderValue("x-ms-error-code")).isEqualTo("InvalidBlockList"));
            assertThat(log.getProperties().getBlobSize()).isZero();

            // The same source, waited for: written, so what the slow server sends is served.
            patient.getBlobClient("put").getBlockBlobClient().uploadFromUrl(sourceUrl());
            assertThat(patient.getBlobClient("put").downloadContent().toBytes()).isEqualTo(BYTES);
        }
    }
}
