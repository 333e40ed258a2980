package io.cerulean.blob.rest.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.cerulean.blob.rest.resource.BlobResource;
import io.cerulean.blob.rest.resource.BlobResourceKind;
import io.cerulean.blob.rest.routing.BlobOperation;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.message.AzureRequest;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.HttpHeaders;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A batch body read into its sub-requests, and the batches refused as a whole before any runs. */
class BatchBodyTest {
    private static final BlobResource ACCOUNT = new BlobResource("devstoreaccount1", false, BlobResourceKind.SERVICE,
            null, null);
    private static final BlobResource CONTAINER = new BlobResource("devstoreaccount1", false,
            BlobResourceKind.CONTAINER, "c", null);

    private static AzureRequest batch(String contentType, String body, String... headers) {
        HttpHeaders httpHeaders = new DefaultHttpHeaders();
        if (contentType != null) {
            httpHeaders.add("Content-Type", contentType);
        }
        for (int i = 0; i < headers.length; i += 2) {
            httpHeaders.add(headers[i], headers[i + 1]);
        }
        return new AzureRequest("POST", "/devstoreaccount1/", Map.of("comp", List.of("batch")), httpHeaders,
                body.getBytes(StandardCharsets.UTF_8), true, "10.0.0.7");
    }

    private static AzureRequest batch(String body) {
        return batch("multipart/mixed; boundary=batch_1", body + "--batch_1--\r\n");
    }

    /** A part as the Java SDK writes it: MIME headers, Content-ID, a blank line, the request. */
    private static String part(int id, String request) {
        return "--batch_1\r\nContent-Type: application/http\r\nContent-Transfer-Encoding: binary\r\nContent-ID: " + id
                + "\r\n\r\n" + request + "\r\n\r\n";
    }

    private static String refusal(BlobResource scope, AzureRequest request) {
        ServiceException e = catchThrowableOfType(ServiceException.class, () -> BatchBody.read(scope, request));
        assertThat(e).as("should be refused").isNotNull();
        return e.errorCode().status() + " " + e.errorCode().code();
    }

    @Test
    void readsEachSubRequestAsARequestAloneWouldBe() {
        List<BatchPart> parts = BatchBody.read(ACCOUNT, batch(
                part(0, "DELETE /devstoreaccount1/c/a%20b HTTP/1.1\r\nx-ms-date: now\r\nAuthorization: SharedKey x:y\r\n"
                        + "Content-Length: 0")
                + part(1, "DELETE /devstoreaccount1/c/d?snapshot=2026-01-01T00%3A00%3A00.0000000Z&sig=s%2Bt HTTP/1.1")));

        assertThat(parts).extracting(BatchPart::contentId).containsExactly("0", "1");
        assertThat(parts).extracting(BatchPart::operation).containsOnly(BlobOperation.DELETE_BLOB);
        AzureRequest first = parts.get(0).request();
        assertThat(first.method()).isEqualTo("DELETE");
        assertThat(first.rawPath()).isEqualTo("/devstoreaccount1/c/a%20b");
        assertThat(first.header("Authorization")).isEqualTo("SharedKey x:y");
        assertThat(first.header("x-ms-date")).isEqualTo("now");
        assertThat(first.body()).isEmpty();
        assertThat(first.secure()).as("it came over the batch's connection").isTrue();
        assertThat(first.clientAddress()).isEqualTo("10.0.0.7");
        AzureRequest second = parts.get(1).request();
        assertThat(second.queryParameter("snapshot")).isEqualTo("2026-01-01T00:00:00.0000000Z");
        assertThat(second.queryParameter("sig")).isEqualTo("s+t");
    }

    @Test
    void setTierRequestsAndLfOnlyLinesAreRead() {
        String body = "--batch_1\nContent-Type: application/http\nContent-ID: 7\n\n"
                + "PUT /devstoreaccount1/c/a?comp=tier HTTP/1.1\nx-ms-access-tier: Cool\n\n--batch_1--\n";

        List<BatchPart> parts = BatchBody.read(CONTAINER, batch("multipart/mixed; boundary=batch_1", body));

        assertThat(parts).singleElement().satisfies(part -> {
            assertThat(part.operation()).isEqualTo(BlobOperation.SET_BLOB_TIER);
            assertThat(part.contentId()).isEqualTo("7");
            assertThat(part.request().header("x-ms-access-tier")).isEqualTo("Cool");
        });
    }

    @Test
    void aHostStyleBatchLendsItsHostToSubRequestsThatNameNone() {
        AzureRequest request = batch("multipart/mixed; boundary=batch_1",
                part(0, "DELETE /c/a HTTP/1.1") + "--batch_1--\r\n", "Host", "devstoreaccount1.blob.localhost:10000");

        List<BatchPart> parts = BatchBody.read(ACCOUNT, request);

        assertThat(parts.get(0).request().header("Host")).isEqualTo("devstoreaccount1.blob.localhost:10000");
        assertThat(parts.get(0).operation()).isEqualTo(BlobOperation.DELETE_BLOB);
    }

    @Test
    void atMost256SubRequests() {
        String del = part(0, "DELETE /devstoreaccount1/c/a HTTP/1.1");

        assertThat(BatchBody.read(ACCOUNT, batch(del.repeat(256)))).hasSize(256);
        assertThat(refusal(ACCOUNT, batch(del.repeat(257)))).isEqualTo("400 ExceedsMaxBatchRequestCount");
        assertThat(refusal(ACCOUNT, batch(del.repeat(100_000)))).isEqualTo("400 ExceedsMaxBatchRequestCount");
    }

    @Test
    void aBatchOfBothKindsIsRefused() {
        assertThat(refusal(ACCOUNT, batch(part(0, "DELETE /devstoreaccount1/c/a HTTP/1.1")
                + part(1, "PUT /devstoreaccount1/c/b?comp=tier HTTP/1.1\r\nx-ms-access-tier: Hot"))))
                .isEqualTo("400 AllBatchSubRequestsShouldBeSameApi");
    }

    @Test
    void whatIsNotABatchOfDeletesOrTierChangesIsInvalidInput() {
        String ok = part(0, "DELETE /devstoreaccount1/c/a HTTP/1.1");
        List<AzureRequest> refused = List.of(
                batch(null, ok),
                batch("application/json", ok),
                batch("multipart/mixed", ok),
                batch("multipart/mixed; boundary=batch_1", "no delimiter at all"),
                batch(""),
                batch("--batch_1\r\nContent-Type: text/plain\r\n\r\nDELETE /devstoreaccount1/c/a HTTP/1.1\r\n\r\n"),
                batch(part(0, "not a request line at all, it has too many words")),
                batch(part(0, "")),
                batch(part(0, "DELETE /devstoreaccount1/c/a HTTP/1.1\r\nno colon here")),
                batch(part(0, "GET /devstoreaccount1/c/a HTTP/1.1")),
                batch(part(0, "PUT /devstoreaccount1/c/a HTTP/1.1")),
                batch(part(0, "DELETE /devstoreaccount1/c?restype=container HTTP/1.1")),
                batch(part(0, "POST /devstoreaccount1/?comp=batch HTTP/1.1")),
                batch(part(0, "DELETE /devstoreaccount1/c/a%zz HTTP/1.1")),
                batch(part(0, "DELETE /devstoreaccount1-secondary/c/a HTTP/1.1")));

        for (AzureRequest request : refused) {
            assertThat(refusal(ACCOUNT, request)).as(new String(request.body(), StandardCharsets.UTF_8))
                    .startsWith("400 Invalid");
        }
        assertThat(refusal(ACCOUNT, batch(""))).isEqualTo("400 InvalidInput");
        assertThat(refusal(ACCOUNT, batch(part(0, "GET /devstoreaccount1/c/a HTTP/1.1")))).isEqualTo("400 InvalidInput");
    }

    @Test
    void aPathWithoutTheAccountIsTheBatchsAccounts() {
        List<BatchPart> parts = BatchBody.read(ACCOUNT, batch(part(0, "DELETE /c/a HTTP/1.1")
                + part(1, "DELETE /otheraccount/c/a HTTP/1.1") + part(2, "DELETE /devstoreaccount1/c/b HTTP/1.1")));

        assertThat(parts).extracting(BatchPart::blob).containsExactly("c/a", "otheraccount/c/a", "c/b");
        assertThat(BatchBody.read(CONTAINER, batch(part(0, "DELETE /c/a HTTP/1.1")))).hasSize(1);
        assertThat(refusal(CONTAINER, batch(part(0, "DELETE /other/a HTTP/1.1")))).isEqualTo("400 InvalidInput");
    }

    @Test
    void aContainersBatchHoldsItsOwnBlobsOnly() {
        assertThat(BatchBody.read(CONTAINER, batch(part(0, "DELETE /devstoreaccount1/c/a HTTP/1.1")))).hasSize(1);
        assertThat(refusal(CONTAINER, batch(part(0, "DELETE /devstoreaccount1/c/a HTTP/1.1")
                + part(1, "DELETE /devstoreaccount1/other/a HTTP/1.1")))).isEqualTo("400 InvalidInput");
    }
}
