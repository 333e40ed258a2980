package io.cerulean.it.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.azure.core.http.HttpPipelineCallContext;
import com.azure.core.http.HttpPipelineNextPolicy;
import com.azure.core.http.HttpPipelineNextSyncPolicy;
import com.azure.core.http.HttpPipelinePosition;
import com.azure.core.http.HttpResponse;
import com.azure.core.http.policy.HttpPipelinePolicy;
import com.azure.core.http.rest.Response;
import com.azure.core.util.BinaryData;
import com.azure.core.util.Context;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import com.azure.storage.blob.batch.BlobBatch;
import com.azure.storage.blob.batch.BlobBatchClient;
import com.azure.storage.blob.batch.BlobBatchClientBuilder;
import com.azure.storage.blob.models.BlobItem;
import com.azure.storage.blob.models.BlobStorageException;
import com.azure.storage.common.policy.RequestRetryOptions;
import com.azure.storage.common.policy.RetryPolicyType;
import io.cerulean.it.EachStore;
import io.cerulean.it.ServerFixture;
import java.net.MalformedURLException;
import java.net.URL;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import org.junit.jupiter.params.ParameterizedTest;
import reactor.core.publisher.Mono;

/**
 * A Blob Batch and the REST {@code timeout} parameter: its sub-requests are due when the batch is,
 * or sooner when one asks for less. A part that would start past its deadline is 500
 * OperationTimedOut and deletes nothing; a batch past its deadline before it runs runs none.
 */
class BlobBatchDeadlineTest {
    private static final RequestRetryOptions ONE_TRY =
            new RequestRetryOptions(RetryPolicyType.FIXED, 1, (Integer) null, null, null, null);

    @ParameterizedTest
    @EachStore
    void aBatchPastItsDeadlineIsOperationTimedOutAndDeletesNothing(ServerFixture fixture) {
        try (var server = fixture.start()) {
            BlobContainerClient container = seeded(server);
            BlobBatchClient batches = batchClient(server, url -> url.getQuery() != null
                    && url.getQuery().contains("comp=batch"));
            BlobBatch batch = batches.getBlobBatch();
            for (String name : List.of("a", "b", "c")) {
                batch.deleteBlob(container.getBlobClient(name).getBlobUrl());
            }

            BlobStorageException refused = catchThrowableOfType(() -> batches.submitBatch(batch),
                    BlobStorageException.class);
            assertThat(refused).as("the batch is refused").isNotNull();
            assertThat(refused.getStatusCode()).isEqualTo(500);
            assertThat(refused.getErrorCode().toString()).isEqualTo("OperationTimedOut");
            assertThat(container.listBlobs().stream().map(BlobItem::getName)).containsExactly("a", "b", "c");
        }
    }

    @ParameterizedTest
    @EachStore
    void aSubRequestPastItsDeadlineIsOperationTimedOutInItsPartAndDeletesNothing(ServerFixture fixture) {
        try (var server = fixture.start()) {
            BlobContainerClient container = seeded(server);
            // Only the second sub-request, deleting b, asks for timeout=0: it is due already, the others are not.
            // The SDK prepares each sub-request as it is added, on a placeholder URL its path later replaces.
            AtomicInteger subRequests = new AtomicInteger();
            BlobBatchClient batches = batchClient(server, url -> !String.valueOf(url.getQuery()).contains("comp=batch")
                    && subRequests.incrementAndGet() == 2);
            BlobBatch batch = batches.getBlobBatch();
            Response<Void> a = batch.deleteBlob(container.getBlobClient("a").getBlobUrl());
            Response<Void> b = batch.deleteBlob(container.getBlobClient("b").getBlobUrl());
            Response<Void> c = batch.deleteBlob(container.getBlobClient("c").getBlobUrl());

            assertThat(batches.submitBatchWithResponse(batch, false, null, Context.NONE).getStatusCode())
                    .isEqualTo(202);
            assertThat(a.getStatusCode()).isEqualTo(202);
            assertThat(c.getStatusCode()).isEqualTo(202);
            BlobStorageException late = catchThrowableOfType(b::getStatusCode, BlobStorageException.class);
            assertThat(late).as("b's part is refused").isNotNull();
            assertThat(late.getStatusCode()).isEqualTo(500);
            assertThat(late.getErrorCode().toString()).isEqualTo("OperationTimedOut");
            assertThat(container.listBlobs().stream().map(BlobItem::getName)).containsExactly("b");
        }
    }

    private static BlobContainerClient seeded(ServerFixture.RunningServer server) {
        BlobContainerClient container = new BlobServiceClientBuilder().connectionString(server.connectionString())
                .buildClient().createBlobContainer("late");
        for (String name : List.of("a", "b", "c")) {
            container.getBlobClient(name).upload(BinaryData.fromString(name));
        }
        return container;
    }

    /** A batch client whose requests, the batch's and its sub-requests', ask for timeout=0 where {@code late} says. */
    private static BlobBatchClient batchClient(ServerFixture.RunningServer server, Predicate<URL> late) {
        BlobServiceClient service = new BlobServiceClientBuilder().connectionString(server.connectionString())
                .addPolicy(timeoutZeroWhere(late)).retryOptions(ONE_TRY).buildClient();
        return new BlobBatchClientBuilder(service).buildClient();
    }

    private static HttpPipelinePolicy timeoutZeroWhere(Predicate<URL> late) {
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
                if (!late.test(url)) {
                    return;
                }
                try {
                    context.getHttpRequest().setUrl(new URL(url + (url.getQuery() == null ? "?" : "&") + "timeout=0"));
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
}
