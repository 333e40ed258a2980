package io.cerulean.it.blob;

import static io.cerulean.it.blob.BlobErrors.assertBlobError;
import static io.cerulean.it.blob.SignedRequests.errorOf;
import static io.cerulean.it.blob.SignedRequests.send;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.http.HttpHeaderName;
import com.azure.core.http.HttpMethod;
import com.azure.core.http.HttpResponse;
import com.azure.core.http.rest.Response;
import com.azure.core.util.BinaryData;
import com.azure.core.util.Context;
import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClient;
import com.azure.storage.blob.models.BlockListType;
import com.azure.storage.blob.specialized.AppendBlobClient;
import io.cerulean.it.EachStore;
import io.cerulean.it.ServerFixture;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * {@code x-ms-content-crc64}: checked on Put Blob, Put Block, Append Block and Put Page (400
 * Crc64Mismatch, nothing kept), answered on them, and a range's CRC-64 on a read that asks with
 * {@code x-ms-range-get-content-crc64}. The Java SDK of this version sends no CRC-64, so these
 * requests go through its pipeline, signed. The CRC-64s are the Azure SDK calculator's.
 */
class Crc64Test {
    private static final BlobServers SERVERS = new BlobServers();
    private static final byte[] DIGITS = "123456789".getBytes(StandardCharsets.US_ASCII);
    /** CRC-64 of "123456789". */
    private static final String DIGITS_CRC = "iJh5CoYUi64=";
    /** CRC-64 of "Hello World!": another body's. */
    private static final String OTHER_CRC = "peH8Xsgc5QI=";
    /** CRC-64 of 512 bytes, 'A' to 'Z' over and over. */
    private static final String PAGE_CRC = "CiuhgfiUU08=";
    private static final HttpHeaderName CRC64 = HttpHeaderName.fromString("x-ms-content-crc64");

    @AfterAll
    static void stop() {
        SERVERS.close();
    }

    @ParameterizedTest
    @EachStore
    void putBlockChecksTheCrc64AndKeepsNoBlockThatFails(ServerFixture store) {
        BlobClient blob = SERVERS.newContainer(store, "crcblock").getBlobClient("b");
        String block = BlobData.blockId("one");
        String url = blob.getBlobUrl() + "?comp=block&blockid=" + block;

        HttpResponse wrong = send(service(store), HttpMethod.PUT, url, DIGITS, "x-ms-content-crc64", OTHER_CRC);

        assertThat(errorOf(wrong)).isEqualTo("400 Crc64Mismatch");
        assertBlobError(() -> blob.getBlockBlobClient().listBlocks(BlockListType.UNCOMMITTED), 404, "BlobNotFound");

        HttpResponse right = send(service(store), HttpMethod.PUT, url, DIGITS, "x-ms-content-crc64", DIGITS_CRC);

        assertThat(right.getStatusCode()).isEqualTo(201);
        assertThat(right.getHeaderValue(CRC64)).isEqualTo(DIGITS_CRC);
        blob.getBlockBlobClient().commitBlockList(List.of(block));
        assertThat(blob.downloadContent().toString()).isEqualTo("123456789");
    }

    @ParameterizedTest
    @EachStore
    void putBlockAnswersItsCrc64WhenNoneWasSent(ServerFixture store) {
        BlobClient blob = SERVERS.newContainer(store, "crcnone").getBlobClient("b");

        Response<Void> staged = blob.getBlockBlobClient().stageBlockWithResponse(BlobData.blockId("x"),
                new ByteArrayInputStream(DIGITS), DIGITS.length, null, null, null, Context.NONE);

        assertThat(staged.getHeaders().getValue(CRC64)).isEqualTo(DIGITS_CRC);
    }

    /**
     * Put Block, Append Block and Put Page answer the checksum the client can check: from
     * 2019-02-02 on, the MD5 when one was sent and the CRC-64 when not; before, the MD5 alone.
     */
    @ParameterizedTest
    @EachStore
    void writesAnswerTheMd5WhenOneWasSentAndTheCrc64OtherwiseAsTheirVersionHasIt(ServerFixture store) {
        BlobClient blob = SERVERS.newContainer(store, "crcwhich").getBlobClient("b");
        String url = blob.getBlobUrl() + "?comp=block&blockid=";
        String md5 = Base64.getEncoder().encodeToString(BlobData.md5(DIGITS));
        HttpHeaderName contentMd5 = HttpHeaderName.CONTENT_MD5;

        HttpResponse withMd5 = send(service(store), HttpMethod.PUT, url + BlobData.blockId("a"), DIGITS,
                "Content-MD5", md5);
        HttpResponse without = send(service(store), HttpMethod.PUT, url + BlobData.blockId("b"), DIGITS);
        HttpResponse older = send(service(store), HttpMethod.PUT, url + BlobData.blockId("c"), DIGITS,
                "x-ms-version", "2018-11-09");

        assertThat(withMd5.getStatusCode()).isEqualTo(201);
        assertThat(withMd5.getHeaderValue(contentMd5)).isEqualTo(md5);
        assertThat(withMd5.getHeaderValue(CRC64)).isNull();
        assertThat(without.getHeaderValue(contentMd5)).isNull();
        assertThat(without.getHeaderValue(CRC64)).isEqualTo(DIGITS_CRC);
        assertThat(older.getHeaderValue(contentMd5)).isEqualTo(md5);
        assertThat(older.getHeaderValue(CRC64)).isNull();

        AppendBlobClient append = SERVERS.newContainer(store, "crcwhicha").getBlobClient("a").getAppendBlobClient();
        append.create();
        HttpResponse appended = send(service(store), HttpMethod.PUT, append.getBlobUrl() + "?comp=appendblock",
                DIGITS);
        assertThat(appended.getStatusCode()).isEqualTo(201);
        assertThat(appended.getHeaderValue(contentMd5)).isNull();
        assertThat(appended.getHeaderValue(CRC64)).isEqualTo(DIGITS_CRC);
    }

    @ParameterizedTest
    @EachStore
    void putBlobChecksTheCrc64AndCreatesNothingWhenItFails(ServerFixture store) {
        BlobClient blob = SERVERS.newContainer(store, "crcput").getBlobClient("b");

        HttpResponse wrong = send(service(store), HttpMethod.PUT, blob.getBlobUrl(), DIGITS,
                "x-ms-blob-type", "BlockBlob", "x-ms-content-crc64", OTHER_CRC);

        assertThat(errorOf(wrong)).isEqualTo("400 Crc64Mismatch");
        assertThat(blob.exists()).isFalse();

        HttpResponse right = send(service(store), HttpMethod.PUT, blob.getBlobUrl(), DIGITS,
                "x-ms-blob-type", "BlockBlob", "x-ms-content-crc64", DIGITS_CRC);

        assertThat(right.getStatusCode()).isEqualTo(201);
        assertThat(right.getHeaderValue(CRC64)).isEqualTo(DIGITS_CRC);
        assertThat(blob.downloadContent().toString()).isEqualTo("123456789");
    }

    @ParameterizedTest
    @EachStore
    void appendBlockChecksTheCrc64AndAppendsNothingWhenItFails(ServerFixture store) {
        BlobClient blob = SERVERS.newContainer(store, "crcapp").getBlobClient("log");
        blob.getAppendBlobClient().create();
        String url = blob.getBlobUrl() + "?comp=appendblock";

        HttpResponse wrong = send(service(store), HttpMethod.PUT, url, DIGITS, "x-ms-content-crc64", OTHER_CRC);

        assertThat(errorOf(wrong)).isEqualTo("400 Crc64Mismatch");
        assertThat(blob.getProperties().getBlobSize()).isZero();

        HttpResponse right = send(service(store), HttpMethod.PUT, url, DIGITS, "x-ms-content-crc64", DIGITS_CRC);

        assertThat(right.getStatusCode()).isEqualTo(201);
        assertThat(right.getHeaderValue(CRC64)).isEqualTo(DIGITS_CRC);
        assertThat(blob.downloadContent().toString()).isEqualTo("123456789");
    }

    @ParameterizedTest
    @EachStore
    void putPageChecksTheCrc64AndWritesNothingWhenItFails(ServerFixture store) {
        BlobClient blob = SERVERS.newContainer(store, "crcpage").getBlobClient("disk");
        blob.getPageBlobClient().create(1024);
        byte[] page = new byte[512];
        for (int i = 0; i < page.length; i++) {
            page[i] = (byte) ('A' + i % 26);
        }
        String url = blob.getBlobUrl() + "?comp=page";

        HttpResponse wrong = send(service(store), HttpMethod.PUT, url, page, "x-ms-page-write", "update",
                "x-ms-range", "bytes=512-1023", "x-ms-content-crc64", DIGITS_CRC);

        assertThat(errorOf(wrong)).isEqualTo("400 Crc64Mismatch");
        assertThat(blob.getPageBlobClient().getPageRanges(null).getPageRange()).isEmpty();

        HttpResponse right = send(service(store), HttpMethod.PUT, url, page, "x-ms-page-write", "update",
                "x-ms-range", "bytes=512-1023", "x-ms-content-crc64", PAGE_CRC);

        assertThat(right.getStatusCode()).isEqualTo(201);
        assertThat(right.getHeaderValue(CRC64)).isEqualTo(PAGE_CRC);
        assertThat(blob.getPageBlobClient().getPageRanges(null).getPageRange()).hasSize(1);
    }

    @ParameterizedTest
    @EachStore
    void aMalformedCrc64OrOneBesideAContentMd5IsRefusedBeforeAnythingIsKept(ServerFixture store) {
        BlobClient blob = SERVERS.newContainer(store, "crcbad").getBlobClient("b");

        HttpResponse shortOne = send(service(store), HttpMethod.PUT, blob.getBlobUrl(), DIGITS,
                "x-ms-blob-type", "BlockBlob", "x-ms-content-crc64", "AAAA");
        HttpResponse notBase64 = send(service(store), HttpMethod.PUT, blob.getBlobUrl(), DIGITS,
                "x-ms-blob-type", "BlockBlob", "x-ms-content-crc64", "not base64!");
        HttpResponse both = send(service(store), HttpMethod.PUT, blob.getBlobUrl(), DIGITS,
                "x-ms-blob-type", "BlockBlob", "x-ms-content-crc64", DIGITS_CRC,
                "Content-MD5", Base64.getEncoder().encodeToString(BlobData.md5(DIGITS)));

        assertThat(errorOf(shortOne)).isEqualTo("400 InvalidHeaderValue");
        assertThat(errorOf(notBase64)).isEqualTo("400 InvalidHeaderValue");
        assertThat(errorOf(both)).as("a write sending both checksums").isEqualTo("400 BothCrc64AndMd5HeaderPresent");
        assertThat(blob.exists()).isFalse();
    }

    @ParameterizedTest
    @EachStore
    void aRangedReadAnswersTheRangesCrc64WhenAsked(ServerFixture store) {
        BlobContainerClient container = SERVERS.newContainer(store, "crcread");
        BlobClient blob = container.getBlobClient("digits");
        blob.upload(BinaryData.fromBytes(DIGITS));

        HttpResponse range = send(service(store), HttpMethod.GET, blob.getBlobUrl(),
                "x-ms-range", "bytes=2-6", "x-ms-range-get-content-crc64", "true");
        HttpResponse whole = send(service(store), HttpMethod.GET, blob.getBlobUrl(),
                "x-ms-range-get-content-crc64", "true");
        HttpResponse both = send(service(store), HttpMethod.GET, blob.getBlobUrl(), "x-ms-range", "bytes=0-3",
                "x-ms-range-get-content-crc64", "true", "x-ms-range-get-content-md5", "true");

        assertThat(range.getStatusCode()).isEqualTo(206);
        assertThat(range.getHeaderValue(CRC64)).isEqualTo("dAXFSnqnI4c=");
        assertThat(errorOf(whole)).isEqualTo("400 InvalidHeaderValue");
        assertThat(errorOf(both)).isEqualTo("400 InvalidHeaderValue");
    }

    @ParameterizedTest
    @EachStore
    void aRangedCrc64IsForRangesUpTo4MiB(ServerFixture store) {
        BlobClient blob = SERVERS.newContainer(store, "crcbig").getBlobClient("big");
        blob.upload(BinaryData.fromBytes(new byte[4 * BlobData.MIB + 1]));

        HttpResponse atLimit = send(service(store), HttpMethod.GET, blob.getBlobUrl(),
                "x-ms-range", "bytes=0-" + (4 * BlobData.MIB - 1), "x-ms-range-get-content-crc64", "true");
        HttpResponse past = send(service(store), HttpMethod.GET, blob.getBlobUrl(),
                "x-ms-range", "bytes=0-" + 4 * BlobData.MIB, "x-ms-range-get-content-crc64", "true");

        assertThat(atLimit.getStatusCode()).isEqualTo(206);
        assertThat(atLimit.getHeaderValue(CRC64)).isNotNull();
        assertThat(errorOf(past)).isEqualTo("400 InvalidHeaderValue");
    }

    private static BlobServiceClient service(ServerFixture store) {
        return SERVERS.service(store);
    }
}
