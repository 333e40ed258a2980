package io.cerulean.it.blob;

import static io.cerulean.it.blob.BlobErrors.assertBlobError;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.http.HttpHeaderName;
import com.azure.core.http.HttpMethod;
import com.azure.core.http.HttpRequest;
import com.azure.core.http.HttpResponse;
import com.azure.core.http.rest.Response;
import com.azure.core.util.BinaryData;
import com.azure.core.util.Context;
import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.models.BlobHttpHeaders;
import com.azure.storage.blob.models.BlobRange;
import com.azure.storage.blob.models.BlobType;
import com.azure.storage.blob.models.PageBlobItem;
import com.azure.storage.blob.models.PageRange;
import com.azure.storage.blob.specialized.PageBlobClient;
import io.cerulean.it.EachStore;
import io.cerulean.it.ServerFixture;
import java.io.ByteArrayInputStream;
import java.util.Arrays;
import java.util.List;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * Page blobs: created at a size that is a multiple of 512 and full of zeros, Put Page (update and
 * clear) on 512-aligned ranges inside the blob, Get Page Ranges, and the ranges the service refuses.
 */
class PageBlobTest {
    private static final ServerFixture ONE_STORE = ServerFixture.chosenOr(ServerFixture.IN_MEMORY);
    private static final BlobServers SERVERS = new BlobServers();

    @AfterAll
    static void stop() {
        SERVERS.close();
    }

    private static PageBlobClient pageBlob(ServerFixture store, String prefix, long size) {
        PageBlobClient blob = SERVERS.newContainer(store, prefix).getBlobClient("disk.vhd").getPageBlobClient();
        blob.create(size);
        return blob;
    }

    private static Response<PageBlobItem> write(PageBlobClient blob, long start, byte[] bytes) {
        return blob.uploadPagesWithResponse(new PageRange().setStart(start).setEnd(start + bytes.length - 1),
                new ByteArrayInputStream(bytes), null, null, null, Context.NONE);
    }

    private static List<Tuple> ranges(PageBlobClient blob) {
        return blob.listPageRanges(new BlobRange(0)).stream().filter(item -> !item.isClear())
                .map(item -> Tuple.tuple(item.getRange().getOffset(),
                        item.getRange().getOffset() + item.getRange().getLength() - 1))
                .toList();
    }

    @ParameterizedTest
    @EachStore
    void aNewPageBlobIsItsSizeInZeros(ServerFixture store) {
        PageBlobClient blob = pageBlob(store, "pnew", 4096);

        assertThat(blob.getProperties().getBlobType()).isEqualTo(BlobType.PAGE_BLOB);
        assertThat(blob.getProperties().getBlobSize()).isEqualTo(4096);
        assertThat(blob.downloadContent().toBytes()).isEqualTo(new byte[4096]);
        assertThat(ranges(blob)).isEmpty();
    }

    @ParameterizedTest
    @EachStore
    void writtenPagesAreReadBackAndListedAsRanges(ServerFixture store) {
        PageBlobClient blob = pageBlob(store, "pwrite", 4096);
        byte[] first = BlobData.randomBytes(10, 512);
        byte[] second = BlobData.randomBytes(11, 1024);

        Response<PageBlobItem> written = write(blob, 0, first);
        write(blob, 2048, second);

        assertThat(written.getStatusCode()).isEqualTo(201);
        byte[] expected = new byte[4096];
        System.arraycopy(first, 0, expected, 0, 512);
        System.arraycopy(second, 0, expected, 2048, 1024);
        assertThat(blob.downloadContent().toBytes()).isEqualTo(expected);
        assertThat(ranges(blob)).containsExactly(Tuple.tuple(0L, 511L), Tuple.tuple(2048L, 3071L));
    }

    @ParameterizedTest
    @EachStore
    void clearedPagesReadAsZerosAndLeaveTheRanges(ServerFixture store) {
        PageBlobClient blob = pageBlob(store, "pclear", 4096);
        write(blob, 0, BlobData.randomBytes(12, 512));
        byte[] kept = BlobData.randomBytes(13, 512);
        write(blob, 1024, kept);

        blob.clearPages(new PageRange().setStart(0).setEnd(511));

        byte[] contents = blob.downloadContent().toBytes();
        assertThat(Arrays.copyOfRange(contents, 0, 512)).isEqualTo(new byte[512]);
        assertThat(Arrays.copyOfRange(contents, 1024, 1536)).isEqualTo(kept);
        assertThat(ranges(blob)).containsExactly(Tuple.tuple(1024L, 1535L));
    }

    /** The SDK refuses such a size itself, so the request is sent through its pipeline, signed but unchecked. */
    @Test
    void aSizeThatIsNotAMultipleOf512IsRefused() {
        BlobClient blob = SERVERS.newContainer(ONE_STORE, "psize").getBlobClient("odd");

        HttpResponse response = send(blob, new HttpRequest(HttpMethod.PUT, blob.getBlobUrl())
                .setHeader(HttpHeaderName.fromString("x-ms-blob-type"), "PageBlob")
                .setHeader(HttpHeaderName.fromString("x-ms-blob-content-length"), "1000")
                .setBody(new byte[0]));

        assertThat(response.getStatusCode()).isEqualTo(400);
        assertThat(blob.exists()).isFalse();
    }

    /** A page blob is at most 8 TiB, on creation and on resizing; the SDK does not check, the service does. */
    @Test
    void aPageBlobOverEightTebibytesIsInvalidHeaderValue() {
        long eightTiB = 8L << 40;
        BlobClient blob = SERVERS.newContainer(ONE_STORE, "pmax").getBlobClient("huge");

        HttpResponse response = send(blob, new HttpRequest(HttpMethod.PUT, blob.getBlobUrl())
                .setHeader(HttpHeaderName.fromString("x-ms-blob-type"), "PageBlob")
                .setHeader(HttpHeaderName.fromString("x-ms-blob-content-length"), Long.toString(eightTiB + 512))
                .setBody(new byte[0]));

        assertThat(errorOf(response)).isEqualTo("400 InvalidHeaderValue");
        assertThat(blob.exists()).isFalse();
        PageBlobClient page = blob.getPageBlobClient();
        page.create(eightTiB);
        assertThat(page.getProperties().getBlobSize()).as("8 TiB exactly").isEqualTo(eightTiB);
        page.resize(1024);
        assertBlobError(() -> page.resize(eightTiB + 512), 400, "InvalidHeaderValue");
        assertThat(page.getProperties().getBlobSize()).isEqualTo(1024);
    }

    /**
     * {@code x-ms-blob-content-md5} on creation is a property, kept as sent whatever its length; the
     * service answers Content-MD5 to Put Blob for a block blob only.
     */
    @ParameterizedTest
    @EachStore
    void createKeepsAnMd5OfAnotherLengthAndAnswersNoContentMd5(ServerFixture store) {
        PageBlobClient blob = SERVERS.newContainer(store, "pmd5").getBlobClient("disk.vhd").getPageBlobClient();
        byte[] fiveBytes = {1, 2, 3, 4, 5};

        Response<PageBlobItem> created = blob.createWithResponse(1024, null,
                new BlobHttpHeaders().setContentMd5(fiveBytes), null, null, null, Context.NONE);

        assertThat(created.getHeaders().getValue(HttpHeaderName.fromString("Content-MD5"))).isNull();
        assertThat(blob.getProperties().getContentMd5()).isEqualTo(fiveBytes);
    }

    /**
     * The SDK refuses unaligned ranges itself, so those requests are sent through its pipeline. Azurite
     * fails this test: it answers unaligned ranges with 400 InvalidOperation, and ranges past the end with
     * 416 but the code "Requested Range Not Satisfiable".
     */
    @Test
    void pagesThatAreNotAlignedOrOutsideTheBlobAreInvalidPageRange() {
        PageBlobClient blob = pageBlob(ONE_STORE, "prange", 1024);

        assertThat(errorOf(send(blob, putPage(blob, "bytes=0-99", new byte[100])))).isEqualTo("416 InvalidPageRange");
        assertThat(errorOf(send(blob, putPage(blob, "bytes=100-611", new byte[512]))))
                .isEqualTo("416 InvalidPageRange");
        assertBlobError(() -> write(blob, 1024, new byte[512]), 416, "InvalidPageRange");
        assertThat(ranges(blob)).isEmpty();
    }

    @ParameterizedTest
    @EachStore
    void writingPagesToABlockBlobIsInvalidBlobType(ServerFixture store) {
        BlobClient blob = SERVERS.newContainer(store, "ptype").getBlobClient("block");
        blob.upload(BinaryData.fromString("block"));

        assertBlobError(() -> write(blob.getPageBlobClient(), 0, new byte[512]), 409, "InvalidBlobType");
    }

    @ParameterizedTest
    @EachStore
    void resizingKeepsThePagesInside(ServerFixture store) {
        PageBlobClient blob = pageBlob(store, "presize", 1024);
        byte[] page = BlobData.randomBytes(14, 512);
        write(blob, 0, page);

        blob.resize(8192);

        assertThat(blob.getProperties().getBlobSize()).isEqualTo(8192);
        assertThat(Arrays.copyOfRange(blob.downloadContent().toBytes(), 0, 512)).isEqualTo(page);
        assertThat(ranges(blob)).containsExactly(Tuple.tuple(0L, 511L));
    }

    private static HttpRequest putPage(PageBlobClient blob, String range, byte[] body) {
        return new HttpRequest(HttpMethod.PUT, blob.getBlobUrl() + "?comp=page")
                .setHeader(HttpHeaderName.fromString("x-ms-page-write"), "update")
                .setHeader(HttpHeaderName.fromString("x-ms-range"), range).setBody(body);
    }

    /** Sends a request through the SDK's pipeline, which signs it with the account key. */
    private static HttpResponse send(com.azure.storage.blob.specialized.BlobClientBase blob, HttpRequest request) {
        request.setHeader(HttpHeaderName.fromString("x-ms-version"), "2025-01-05");
        return SignedRequests.send(blob.getHttpPipeline(), request);
    }

    private static String errorOf(HttpResponse response) {
        return response.getStatusCode() + " " + response.getHeaderValue(HttpHeaderName.fromString("x-ms-error-code"));
    }
}
