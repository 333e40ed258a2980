package io.cerulean.bench.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BatchBodyTest {
    private static final String DATE = "Wed, 25 Nov 2026 17:51:42 GMT";
    private final SharedKey signer = new SharedKey(Target.DEV_ACCOUNT, Target.DEV_KEY);

    private String authorization(String path) {
        return "SharedKey devstoreaccount1:" + signer.sign("DELETE\n\n\n\n\n\n\n\n\n\n\n\nx-ms-date:" + DATE
                + "\n/devstoreaccount1" + path);
    }

    @Test
    void eachDeleteIsAnApplicationHttpPartSignedOverItsOwnPathAndDate() {
        List<String> paths = List.of("/devstoreaccount1/c/a", "/devstoreaccount1/c/b%20c");

        String body = new String(BatchBody.deletes("batch_x", paths, DATE, signer), StandardCharsets.US_ASCII);

        assertThat(body).isEqualTo("--batch_x\r\n"
                + "Content-Type: application/http\r\n"
                + "Content-Transfer-Encoding: binary\r\n"
                + "Content-ID: 0\r\n"
                + "\r\n"
                + "DELETE /devstoreaccount1/c/a HTTP/1.1\r\n"
                + "x-ms-date: " + DATE + "\r\n"
                + "Authorization: " + authorization("/devstoreaccount1/c/a") + "\r\n"
                + "Content-Length: 0\r\n"
                + "\r\n"
                + "--batch_x\r\n"
                + "Content-Type: application/http\r\n"
                + "Content-Transfer-Encoding: binary\r\n"
                + "Content-ID: 1\r\n"
                + "\r\n"
                + "DELETE /devstoreaccount1/c/b%20c HTTP/1.1\r\n"
                + "x-ms-date: " + DATE + "\r\n"
                + "Authorization: " + authorization("/devstoreaccount1/c/b%20c") + "\r\n"
                + "Content-Length: 0\r\n"
                + "\r\n"
                + "--batch_x--\r\n");
    }

    @Test
    void aSubRequestsSignatureLeavesItsZeroContentLengthEmpty() {
        String sts = SharedKey.stringToSign("DELETE", 0, null, Map.of("x-ms-date", DATE), Target.DEV_ACCOUNT,
                "/devstoreaccount1/c/a");
        assertThat(sts).isEqualTo("DELETE\n\n\n\n\n\n\n\n\n\n\n\nx-ms-date:" + DATE + "\n/devstoreaccount1/devstoreaccount1/c/a");
    }

    @Test
    void theBatchIsPostedToItsContainerWithItsBoundaryInTheSignedContentType() {
        BlobRequests requests = new BlobRequests(Endpoint.parse(Target.DEV_BLOB_ENDPOINT), signer, () -> DATE);

        Request batch = requests.container("c").deleteBatch(List.of("a", "b"));
        String head = batch.head().toString(StandardCharsets.US_ASCII);
        String body = batch.body().toString(StandardCharsets.US_ASCII);
        batch.release();

        String boundary = head.replaceAll("(?s).*Content-Type: multipart/mixed; boundary=(batch_[0-9a-f-]+)\r\n.*", "$1");
        assertThat(boundary).startsWith("batch_").hasSize(6 + 36);
        assertThat(head).startsWith("POST /devstoreaccount1/c?restype=container&comp=batch HTTP/1.1\r\n")
                .contains("\r\nContent-Length: " + body.length() + "\r\n");
        assertThat(body).startsWith("--" + boundary + "\r\n").endsWith("--" + boundary + "--\r\n")
                .contains("DELETE /devstoreaccount1/c/a HTTP/1.1\r\n", "DELETE /devstoreaccount1/c/b HTTP/1.1\r\n");
    }

    @Test
    void theAnswersStatusesAreReadInOrder() {
        String answer = "--batchresponse_1\r\nContent-Type: application/http\r\nContent-ID: 0\r\n\r\n"
                + "HTTP/1.1 202 Accepted\r\nx-ms-delete-type-permanent: true\r\n\r\n"
                + "--batchresponse_1\r\nContent-Type: application/http\r\nContent-ID: 1\r\n\r\n"
                + "HTTP/1.1 404 The specified blob does not exist.\r\nx-ms-error-code: BlobNotFound\r\n\r\n"
                + "--batchresponse_1--";
        assertThat(BatchBody.statuses(answer)).containsExactly(202, 404);
        assertThat(BatchBody.statuses(Unpooled.EMPTY_BUFFER.toString(StandardCharsets.US_ASCII))).isEmpty();
    }
}
