package io.cerulean.it.blob;

import static io.cerulean.it.blob.BlobErrors.assertBlobError;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.util.BinaryData;
import com.azure.core.util.Context;
import com.azure.core.util.polling.PollResponse;
import com.azure.core.util.polling.SyncPoller;
import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import com.azure.storage.blob.models.AccessTier;
import com.azure.storage.blob.models.ArchiveStatus;
import com.azure.storage.blob.models.BlobCopyInfo;
import com.azure.storage.blob.models.BlobProperties;
import com.azure.storage.blob.models.CopyStatusType;
import com.azure.storage.blob.models.RehydratePriority;
import com.azure.storage.blob.options.BlobBeginCopyOptions;
import com.azure.storage.blob.options.BlobCopyFromUrlOptions;
import com.azure.storage.blob.sas.BlobSasPermission;
import com.azure.storage.blob.sas.BlobServiceSasSignatureValues;
import com.azure.storage.common.StorageSharedKeyCredential;
import io.cerulean.blob.service.CopySettings;
import io.cerulean.http.auth.Account;
import io.cerulean.it.EachStore;
import io.cerulean.it.ServerFixture;
import java.time.Duration;
import java.time.OffsetDateTime;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * Rehydration by copy, as the reference's "Copying an archived blob" has it: Copy Blob of an
 * archived blob to another blob of its account, naming an online tier, is accepted pending; the
 * destination is archived and being rehydrated (at the priority asked) until the server's
 * rehydration delay (two seconds here) has passed, then readable in that tier, its copy succeeded.
 * Without an online tier, to the blob itself, from another account, or by Copy Blob From URL, a
 * copy of an archived blob is 409 BlobArchived and writes nothing. Sources over 256 KiB are copied
 * in the background first.
 */
class RehydrateCopyTest {
    private static final Duration REHYDRATION = Duration.ofSeconds(2);
    private static final Duration POLL = Duration.ofMillis(100);
    private static final String OTHER = "rehydratesource";
    private static final String OTHER_KEY = "cmVoeWRyYXRpb24gYnkgY29weSBzb3VyY2UgYWNjb3VudCBrZXk=";
    private static final BlobServers SERVERS = new BlobServers(builder -> builder
            .account(Account.of(Account.DEVELOPMENT_NAME, Account.DEVELOPMENT_KEY))
            .account(Account.of(OTHER, OTHER_KEY))
            .blobRehydrationDelay(REHYDRATION)
            .blobCopies(new CopySettings(256 * 1024, 64 * 1024, Duration.ZERO, Duration.ofSeconds(10),
                    64L * 1024 * 1024)));

    @AfterAll
    static void stop() {
        SERVERS.close();
    }

    private static BlobClient archived(BlobContainerClient container, String name, byte[] bytes) {
        BlobClient blob = container.getBlobClient(name);
        blob.upload(BinaryData.fromBytes(bytes));
        blob.setAccessTier(AccessTier.ARCHIVE);
        return blob;
    }

    @ParameterizedTest
    @EachStore
    void copyingAnArchivedBlobToAnOnlineTierRehydratesTheCopy(ServerFixture store) {
        BlobContainerClient container = SERVERS.newContainer(store, "rehydrate");
        BlobClient source = archived(container, "archived.txt", "offline words".getBytes());
        BlobClient target = container.getBlobClient("online.txt");

        SyncPoller<BlobCopyInfo, Void> poller = target.beginCopy(new BlobBeginCopyOptions(source.getBlobUrl())
                .setTier(AccessTier.HOT).setRehydratePriority(RehydratePriority.HIGH).setPollInterval(POLL));
        CopyStatusType answered = poller.poll().getValue().getCopyStatus();
        BlobProperties during = target.getProperties();
        assertBlobError(target::downloadContent, 409, "BlobBeingRehydrated");
        PollResponse<BlobCopyInfo> done = poller.waitForCompletion(REHYDRATION.multipliedBy(10));

        assertThat(answered).isEqualTo(CopyStatusType.PENDING);
        assertThat(during.getCopyStatus()).isEqualTo(CopyStatusType.PENDING);
        assertThat(during.getAccessTier()).isEqualTo(AccessTier.ARCHIVE);
        assertThat(during.getArchiveStatus()).isEqualTo(ArchiveStatus.REHYDRATE_PENDING_TO_HOT);
        assertThat(during.getRehydratePriority()).isEqualTo(RehydratePriority.HIGH);
        assertThat(done.getValue().getCopyStatus()).isEqualTo(CopyStatusType.SUCCESS);
        BlobProperties after = target.getProperties();
        assertThat(after.getAccessTier()).isEqualTo(AccessTier.HOT);
        assertThat(after.getArchiveStatus()).isNull();
        assertThat(after.getCopyStatus()).isEqualTo(CopyStatusType.SUCCESS);
        assertThat(after.getCopyProgress()).isEqualTo("13/13");
        assertThat(target.downloadContent().toString()).isEqualTo("offline words");
        assertThat(source.getProperties().getAccessTier()).as("the source stays archived")
                .isEqualTo(AccessTier.ARCHIVE);
    }

    @ParameterizedTest
    @EachStore
    void aLargeArchivedBlobIsCopiedInTheBackgroundThenRehydrated(ServerFixture store) {
        BlobContainerClient container = SERVERS.newContainer(store, "rehydratelarge");
        byte[] bytes = BlobData.randomBytes(13, 1024 * 1024);
        BlobClient source = archived(container, "archived.bin", bytes);
        BlobClient target = container.getBlobClient("cool.bin");

        PollResponse<BlobCopyInfo> done = target.beginCopy(new BlobBeginCopyOptions(source.getBlobUrl())
                .setTier(AccessTier.COOL).setPollInterval(POLL)).waitForCompletion(REHYDRATION.multipliedBy(10));

        assertThat(done.getValue().getCopyStatus()).isEqualTo(CopyStatusType.SUCCESS);
        assertThat(target.getProperties().getAccessTier()).isEqualTo(AccessTier.COOL);
        assertThat(target.downloadContent().toBytes()).isEqualTo(bytes);
    }

    @ParameterizedTest
    @EachStore
    void anArchivedBlobIsCopiedOnlyToAnotherBlobOfItsAccountInAnOnlineTier(ServerFixture store) {
        BlobContainerClient container = SERVERS.newContainer(store, "archivedcopy");
        BlobClient source = archived(container, "archived.txt", "offline".getBytes());
        BlobClient target = container.getBlobClient("copy.txt");
        String readable = source.getBlobUrl() + "?" + source.generateSas(new BlobServiceSasSignatureValues(
                OffsetDateTime.now().plusHours(1), new BlobSasPermission().setReadPermission(true)));

        assertBlobError(() -> target.beginCopy(source.getBlobUrl(), POLL), 409, "BlobArchived");
        assertBlobError(() -> target.beginCopy(new BlobBeginCopyOptions(source.getBlobUrl())
                .setTier(AccessTier.ARCHIVE).setPollInterval(POLL)), 409, "BlobArchived");
        assertBlobError(() -> source.beginCopy(new BlobBeginCopyOptions(source.getBlobUrl())
                .setTier(AccessTier.HOT).setPollInterval(POLL)), 409, "BlobArchived");
        assertBlobError(() -> target.copyFromUrlWithResponse(new BlobCopyFromUrlOptions(readable)
                .setTier(AccessTier.HOT), null, Context.NONE), 409, "BlobArchived");

        assertThat(target.exists()).isFalse();
        assertThat(source.getProperties().getArchiveStatus()).as("the source is not rehydrated").isNull();
    }

    @ParameterizedTest
    @EachStore
    void anArchivedBlobOfAnotherAccountIsNotCopied(ServerFixture store) {
        BlobContainerClient others = new BlobServiceClientBuilder()
                .endpoint(SERVERS.cerulean(store).blobEndpoint(OTHER))
                .credential(new StorageSharedKeyCredential(OTHER, OTHER_KEY)).retryOptions(BlobServers.oneTry())
                .buildClient().createBlobContainer(BlobServers.uniqueName("archivedother"));
        BlobClient source = archived(others, "archived.txt", "elsewhere".getBytes());
        String readable = source.getBlobUrl() + "?" + source.generateSas(new BlobServiceSasSignatureValues(
                OffsetDateTime.now().plusHours(1), new BlobSasPermission().setReadPermission(true)));
        BlobClient target = SERVERS.newContainer(store, "archivedtarget").getBlobClient("copy.txt");

        assertBlobError(() -> target.beginCopy(new BlobBeginCopyOptions(readable).setTier(AccessTier.HOT)
                .setPollInterval(POLL)), 409, "BlobArchived");

        assertThat(target.exists()).isFalse();
    }

    @ParameterizedTest
    @EachStore
    void abortingACopyThatRehydratesLeavesTheDestinationEmpty(ServerFixture store) {
        BlobContainerClient container = SERVERS.newContainer(store, "rehydrateabort");
        BlobClient source = archived(container, "archived.txt", "never seen".getBytes());
        BlobClient target = container.getBlobClient("aborted.txt");

        String copyId = target.beginCopy(new BlobBeginCopyOptions(source.getBlobUrl()).setTier(AccessTier.COOL)
                .setPollInterval(POLL)).poll().getValue().getCopyId();
        target.abortCopyFromUrl(copyId);

        BlobProperties aborted = target.getProperties();
        assertThat(aborted.getCopyStatus()).isEqualTo(CopyStatusType.ABORTED);
        assertThat(aborted.getBlobSize()).isZero();
        assertThat(aborted.getArchiveStatus()).isNull();
        assertThat(target.downloadContent().toBytes()).isEmpty();
    }
}
