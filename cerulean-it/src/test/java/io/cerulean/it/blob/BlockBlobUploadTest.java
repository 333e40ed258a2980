package io.cerulean.it.blob;

import static io.cerulean.it.blob.BlobErrors.assertBlobError;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.http.rest.Response;
import com.azure.core.util.BinaryData;
import com.azure.core.util.Context;
import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.models.BlobHttpHeaders;
import com.azure.storage.blob.models.BlobProperties;
import com.azure.storage.blob.models.BlobRequestConditions;
import com.azure.storage.blob.models.BlobType;
import com.azure.storage.blob.models.BlockBlobItem;
import com.azure.storage.blob.models.BlockListType;
import com.azure.storage.blob.models.ParallelTransferOptions;
import com.azure.storage.blob.options.BlobParallelUploadOptions;
import com.azure.storage.blob.options.BlobUploadFromFileOptions;
import com.azure.storage.blob.options.BlockBlobSimpleUploadOptions;
import io.cerulean.it.EachStore;
import io.cerulean.it.ServerFixture;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * Block blobs written by the SDK's upload calls: one Put Blob for small contents, Put Block and Put
 * Block List when transfer options ask for small blocks; what is read back, byte for byte, with the
 * properties and metadata sent; overwrite refused; Content-MD5 checked.
 */
class BlockBlobUploadTest {
    private static final ServerFixture ONE_STORE = ServerFixture.chosenOr(ServerFixture.IN_MEMORY);
    private static final BlobServers SERVERS = new BlobServers();

    @TempDir
    Path dir;

    @AfterAll
    static void stop() {
        SERVERS.close();
    }

    @ParameterizedTest
    @EachStore
    void aSmallBlobIsReadBackByteForByte(ServerFixture store) {
        BlobClient blob = SERVERS.newContainer(store, "small").getBlobClient("data.bin");
        byte[] contents = BlobData.randomBytes(1, 70_000);

        Response<BlockBlobItem> uploaded = blob.uploadWithResponse(
                new BlobParallelUploadOptions(BinaryData.fromBytes(contents)), null, Context.NONE);

        assertThat(uploaded.getStatusCode()).isEqualTo(201);
        assertThat(uploaded.getValue().getETag()).isNotBlank();
        assertThat(blob.downloadContent().toBytes()).isEqualTo(contents);
        BlobProperties properties = blob.getProperties();
        assertThat(properties.getBlobSize()).isEqualTo(contents.length);
        assertThat(properties.getBlobType()).isEqualTo(BlobType.BLOCK_BLOB);
        assertThat(properties.getETag()).isEqualTo(uploaded.getValue().getETag());
        assertThat(properties.getContentType()).as("default content type").isEqualTo("application/octet-stream");
    }

    @ParameterizedTest
    @EachStore
    void uploadingOverAnExistingBlobWithoutOverwriteIsBlobAlreadyExists(ServerFixture store) {
        BlobClient blob = SERVERS.newContainer(store, "nover").getBlobClient("once.txt");
        blob.upload(BinaryData.fromString("first"));

        assertBlobError(() -> blob.upload(BinaryData.fromString("second"), false), 409, "BlobAlreadyExists");
        assertThat(blob.downloadContent().toString()).isEqualTo("first");

        blob.upload(BinaryData.fromString("third"), true);
        assertThat(blob.downloadContent().toString()).isEqualTo("third");
    }

    @ParameterizedTest
    @EachStore
    void anUploadConditionalOnAStaleETagIsConditionNotMet(ServerFixture store) {
        BlobClient blob = SERVERS.newContainer(store, "upcond").getBlobClient("guarded.txt");
        blob.upload(BinaryData.fromString("first"));
        String stale = blob.getProperties().getETag();
        blob.upload(BinaryData.fromString("second"), true);
        String current = blob.getProperties().getETag();

        assertBlobError(() -> blob.uploadWithResponse(new BlobParallelUploadOptions(BinaryData.fromString("lost"))
                .setRequestConditions(new BlobRequestConditions().setIfMatch(stale)), null, Context.NONE), 412,
                "ConditionNotMet");
        assertThat(blob.downloadContent().toString()).isEqualTo("second");
        assertThat(stale).as("ETag after an overwrite").isNotEqualTo(current);

        blob.uploadWithResponse(new BlobParallelUploadOptions(BinaryData.fromString("third"))
                .setRequestConditions(new BlobRequestConditions().setIfMatch(current)), null, Context.NONE);
        assertThat(blob.downloadContent().toString()).isEqualTo("third");
    }

    @ParameterizedTest
    @EachStore
    void headersAndMetadataSentWithTheUploadAreReadBackAndTheServiceComputesContentMd5(ServerFixture store) {
        BlobClient blob = SERVERS.newContainer(store, "hdrs").getBlobClient("page.html");
        byte[] contents = "<p>hello</p>".getBytes(StandardCharsets.UTF_8);
        BlobHttpHeaders headers = new BlobHttpHeaders().setContentType("text/html; charset=utf-8")
                .setContentEncoding("identity").setContentLanguage("en-GB")
                .setContentDisposition("attachment; filename=page.html").setCacheControl("max-age=60");

        blob.uploadWithResponse(new BlobParallelUploadOptions(BinaryData.fromBytes(contents)).setHeaders(headers)
                .setMetadata(Map.of("Author", "Ada", "reviewed", "yes")), null, Context.NONE);

        BlobProperties properties = blob.getProperties();
        assertThat(properties.getContentType()).isEqualTo("text/html; charset=utf-8");
        assertThat(properties.getContentEncoding()).isEqualTo("identity");
        assertThat(properties.getContentLanguage()).isEqualTo("en-GB");
        assertThat(properties.getContentDisposition()).isEqualTo("attachment; filename=page.html");
        assertThat(properties.getCacheControl()).isEqualTo("max-age=60");
        assertThat(properties.getContentMd5()).as("MD5 the service computed for one Put Blob")
                .isEqualTo(BlobData.md5(contents));
        assertThat(properties.getMetadata()).containsExactlyInAnyOrderEntriesOf(Map.of("Author", "Ada",
                "reviewed", "yes"));
        assertThat(blob.downloadContent().toBytes()).isEqualTo(contents);
    }

    @ParameterizedTest
    @EachStore
    void anEmptyBlobHasSizeZeroAndReadsAsNothing(ServerFixture store) throws IOException {
        BlobClient blob = SERVERS.newContainer(store, "empty").getBlobClient("nothing");

        blob.upload(BinaryData.fromBytes(new byte[0]));

        assertThat(blob.getProperties().getBlobSize()).isZero();
        assertThat(blob.downloadContent().toBytes()).isEmpty();
        Path file = dir.resolve("empty.bin");
        // downloadToFile asks for a first range, which an empty blob answers with 416; the SDK expects that.
        assertThat(blob.downloadToFile(file.toString()).getBlobSize()).isZero();
        assertThat(Files.size(file)).isZero();
    }

    /** About 20 MiB in 1 MiB blocks, staged four at a time, and read back in 1 MiB ranges. */
    @Test
    void aFileUploadedInManyBlocksIsReadBackWholeAndToAFile() throws IOException {
        BlobClient blob = SERVERS.newContainer(ONE_STORE, "multi").getBlobClient("big/file.bin");
        byte[] contents = BlobData.randomBytes(2, 20 * BlobData.MIB + 12_345);
        Path source = Files.write(dir.resolve("source.bin"), contents);
        ParallelTransferOptions smallBlocks = new ParallelTransferOptions().setBlockSizeLong((long) BlobData.MIB)
                .setMaxSingleUploadSizeLong((long) BlobData.MIB).setMaxConcurrency(4);

        blob.uploadFromFileWithResponse(new BlobUploadFromFileOptions(source.toString())
                .setParallelTransferOptions(smallBlocks), null, Context.NONE);

        assertThat(blob.getBlockBlobClient().listBlocks(BlockListType.COMMITTED).getCommittedBlocks())
                .as("committed blocks").hasSize(21);
        BlobProperties properties = blob.getProperties();
        assertThat(properties.getBlobSize()).isEqualTo(contents.length);
        assertThat(properties.getContentMd5()).as("no MD5 is computed for Put Block List").isNull();
        assertThat(BlobData.md5(blob.downloadContent().toBytes())).as("MD5 of the whole download")
                .isEqualTo(BlobData.md5(contents));
        Path target = dir.resolve("target.bin");
        blob.downloadToFileWithResponse(target.toString(), null, smallBlocks, null, null, false, null, Context.NONE);
        assertThat(BlobData.md5(target)).as("MD5 of the file downloaded in ranges").isEqualTo(BlobData.md5(contents));
    }

    @ParameterizedTest
    @EachStore
    void aStreamUploadedInBlocksIsReadBackByteForByte(ServerFixture store) {
        BlobClient blob = SERVERS.newContainer(store, "stream").getBlobClient("stream.bin");
        byte[] contents = BlobData.randomBytes(3, 3 * BlobData.MIB + 1000);
        ParallelTransferOptions smallBlocks = new ParallelTransferOptions().setBlockSizeLong((long) BlobData.MIB)
                .setMaxSingleUploadSizeLong((long) BlobData.MIB).setMaxConcurrency(2);

        blob.uploadWithResponse(new BlobParallelUploadOptions(new ByteArrayInputStream(contents), contents.length)
                .setParallelTransferOptions(smallBlocks).setMetadata(Map.of("Source", "stream")), null, Context.NONE);

        assertThat(blob.getBlockBlobClient().listBlocks(BlockListType.ALL).getCommittedBlocks())
                .as("committed block sizes").extracting(b -> b.getSizeLong())
                .containsExactly((long) BlobData.MIB, (long) BlobData.MIB, (long) BlobData.MIB, 1000L);
        assertThat(blob.downloadContent().toBytes()).isEqualTo(contents);
        assertThat(blob.getProperties().getMetadata()).containsExactlyEntriesOf(Map.of("Source", "stream"));
    }

    /** Azurite fails this test: it answers 400 InvalidOperation where Azure answers 400 Md5Mismatch. */
    @ParameterizedTest
    @EachStore
    void aContentMd5ThatDoesNotMatchTheBodyIsMd5MismatchAndStoresNothing(ServerFixture store) {
        BlobClient blob = SERVERS.newContainer(store, "md5").getBlobClient("checked.txt");
        byte[] contents = "the body".getBytes(StandardCharsets.UTF_8);
        byte[] otherMd5 = BlobData.md5("another body".getBytes(StandardCharsets.UTF_8));

        assertBlobError(() -> blob.getBlockBlobClient().uploadWithResponse(
                new BlockBlobSimpleUploadOptions(BinaryData.fromBytes(contents)).setContentMd5(otherMd5), null,
                Context.NONE), 400, "Md5Mismatch");

        assertThat(blob.exists()).as("blob after the refused upload").isFalse();
        Response<BlockBlobItem> matching = blob.getBlockBlobClient().uploadWithResponse(
                new BlockBlobSimpleUploadOptions(BinaryData.fromBytes(contents)).setContentMd5(BlobData.md5(contents)),
                null, Context.NONE);
        assertThat(matching.getStatusCode()).isEqualTo(201);
        assertThat(matching.getValue().getContentMd5()).isEqualTo(BlobData.md5(contents));
    }

    /**
     * For Put Blob of a block blob the service takes {@code x-ms-blob-content-md5} and
     * {@code Content-MD5} as one, the blob's property first: a wrong one is Md5Mismatch, and a
     * wrong {@code Content-MD5} beside a right property is not checked.
     */
    @ParameterizedTest
    @EachStore
    void aBlobContentMd5IsCheckedAgainstTheBodyInPlaceOfTheContentMd5(ServerFixture store) {
        BlobClient blob = SERVERS.newContainer(store, "blobmd5").getBlobClient("checked.txt");
        byte[] contents = "the body".getBytes(StandardCharsets.UTF_8);
        byte[] rightMd5 = BlobData.md5(contents);
        byte[] otherMd5 = BlobData.md5("another body".getBytes(StandardCharsets.UTF_8));

        assertBlobError(() -> blob.getBlockBlobClient().uploadWithResponse(
                new BlockBlobSimpleUploadOptions(BinaryData.fromBytes(contents)).setContentMd5(rightMd5)
                        .setHeaders(new BlobHttpHeaders().setContentMd5(otherMd5)), null, Context.NONE),
                400, "Md5Mismatch");
        assertThat(blob.exists()).as("blob after the refused upload").isFalse();

        Response<BlockBlobItem> uploaded = blob.getBlockBlobClient().uploadWithResponse(
                new BlockBlobSimpleUploadOptions(BinaryData.fromBytes(contents)).setContentMd5(otherMd5)
                        .setHeaders(new BlobHttpHeaders().setContentMd5(rightMd5)), null, Context.NONE);
        assertThat(uploaded.getStatusCode()).isEqualTo(201);
        assertThat(blob.getProperties().getContentMd5()).isEqualTo(rightMd5);
    }

    /** Azurite fails this test: it answers 400 InvalidOperation where Azure answers 400 Md5Mismatch. */
    @ParameterizedTest
    @EachStore
    void aBlockWithAContentMd5ThatDoesNotMatchIsMd5Mismatch(ServerFixture store) {
        BlobContainerClient container = SERVERS.newContainer(store, "bmd5");
        var block = container.getBlobClient("blocks").getBlockBlobClient();
        byte[] contents = "block body".getBytes(StandardCharsets.UTF_8);

        assertBlobError(() -> block.stageBlockWithResponse(BlobData.blockId("b-1"), new ByteArrayInputStream(contents),
                contents.length, BlobData.md5("other".getBytes(StandardCharsets.UTF_8)), null, null, Context.NONE),
                400, "Md5Mismatch");
        assertBlobError(() -> block.listBlocks(BlockListType.ALL), 404, "BlobNotFound");
    }
}
