package io.cerulean.bench.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BlobRequestsTest {
    private static final String DATE = "Wed, 25 Nov 2026 17:51:42 GMT";
    private static final String V = BlobRequests.API_VERSION;
    private final SharedKey signer = new SharedKey(Target.DEV_ACCOUNT, Target.DEV_KEY);
    private final BlobRequests requests = new BlobRequests(Endpoint.parse(Target.DEV_BLOB_ENDPOINT), signer,
            () -> DATE);
    private final BlobRequests.Container photos = requests.container("photos");

    private static String head(Request request) {
        try {
            return request.head().toString(StandardCharsets.US_ASCII);
        } finally {
            request.release();
        }
    }

    private String signature(String method, long length, String contentType, Map<String, String> more, String target) {
        Map<String, String> headers = new java.util.HashMap<>(Map.of("x-ms-date", DATE, "x-ms-version", V));
        headers.putAll(more);
        return "\r\nAuthorization: SharedKey devstoreaccount1:" + signer.sign(SharedKey.stringToSign(method, length,
                contentType, headers, Target.DEV_ACCOUNT, target)) + "\r\n";
    }

    @Test
    void aPutBlockAddressesTheBlockByItsEncodedIdAndSignsTheDecodedOne() {
        Request put = photos.putBlock("cat one.jpg", "QUFBQQ==", Unpooled.wrappedBuffer(new byte[4]));
        assertThat(put.body().readableBytes()).isEqualTo(4);
        assertThat(put.discardBody()).isFalse();
        String target = "/devstoreaccount1/photos/cat%20one.jpg?comp=block&blockid=QUFBQQ%3D%3D";
        assertThat(head(put)).startsWith("PUT " + target + " HTTP/1.1\r\nHost: 127.0.0.1:10000\r\nx-ms-version: "
                        + V + "\r\n")
                .contains("\r\nx-ms-date: " + DATE + "\r\n", "\r\nContent-Length: 4\r\n",
                        signature("PUT", 4, null, Map.of(), target))
                .doesNotContain("Content-Type", "DataServiceVersion")
                .endsWith("\r\n\r\n");
    }

    @Test
    void aPutBlobNamesItsTypeInASignedHeader() {
        Request put = photos.putBlob("a/b", Unpooled.wrappedBuffer(new byte[1024]));
        assertThat(head(put)).startsWith("PUT /devstoreaccount1/photos/a/b HTTP/1.1\r\n")
                .contains("\r\nx-ms-blob-type: BlockBlob\r\n", "\r\nContent-Length: 1024\r\n",
                        signature("PUT", 1024, null, Map.of("x-ms-blob-type", "BlockBlob"),
                                "/devstoreaccount1/photos/a/b"));
    }

    @Test
    void aPutBlockListCommitsTheLatestOfEveryBlockInOrder() {
        Request put = photos.putBlockList("b", List.of("QUFBQQ==", "QkJCQg=="));
        String body = put.body().toString(StandardCharsets.UTF_8);
        assertThat(body).isEqualTo("<?xml version=\"1.0\" encoding=\"utf-8\"?><BlockList><Latest>QUFBQQ==</Latest>"
                + "<Latest>QkJCQg==</Latest></BlockList>");
        assertThat(head(put)).startsWith("PUT /devstoreaccount1/photos/b?comp=blocklist HTTP/1.1\r\n")
                .contains("\r\nContent-Type: application/xml\r\n", signature("PUT", body.length(), "application/xml",
                        Map.of(), "/devstoreaccount1/photos/b?comp=blocklist"));
    }

    @Test
    void downloadsDiscardTheirBodyAndRangesAreAskedForWithXmsRange() {
        Request download = photos.download("big");
        assertThat(download.discardBody()).isTrue();
        assertThat(head(download)).startsWith("GET /devstoreaccount1/photos/big HTTP/1.1\r\n")
                .contains("\r\nContent-Length: 0\r\n");
        assertThat(photos.getBlob("big").discardBody()).isFalse();
        assertThat(head(photos.getRange("big", 10, 41))).contains("\r\nx-ms-range: bytes=10-41\r\n",
                signature("GET", 0, null, Map.of("x-ms-range", "bytes=10-41"), "/devstoreaccount1/photos/big"));
    }

    @Test
    void findBlobsByTagsEncodesItsFilterAndSignsItDecoded() {
        Request find = photos.findBlobsByTags("\"project\" = 'p7'", "2!8!Yw--");
        String target = "/devstoreaccount1/photos?restype=container&comp=blobs&where=%22project%22%20%3D%20%27p7%27"
                + "&marker=2%218%21Yw--";
        assertThat(head(find)).startsWith("GET " + target + " HTTP/1.1\r\n")
                .contains(signature("GET", 0, null, Map.of(), target));
        assertThat(SharedKey.stringToSign("GET", 0, null, Map.of(), "a", target))
                .endsWith("\nwhere:\"project\" = 'p7'");
        assertThat(head(photos.listBlobsWithTags(null)))
                .startsWith("GET /devstoreaccount1/photos?restype=container&comp=list&include=tags HTTP/1.1\r\n");
    }

    @Test
    void taggedBlobsCrc64BlocksAndDeletesSignTheirHeaders() {
        assertThat(head(photos.putTaggedBlob("t", "project=p7"))).contains("\r\nx-ms-tags: project=p7\r\n",
                "\r\nContent-Length: 0\r\n", signature("PUT", 0, null, Map.of("x-ms-blob-type", "BlockBlob",
                        "x-ms-tags", "project=p7"), "/devstoreaccount1/photos/t"));
        String target = "/devstoreaccount1/photos/b?comp=block&blockid=QUFBQQ%3D%3D";
        assertThat(head(photos.putBlock("b", "QUFBQQ==", Unpooled.wrappedBuffer(new byte[4]), "iJh5CoYUi64=")))
                .contains("\r\nx-ms-content-crc64: iJh5CoYUi64=\r\n",
                        signature("PUT", 4, null, Map.of("x-ms-content-crc64", "iJh5CoYUi64="), target));
        assertThat(head(photos.deleteBlob("b"))).startsWith("DELETE /devstoreaccount1/photos/b HTTP/1.1\r\n")
                .contains(signature("DELETE", 0, null, Map.of(), "/devstoreaccount1/photos/b"));
    }

    @Test
    void containersAndTheProbe() {
        assertThat(head(requests.createContainer("c1"))).startsWith("PUT /devstoreaccount1/c1?restype=container HTTP/1.1\r\n")
                .contains(signature("PUT", 0, null, Map.of(), "/devstoreaccount1/c1?restype=container"));
        assertThat(head(requests.deleteContainer("c1"))).startsWith("DELETE /devstoreaccount1/c1?restype=container ");
        assertThat(head(requests.probe())).startsWith("GET /devstoreaccount1/?comp=list&maxresults=1 HTTP/1.1\r\n");
    }

    @Test
    void namesArePercentEncodedAsAPathAndIdsAsAQueryValue() {
        assertThat(BlobRequests.encodePath("dir/na me+ü.txt")).isEqualTo("dir/na%20me%2B%C3%BC.txt");
        assertThat(BlobRequests.encodeQuery("ab+/=")).isEqualTo("ab%2B%2F%3D");
        assertThat(BlobRequests.encodePath("plain-name_1.~")).isEqualTo("plain-name_1.~");
    }
}
