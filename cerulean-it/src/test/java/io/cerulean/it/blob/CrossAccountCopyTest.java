package io.cerulean.it.blob;

import static io.cerulean.it.blob.BlobErrors.assertBlobError;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.http.rest.Response;
import com.azure.core.util.BinaryData;
import com.azure.core.util.Context;
import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClient;
import com.azure.storage.blob.models.AppendBlobItem;
import com.azure.storage.blob.models.AppendBlobRequestConditions;
import com.azure.storage.blob.models.BlobHttpHeaders;
import com.azure.storage.blob.models.BlobRange;
import com.azure.storage.blob.models.BlobStorageException;
import com.azure.storage.blob.models.BlockListType;
import com.azure.storage.blob.models.CopyStatusType;
import com.azure.storage.blob.models.PublicAccessType;
import com.azure.storage.blob.options.AppendBlobAppendBlockFromUrlOptions;
import com.azure.storage.blob.options.BlobCopyFromUrlOptions;
import com.azure.storage.blob.options.BlobParallelUploadOptions;
import com.azure.storage.blob.sas.BlobContainerSasPermission;
import com.azure.storage.blob.sas.BlobSasPermission;
import com.azure.storage.blob.sas.BlobServiceSasSignatureValues;
import com.azure.storage.blob.specialized.AppendBlobClient;
import com.azure.storage.blob.specialized.BlockBlobClient;
import com.azure.storage.common.sas.AccountSasPermission;
import com.azure.storage.common.sas.AccountSasResourceType;
import com.azure.storage.common.sas.AccountSasService;
import com.azure.storage.common.sas.AccountSasSignatureValues;
import io.cerulean.it.EachStore;
import io.cerulean.it.ServerFixture;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * Copies whose source is in another account of the same server, read as its own authorization
 * allows: its SAS (blob, container or account), or its container's public access; never the
 * caller's key, which is the destination's. And the synchronous copies within one account, which
 * need the source's authorization too, where Copy Blob may use the caller's.
 */
class CrossAccountCopyTest {
    private static final CopyServers SERVERS = new CopyServers(Duration.ZERO);
    private static final Duration POLL = Duration.ofMillis(50);
    private static final OffsetDateTime HOUR = OffsetDateTime.now().plusHours(1);

    @AfterAll
    static void stop() {
        SERVERS.close();
    }

    /** A blob of the other account, in a private container. */
    private static BlobClient otherSource(ServerFixture store, String contents) {
        BlobClient source = CopyServers.newContainer(SERVERS.other(store), "src").getBlobClient("source.txt");
        source.uploadWithResponse(new BlobParallelUploadOptions(BinaryData.fromString(contents))
                .setHeaders(new BlobHttpHeaders().setContentType("text/plain"))
                .setMetadata(Map.of("Origin", "other")), null, Context.NONE);
        return source;
    }

    private static BlobContainerClient target(ServerFixture store) {
        return CopyServers.newContainer(SERVERS.service(store), "dst");
    }

    @ParameterizedTest
    @EachStore
    void everyCopyReadsASourceOfAnotherAccountThroughItsSas(ServerFixture store) {
        BlobClient source = otherSource(store, "from the other account");
        String url = SourceSas.readable(source);
        BlobContainerClient container = target(store);

        BlobClient copied = container.getBlobClient("copied.txt");
        assertThat(copied.beginCopy(url, POLL).waitForCompletion().getValue().getCopyStatus())
                .isEqualTo(CopyStatusType.SUCCESS);
        BlobClient synced = container.getBlobClient("synced.txt");
        Response<String> sync = synced.copyFromUrlWithResponse(new BlobCopyFromUrlOptions(url), null, Context.NONE);
        BlockBlobClient put = container.getBlobClient("put.txt").getBlockBlobClient();
        put.uploadFromUrl(url, true);
        BlockBlobClient staged = container.getBlobClient("staged.txt").getBlockBlobClient();
        String block = Base64.getEncoder().encodeToString("block-1".getBytes());
        staged.stageBlockFromUrl(block, url, new BlobRange(5, 5L));
        staged.commitBlockList(List.of(block));

        assertThat(sync.getHeaders().getValue("x-ms-copy-status")).isEqualTo("success");
        for (BlobClient blob : List.of(copied, synced, put.getContainerClient().getBlobClient("put.txt"))) {
            assertThat(blob.downloadContent().toString()).as(blob.getBlobName()).isEqualTo("from the other account");
        }
        assertThat(copied.getProperties().getMetadata()).containsExactlyEntriesOf(Map.of("Origin", "other"));
        assertThat(copied.getProperties().getContentType()).isEqualTo("text/plain");
        assertThat(copied.getProperties().getCopySource()).isEqualTo(url);
        assertThat(container.getBlobClient("staged.txt").downloadContent().toString()).isEqualTo("the o");
    }

    @ParameterizedTest
    @EachStore
    void containerAndAccountSasOfTheSourceAccountAuthoriseIt(ServerFixture store) {
        BlobClient source = otherSource(store, "signed by the container");
        String containerSas = source.getContainerClient().generateSas(new BlobServiceSasSignatureValues(HOUR,
                new BlobContainerSasPermission().setReadPermission(true)));
        String accountSas = SERVERS.other(store).generateAccountSas(new AccountSasSignatureValues(HOUR,
                AccountSasPermission.parse("r"), AccountSasService.parse("b"), AccountSasResourceType.parse("o")));
        BlobContainerClient container = target(store);

        container.getBlobClient("by-container").copyFromUrl(source.getBlobUrl() + "?" + containerSas);
        container.getBlobClient("by-account").copyFromUrl(source.getBlobUrl() + "?" + accountSas);

        assertThat(container.getBlobClient("by-container").downloadContent().toString())
                .isEqualTo("signed by the container");
        assertThat(container.getBlobClient("by-account").downloadContent().toString())
                .isEqualTo("signed by the container");
    }

    /** A host-style source URL ({@code ACCOUNT.blob.localhost:PORT}) names the same server. */
    @ParameterizedTest
    @EachStore
    void aHostStyleSourceUrlOfThisServerIsReadHere(ServerFixture store) {
        BlobClient source = otherSource(store, "host style");
        String sas = source.generateSas(new BlobServiceSasSignatureValues(HOUR,
                new BlobSasPermission().setReadPermission(true)));
        String url = "http://" + CopyServers.OTHER + ".blob.localhost:" + SERVERS.port(store) + "/"
                + source.getContainerName() + "/" + source.getBlobName() + "?" + sas;
        BlobClient target = target(store).getBlobClient("copied.txt");

        target.copyFromUrl(url);

        assertThat(target.downloadContent().toString()).isEqualTo("host style");
    }

    @ParameterizedTest
    @EachStore
    void aPublicContainerOfAnotherAccountNeedsNoSas(ServerFixture store) {
        BlobContainerClient publicContainer = CopyServers.newContainer(SERVERS.other(store), "pub");
        publicContainer.setAccessPolicy(PublicAccessType.BLOB, null);
        BlobClient source = publicContainer.getBlobClient("open.txt");
        source.upload(BinaryData.fromString("anyone may read this"));
        BlobContainerClient container = target(store);

        container.getBlobClient("async").beginCopy(source.getBlobUrl(), POLL).waitForCompletion();
        container.getBlobClient("sync").copyFromUrl(source.getBlobUrl());

        assertThat(container.getBlobClient("async").downloadContent().toString()).isEqualTo("anyone may read this");
        assertThat(container.getBlobClient("sync").downloadContent().toString()).isEqualTo("anyone may read this");
    }

    /**
     * CannotVerifyCopySource answers what reading the source answered: a private source read without
     * credentials is 404 "The specified resource does not exist." (Azurite answers 403 here).
     */
    @ParameterizedTest
    @EachStore
    void aPrivateSourceOfAnotherAccountWithoutItsSasIsRefusedAndNothingIsWritten(ServerFixture store) {
        BlobClient source = otherSource(store, "private");
        BlobClient target = target(store).getBlobClient("never.txt");

        assertBlobError(() -> target.beginCopy(source.getBlobUrl(), POLL).waitForCompletion(), 404,
                "CannotVerifyCopySource");
        BlobStorageException refused = assertBlobError(() -> target.copyFromUrl(source.getBlobUrl()), 404,
                "CannotVerifyCopySource");
        assertThat(refused.getMessage()).contains("The specified resource does not exist.");
        assertBlobError(() -> target.getBlockBlobClient().uploadFromUrl(source.getBlobUrl(), true), 404,
                "CannotVerifyCopySource");

        assertThat(target.exists()).isFalse();
    }

    @ParameterizedTest
    @EachStore
    void aSasThatDoesNotAllowReadingTheSourceIsRefused(ServerFixture store) {
        BlobClient source = otherSource(store, "private");
        BlobServiceClient mine = SERVERS.service(store);
        // Signed with the destination account's key, for a URL of the other account: a forged signature there.
        BlobClient sameNameHere = CopyServers.newContainer(mine, "forge").getBlobClient(source.getBlobName());
        String wrongKey = sameNameHere.generateSas(new BlobServiceSasSignatureValues(HOUR,
                new BlobSasPermission().setReadPermission(true)));
        String writeOnly = source.generateSas(new BlobServiceSasSignatureValues(HOUR,
                new BlobSasPermission().setWritePermission(true)));
        String expired = source.generateSas(new BlobServiceSasSignatureValues(OffsetDateTime.now().minusMinutes(5),
                new BlobSasPermission().setReadPermission(true)));
        BlobClient target = target(store).getBlobClient("never.txt");

        for (String sas : List.of(wrongKey, writeOnly, expired)) {
            assertBlobError(() -> target.copyFromUrl(source.getBlobUrl() + "?" + sas), 403, "CannotVerifyCopySource");
        }
        assertThat(assertBlobError(() -> target.copyFromUrl(source.getBlobUrl() + "?" + writeOnly), 403,
                "CannotVerifyCopySource").getMessage())
                .contains("This request is not authorized to perform this operation using this permission.");
        assertThat(target.exists()).isFalse();
    }

    /** A source its SAS may read that is not there: 404 CannotVerifyCopySource, as Azurite's suite has it. */
    @ParameterizedTest
    @EachStore
    void aMissingSourceThatItsSasMayReadIsNotFound(ServerFixture store) {
        BlobClient source = otherSource(store, "here");
        BlobClient missing = source.getContainerClient().getBlobClient("missing.txt");
        BlobClient target = target(store).getBlobClient("never.txt");

        assertBlobError(() -> target.copyFromUrl(SourceSas.readable(missing)), 404, "CannotVerifyCopySource");
        assertBlobError(() -> target.getBlockBlobClient().stageBlockFromUrl(
                Base64.getEncoder().encodeToString("b".getBytes()), SourceSas.readable(missing), null), 404,
                "CannotVerifyCopySource");
    }

    /**
     * Within one account, Copy Blob may read the source with the caller's key, but the synchronous
     * copies read it only by its own authorization, as Azure does: without one, 404 as an
     * anonymous read of a private blob is.
     */
    @ParameterizedTest
    @EachStore
    void theSynchronousCopiesNeedTheSourcesOwnAuthorizationWithinTheAccountToo(ServerFixture store) {
        BlobContainerClient container = target(store);
        BlobClient source = container.getBlobClient("source.txt");
        source.upload(BinaryData.fromString("same account"));
        BlobClient target = container.getBlobClient("target.txt");

        target.beginCopy(source.getBlobUrl(), POLL).waitForCompletion();
        assertThat(target.downloadContent().toString()).isEqualTo("same account");

        BlobClient other = container.getBlobClient("other.txt");
        assertBlobError(() -> other.copyFromUrl(source.getBlobUrl()), 404, "CannotVerifyCopySource");
        assertBlobError(() -> other.getBlockBlobClient().uploadFromUrl(source.getBlobUrl(), true), 404,
                "CannotVerifyCopySource");
        assertBlobError(() -> other.getBlockBlobClient().stageBlockFromUrl(
                Base64.getEncoder().encodeToString("b".getBytes()), source.getBlobUrl(), null), 404,
                "CannotVerifyCopySource");
        assertThat(other.exists()).isFalse();
    }

    @ParameterizedTest
    @EachStore
    void appendBlockFromUrlAppendsTheSourceRange(ServerFixture store) {
        BlobClient source = otherSource(store, "0123456789");
        String url = SourceSas.readable(source);
        AppendBlobClient log = target(store).getBlobClient("log").getAppendBlobClient();
        log.create();
        log.appendBlock(BinaryData.fromString("ab").toStream(), 2);

        AppendBlobItem appended = log.appendBlockFromUrl(url, new BlobRange(3, 4L));
        log.appendBlockFromUrl(url, null);

        assertThat(appended.getBlobAppendOffset()).isEqualTo("2");
        assertThat(appended.getBlobCommittedBlockCount()).isEqualTo(2);
        assertThat(log.downloadContent().toString()).isEqualTo("ab34560123456789");
        assertBlobError(() -> log.appendBlockFromUrlWithResponse(new AppendBlobAppendBlockFromUrlOptions(url)
                .setDestinationRequestConditions(new AppendBlobRequestConditions().setAppendPosition(3L)),
                null, Context.NONE), 412, "AppendPositionConditionNotMet");
        assertBlobError(() -> log.appendBlockFromUrl(source.getBlobUrl(), null), 404, "CannotVerifyCopySource");
        assertThat(log.downloadContent().toString()).isEqualTo("ab34560123456789");
    }

    @ParameterizedTest
    @EachStore
    void aBlockStagedFromAnotherAccountIsListedAndCommitted(ServerFixture store) {
        BlobClient source = otherSource(store, "abcdef");
        BlockBlobClient target = target(store).getBlobClient("blocks").getBlockBlobClient();
        String first = Base64.getEncoder().encodeToString("block-1".getBytes());
        String second = Base64.getEncoder().encodeToString("block-2".getBytes());

        target.stageBlockFromUrl(first, SourceSas.readable(source), new BlobRange(3));
        target.stageBlockFromUrl(second, SourceSas.readable(source), new BlobRange(0, 3L));

        assertThat(target.listBlocks(BlockListType.UNCOMMITTED).getUncommittedBlocks()).hasSize(2);
        target.commitBlockList(List.of(first, second));
        assertThat(target.downloadContent().toString()).isEqualTo("defabc");
    }
}
