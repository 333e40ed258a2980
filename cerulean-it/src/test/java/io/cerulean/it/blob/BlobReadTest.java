package io.cerulean.it.blob;

import static io.cerulean.it.blob.BlobErrors.assertBlobError;
import static io.cerulean.it.blob.BlobErrors.assertBlobStatus;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.util.BinaryData;
import com.azure.core.util.Context;
import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.models.BlobDownloadResponse;
import com.azure.storage.blob.models.BlobItem;
import com.azure.storage.blob.models.BlobProperties;
import com.azure.storage.blob.models.BlobRange;
import com.azure.storage.blob.models.BlobRequestConditions;
import com.azure.storage.blob.options.BlobParallelUploadOptions;
import io.cerulean.it.EachStore;
import io.cerulean.it.ServerFixture;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * Get Blob and Get Blob Properties: ranges (206 with Content-Range, 416 past the end), conditional
 * reads (412 for If-Match and If-Unmodified-Since, 304 for If-None-Match and If-Modified-Since, 400
 * for If-None-Match: *), missing blobs, and metadata names in their original case.
 */
class BlobReadTest {
    private static final ServerFixture ONE_STORE = ServerFixture.chosenOr(ServerFixture.IN_MEMORY);
    private static final BlobServers SERVERS = new BlobServers();
    private static final byte[] CONTENTS = "0123456789abcdefghij".getBytes(StandardCharsets.US_ASCII);

    @AfterAll
    static void stop() {
        SERVERS.close();
    }

    private static BlobClient twentyBytes(ServerFixture store, String prefix) {
        BlobClient blob = SERVERS.newContainer(store, prefix).getBlobClient("twenty.txt");
        blob.upload(BinaryData.fromBytes(CONTENTS));
        return blob;
    }

    private static BlobDownloadResponse download(BlobClient blob, ByteArrayOutputStream out, BlobRange range,
            BlobRequestConditions conditions) {
        return blob.downloadStreamWithResponse(out, range, null, conditions, false, null, Context.NONE);
    }

    @ParameterizedTest
    @EachStore
    void aRangeIsAnswered206WithItsBytesAndContentRange(ServerFixture store) {
        BlobClient blob = twentyBytes(store, "range");
        ByteArrayOutputStream out = new ByteArrayOutputStream();

        BlobDownloadResponse response = download(blob, out, new BlobRange(2, 5L), null);

        assertThat(response.getStatusCode()).isEqualTo(206);
        assertThat(out.toString(StandardCharsets.US_ASCII)).isEqualTo("23456");
        assertThat(response.getDeserializedHeaders().getContentRange()).isEqualTo("bytes 2-6/20");
        assertThat(response.getDeserializedHeaders().getContentLength()).isEqualTo(5);
    }

    @ParameterizedTest
    @EachStore
    void aRangeFromAnOffsetOrPastTheEndStopsAtTheLastByte(ServerFixture store) {
        BlobClient blob = twentyBytes(store, "tail");
        ByteArrayOutputStream fromOffset = new ByteArrayOutputStream();
        ByteArrayOutputStream overTheEnd = new ByteArrayOutputStream();

        BlobDownloadResponse offsetOnly = download(blob, fromOffset, new BlobRange(15), null);
        BlobDownloadResponse clamped = download(blob, overTheEnd, new BlobRange(18, 100L), null);

        assertThat(offsetOnly.getStatusCode()).isEqualTo(206);
        assertThat(fromOffset.toString(StandardCharsets.US_ASCII)).isEqualTo("fghij");
        assertThat(offsetOnly.getDeserializedHeaders().getContentRange()).isEqualTo("bytes 15-19/20");
        assertThat(clamped.getStatusCode()).isEqualTo(206);
        assertThat(overTheEnd.toString(StandardCharsets.US_ASCII)).isEqualTo("ij");
        assertThat(clamped.getDeserializedHeaders().getContentRange()).isEqualTo("bytes 18-19/20");
    }

    @ParameterizedTest
    @EachStore
    void aRangeStartingPastTheEndIsInvalidRange(ServerFixture store) {
        BlobClient blob = twentyBytes(store, "past");

        assertBlobError(() -> download(blob, new ByteArrayOutputStream(), new BlobRange(500, 10L), null), 416,
                "InvalidRange");
        assertBlobError(() -> download(blob, new ByteArrayOutputStream(), new BlobRange(21), null), 416,
                "InvalidRange");
    }

    /**
     * The first byte past the end is past the end too. Azurite fails this test: it answers 206 with
     * {@code Content-Range: bytes 20-19/20} and no body.
     */
    @ParameterizedTest
    @EachStore
    void aRangeStartingRightAfterTheLastByteIsInvalidRange(ServerFixture store) {
        BlobClient blob = twentyBytes(store, "atend");

        assertBlobError(() -> download(blob, new ByteArrayOutputStream(), new BlobRange(20), null), 416,
                "InvalidRange");
    }

    @ParameterizedTest
    @EachStore
    void anEmptyBlobReadsWhole(ServerFixture store) {
        BlobClient blob = SERVERS.newContainer(store, "erd").getBlobClient("empty");
        blob.upload(BinaryData.fromBytes(new byte[0]));
        ByteArrayOutputStream out = new ByteArrayOutputStream();

        BlobDownloadResponse whole = download(blob, out, null, null);

        assertThat(whole.getStatusCode()).isEqualTo(200);
        assertThat(out.size()).isZero();
        assertThat(whole.getDeserializedHeaders().getContentLength()).isZero();
        assertBlobError(() -> download(blob, new ByteArrayOutputStream(), new BlobRange(0, 10L), null), 416,
                "InvalidRange");
    }

    @ParameterizedTest
    @EachStore
    void conditionsOnETagDecideTheRead(ServerFixture store) {
        BlobClient blob = twentyBytes(store, "etag");
        String etag = blob.getProperties().getETag();
        ByteArrayOutputStream out = new ByteArrayOutputStream();

        BlobDownloadResponse matching = download(blob, out, null, new BlobRequestConditions().setIfMatch(etag));

        assertThat(matching.getStatusCode()).isEqualTo(200);
        assertThat(out.toByteArray()).isEqualTo(CONTENTS);
        assertBlobError(() -> download(blob, new ByteArrayOutputStream(), null,
                new BlobRequestConditions().setIfMatch("\"0x8D000000000000\"")), 412, "ConditionNotMet");
        assertBlobStatus(() -> download(blob, new ByteArrayOutputStream(), null,
                new BlobRequestConditions().setIfNoneMatch(etag)), 304);
        assertBlobError(() -> blob.getPropertiesWithResponse(
                new BlobRequestConditions().setIfMatch("\"0x8D000000000000\""), null, Context.NONE), 412,
                "ConditionNotMet");
        assertBlobStatus(() -> blob.getPropertiesWithResponse(new BlobRequestConditions().setIfNoneMatch(etag),
                null, Context.NONE), 304);
        assertThat(download(blob, new ByteArrayOutputStream(), null,
                new BlobRequestConditions().setIfNoneMatch("\"0x8D000000000000\"")).getStatusCode())
                .as("If-None-Match of another ETag").isEqualTo(200);
    }

    /**
     * {@code If-None-Match: *} asks that the blob not exist, which a read of it can never satisfy: the
     * service refuses it, 400 UnsatisfiableCondition (Azure CLI's recorded tests of {@code blob show
     * --if-none-match *}), where an ETag's If-None-Match would be 304. A write takes it as "create only".
     */
    @ParameterizedTest
    @EachStore
    void ifNoneMatchAnyOnAReadIsUnsatisfiable(ServerFixture store) {
        BlobClient blob = twentyBytes(store, "nonestar");
        BlobRequestConditions anyEtag = new BlobRequestConditions().setIfNoneMatch("*");

        assertBlobError(() -> download(blob, new ByteArrayOutputStream(), null, anyEtag), 400,
                "UnsatisfiableCondition");
        assertBlobError(() -> download(blob, new ByteArrayOutputStream(), new BlobRange(0, 4L), anyEtag), 400,
                "UnsatisfiableCondition");
        assertBlobError(() -> blob.getPropertiesWithResponse(anyEtag, null, Context.NONE), 400,
                "UnsatisfiableCondition");
        assertThat(blob.downloadContent().toBytes()).isEqualTo(CONTENTS);
    }

    @ParameterizedTest
    @EachStore
    void conditionsOnTimeDecideTheRead(ServerFixture store) {
        BlobClient blob = twentyBytes(store, "time");
        OffsetDateTime lastModified = blob.getProperties().getLastModified();
        OffsetDateTime tomorrow = OffsetDateTime.now().plusDays(1);
        OffsetDateTime lastYear = OffsetDateTime.now().minusYears(1);

        assertBlobStatus(() -> download(blob, new ByteArrayOutputStream(), null,
                new BlobRequestConditions().setIfModifiedSince(tomorrow)), 304);
        assertBlobStatus(() -> download(blob, new ByteArrayOutputStream(), null,
                new BlobRequestConditions().setIfModifiedSince(lastModified)), 304);
        assertBlobError(() -> download(blob, new ByteArrayOutputStream(), null,
                new BlobRequestConditions().setIfUnmodifiedSince(lastYear)), 412, "ConditionNotMet");
        assertThat(download(blob, new ByteArrayOutputStream(), null,
                new BlobRequestConditions().setIfModifiedSince(lastYear)).getStatusCode()).isEqualTo(200);
        assertThat(download(blob, new ByteArrayOutputStream(), null,
                new BlobRequestConditions().setIfUnmodifiedSince(lastModified)).getStatusCode()).isEqualTo(200);
    }

    @ParameterizedTest
    @EachStore
    void aMissingBlobIsBlobNotFound(ServerFixture store) {
        BlobClient blob = SERVERS.newContainer(store, "miss").getBlobClient("not/there.txt");

        assertBlobError(blob::downloadContent, 404, "BlobNotFound");
        assertBlobError(blob::getProperties, 404, "BlobNotFound");
        assertBlobError(() -> download(blob, new ByteArrayOutputStream(), new BlobRange(0, 10L), null), 404,
                "BlobNotFound");
        assertThat(blob.exists()).isFalse();
        blob.upload(BinaryData.fromString("now"));
        assertThat(blob.exists()).isTrue();
    }

    /** The service reads a backslash in a blob's name as '/': both spellings name one blob. */
    @ParameterizedTest
    @EachStore
    void aBackslashInABlobNameIsASlash(ServerFixture store) {
        BlobContainerClient container = SERVERS.newContainer(store, "bslash");

        container.getBlobClient("dir\\file.txt").upload(BinaryData.fromString("one blob"));

        assertThat(container.getBlobClient("dir/file.txt").downloadContent().toString()).isEqualTo("one blob");
        assertThat(container.listBlobs().stream().map(BlobItem::getName)).containsExactly("dir/file.txt");
        assertThat(container.getBlobClient("dir\\file.txt").getProperties().getBlobSize()).isEqualTo(8);
    }

    @ParameterizedTest
    @EachStore
    void metadataKeepsTheCaseOfItsNamesOnEveryRead(ServerFixture store) {
        BlobClient blob = SERVERS.newContainer(store, "case").getBlobClient("cased");
        Map<String, String> metadata = Map.of("CamelCase", "Mixed Value", "lower", "x", "UPPER", "Y");
        blob.uploadWithResponse(new BlobParallelUploadOptions(BinaryData.fromString("m")).setMetadata(metadata), null,
                Context.NONE);

        BlobProperties properties = blob.getProperties();
        BlobDownloadResponse download = download(blob, new ByteArrayOutputStream(), null, null);

        assertThat(properties.getMetadata()).containsExactlyInAnyOrderEntriesOf(metadata);
        assertThat(download.getDeserializedHeaders().getMetadata()).containsExactlyInAnyOrderEntriesOf(metadata);
    }

    @Test
    void aReadOfTwoMegabytesInRangesGivesEveryByte() {
        BlobClient blob = SERVERS.newContainer(ONE_STORE, "chunks").getBlobClient("two-mib");
        byte[] contents = BlobData.randomBytes(4, 2 * BlobData.MIB + 7);
        blob.upload(BinaryData.fromBytes(contents));
        ByteArrayOutputStream out = new ByteArrayOutputStream();

        for (long offset = 0; offset < contents.length; offset += 300_000) {
            download(blob, out, new BlobRange(offset, 300_000L), null);
        }

        assertThat(Arrays.equals(out.toByteArray(), contents)).as("the ranges put together").isTrue();
    }
}
