package io.cerulean.it.blob;

import static io.cerulean.it.blob.BlobData.blockId;
import static io.cerulean.it.blob.BlobErrors.assertBlobError;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.util.BinaryData;
import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import com.azure.storage.blob.models.BlobRange;
import com.azure.storage.blob.models.Block;
import com.azure.storage.blob.models.BlockListType;
import com.azure.storage.blob.models.PageRange;
import com.azure.storage.blob.sas.BlobContainerSasPermission;
import com.azure.storage.blob.sas.BlobSasPermission;
import com.azure.storage.blob.sas.BlobServiceSasSignatureValues;
import com.azure.storage.common.sas.AccountSasPermission;
import com.azure.storage.common.sas.AccountSasResourceType;
import com.azure.storage.common.sas.AccountSasService;
import com.azure.storage.common.sas.AccountSasSignatureValues;
import io.cerulean.it.ServerFixture;
import java.io.ByteArrayInputStream;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A shared access signature that may create blobs but not write them ({@code c} without {@code w}),
 * as a blob SAS, a container SAS and an account SAS: it makes new blobs by every write that makes a
 * whole blob, and writes over none (403 AuthorizationPermissionMismatch, the blob, its ETag and its
 * staged blocks as they were). Checks of authorisation only, on one store.
 */
class CreateOnlySasTest {
    private static final ServerFixture STORE = ServerFixture.chosenOr(ServerFixture.IN_MEMORY);
    private static final BlobServers SERVERS = new BlobServers();
    private static final Duration POLL = Duration.ofMillis(50);
    private static final String STAGED = blockId("staged-1");

    /** The kinds of SAS that sign {@code c} alone. */
    enum Sas { BLOB, CONTAINER, ACCOUNT }

    @AfterAll
    static void stop() {
        SERVERS.close();
    }

    /** {@code blob} reached through a SAS of this kind that signed {@code c} alone. */
    private static BlobClient createOnly(Sas kind, BlobClient blob) {
        OffsetDateTime expiry = OffsetDateTime.now().plusHours(1);
        return switch (kind) {
            case BLOB -> SERVERS.blobWithSas(STORE, blob.getContainerName(), blob.getBlobName(),
                    blob.generateSas(new BlobServiceSasSignatureValues(expiry, BlobSasPermission.parse("c"))));
            case CONTAINER -> SERVERS.containerWithSas(STORE, blob.getContainerName(),
                    SERVERS.service(STORE).getBlobContainerClient(blob.getContainerName()).generateSas(
                            new BlobServiceSasSignatureValues(expiry, BlobContainerSasPermission.parse("c"))))
                    .getBlobClient(blob.getBlobName());
            case ACCOUNT -> new BlobServiceClientBuilder().endpoint(SERVERS.endpoint(STORE))
                    .sasToken(SERVERS.service(STORE).generateAccountSas(new AccountSasSignatureValues(expiry,
                            AccountSasPermission.parse("c"), AccountSasService.parse("b"),
                            AccountSasResourceType.parse("o"))))
                    .retryOptions(BlobServers.oneTry()).buildClient().getBlobContainerClient(blob.getContainerName())
                    .getBlobClient(blob.getBlobName());
        };
    }

    private static BlobClient source(BlobContainerClient container) {
        BlobClient source = container.getBlobClient("source.txt");
        source.upload(BinaryData.fromString("copied"));
        return source;
    }

    @ParameterizedTest
    @EnumSource(Sas.class)
    void aCreateOnlySasNeverWritesOverABlob(Sas kind) {
        BlobContainerClient container = SERVERS.newContainer(STORE, "conly");
        BlobClient source = source(container);
        BlobClient blob = container.getBlobClient("existing.txt");
        blob.upload(BinaryData.fromString("original"));
        blob.getBlockBlobClient().stageBlock(STAGED, BinaryData.fromString("staged"));
        String etag = blob.getProperties().getETag();
        BlobClient creator = createOnly(kind, blob);

        assertBlobError(() -> creator.upload(BinaryData.fromString("overwritten"), true), 403,
                "AuthorizationPermissionMismatch");
        assertBlobError(() -> creator.getBlockBlobClient().commitBlockList(List.of(STAGED), true), 403,
                "AuthorizationPermissionMismatch");
        assertBlobError(() -> creator.beginCopy(source.getBlobUrl(), POLL).waitForCompletion(), 403,
                "AuthorizationPermissionMismatch");
        assertBlobError(() -> creator.copyFromUrl(SourceSas.readable(source)), 403, "AuthorizationPermissionMismatch");
        assertBlobError(() -> creator.getBlockBlobClient().uploadFromUrl(SourceSas.readable(source), true), 403,
                "AuthorizationPermissionMismatch");
        assertBlobError(() -> creator.getAppendBlobClient().create(true), 403, "AuthorizationPermissionMismatch");
        assertBlobError(() -> creator.getPageBlobClient().create(512, true), 403, "AuthorizationPermissionMismatch");

        assertThat(blob.downloadContent().toString()).isEqualTo("original");
        assertThat(blob.getProperties().getETag()).isEqualTo(etag);
        assertThat(blob.getBlockBlobClient().listBlocks(BlockListType.UNCOMMITTED).getUncommittedBlocks())
                .extracting(Block::getName).as("the staged block survives").containsExactly(STAGED);
    }

    @ParameterizedTest
    @EnumSource(Sas.class)
    void aCreateOnlySasCreatesNewBlobsByEveryWholeBlobWrite(Sas kind) {
        BlobContainerClient container = SERVERS.newContainer(STORE, "cnew");
        BlobClient source = source(container);
        container.getBlobClient("listed.txt").getBlockBlobClient().stageBlock(STAGED, BinaryData.fromString("staged"));

        createOnly(kind, container.getBlobClient("put.txt")).upload(BinaryData.fromString("put"), true);
        createOnly(kind, container.getBlobClient("listed.txt")).getBlockBlobClient()
                .commitBlockList(List.of(STAGED), true);
        createOnly(kind, container.getBlobClient("copy.txt")).beginCopy(source.getBlobUrl(), POLL)
                .waitForCompletion();
        createOnly(kind, container.getBlobClient("synccopy.txt")).copyFromUrl(SourceSas.readable(source));
        createOnly(kind, container.getBlobClient("fromurl.txt")).getBlockBlobClient()
                .uploadFromUrl(SourceSas.readable(source), true);
        createOnly(kind, container.getBlobClient("append.log")).getAppendBlobClient().create(true);
        createOnly(kind, container.getBlobClient("disk.vhd")).getPageBlobClient().create(512, true);

        assertThat(container.getBlobClient("put.txt").downloadContent().toString()).isEqualTo("put");
        assertThat(container.getBlobClient("listed.txt").downloadContent().toString()).isEqualTo("staged");
        for (String copy : List.of("copy.txt", "synccopy.txt", "fromurl.txt")) {
            assertThat(container.getBlobClient(copy).downloadContent().toString()).as(copy).isEqualTo("copied");
        }
        assertThat(container.getBlobClient("append.log").exists()).isTrue();
        assertThat(container.getBlobClient("disk.vhd").getProperties().getBlobSize()).isEqualTo(512);
    }

    /** Adding to a blob is not creating one: Append Block needs {@code a} or {@code w}, Put Page {@code w}. */
    @ParameterizedTest
    @EnumSource(Sas.class)
    void aCreateOnlySasNeitherAppendsNorWritesPages(Sas kind) {
        BlobContainerClient container = SERVERS.newContainer(STORE, "cadd");
        BlobClient log = container.getBlobClient("append.log");
        log.getAppendBlobClient().create();
        BlobClient disk = container.getBlobClient("disk.vhd");
        disk.getPageBlobClient().create(512);

        assertBlobError(() -> createOnly(kind, log).getAppendBlobClient()
                .appendBlock(new ByteArrayInputStream(new byte[] {1}), 1), 403, "AuthorizationPermissionMismatch");
        assertBlobError(() -> createOnly(kind, disk).getPageBlobClient().uploadPages(
                new PageRange().setStart(0).setEnd(511), new ByteArrayInputStream(new byte[512])), 403,
                "AuthorizationPermissionMismatch");

        assertThat(log.getProperties().getBlobSize()).isZero();
        assertThat(disk.getPageBlobClient().listPageRanges(new BlobRange(0)).stream().filter(r -> !r.isClear()))
                .isEmpty();
    }
}
