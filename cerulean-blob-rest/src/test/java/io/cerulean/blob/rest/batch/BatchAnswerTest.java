package io.cerulean.blob.rest.batch;

import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.blob.rest.routing.BlobOperation;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The multipart answer, byte for byte, as the SDKs split it. */
class BatchAnswerTest {
    private static final AzureRequest ANY = new AzureRequest("DELETE", "/a/c/b", Map.of(), new DefaultHttpHeaders(),
            new byte[0], false, "");

    private static String text(AzureResponse response) {
        return new String(response.body(), StandardCharsets.UTF_8);
    }

    @Test
    void eachPartHasItsContentIdStatusLineHeadersAndBodyInOrder() {
        AzureResponse deleted = AzureResponse.status(202).header("x-ms-delete-type-permanent", "true")
                .header("x-ms-request-id", "r1").header("x-ms-version", "2025-11-05");
        AzureResponse missing = AzureResponse.status(404).header("x-ms-error-code", "BlobNotFound")
                .body("application/xml", "<Error/>".getBytes(StandardCharsets.UTF_8))
                .header("x-ms-request-id", "r2").header("x-ms-version", "2025-11-05");
        List<BatchPart> parts = List.of(new BatchPart("0", ANY, BlobOperation.DELETE_BLOB),
                new BatchPart("1", ANY, BlobOperation.DELETE_BLOB));

        AzureResponse answer = new BatchAnswer("batchresponse_x", "2021-12-02").answers(parts, List.of(deleted, missing));

        assertThat(answer.status()).isEqualTo(202);
        assertThat(answer.headers()).contains(Map.entry("Content-Type", "multipart/mixed; boundary=batchresponse_x"));
        assertThat(text(answer)).isEqualTo("""
                --batchresponse_x\r
                Content-Type: application/http\r
                Content-ID: 0\r
                \r
                HTTP/1.1 202 Accepted\r
                x-ms-delete-type-permanent: true\r
                x-ms-request-id: r1\r
                x-ms-version: 2021-12-02\r
                \r
                --batchresponse_x\r
                Content-Type: application/http\r
                Content-ID: 1\r
                \r
                HTTP/1.1 404 Not Found\r
                x-ms-error-code: BlobNotFound\r
                Content-Type: application/xml\r
                x-ms-request-id: r2\r
                x-ms-version: 2021-12-02\r
                Content-Length: 8\r
                \r
                <Error/>\r
                --batchresponse_x--\r
                """);
    }

    @Test
    void aBatchRefusedAsAWholeIsOnePartWithoutContentId() {
        AzureResponse error = AzureResponse.status(400).header("x-ms-error-code", "InvalidInput")
                .body("application/xml", "<Error/>".getBytes(StandardCharsets.UTF_8));

        String text = text(new BatchAnswer("batchresponse_y", null).refused(error));

        assertThat(text).startsWith("--batchresponse_y\r\nContent-Type: application/http\r\n\r\nHTTP/1.1 400 Bad Request\r\n")
                .contains("x-ms-error-code: InvalidInput\r\n").endsWith("<Error/>\r\n--batchresponse_y--\r\n")
                .doesNotContain("Content-ID");
    }

    @Test
    void boundariesAreNewEachTime() {
        String first = BatchAnswer.withRandomBoundary(null).refused(AzureResponse.status(400)).headers().get(0).getValue();
        String second = BatchAnswer.withRandomBoundary(null).refused(AzureResponse.status(400)).headers().get(0).getValue();

        assertThat(first).startsWith("multipart/mixed; boundary=batchresponse_").isNotEqualTo(second);
    }
}
