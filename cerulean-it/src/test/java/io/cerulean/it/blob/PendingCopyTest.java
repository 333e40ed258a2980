package io.cerulean.it.blob;

import static io.cerulean.it.blob.BlobErrors.assertBlobError;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.util.BinaryData;
import com.azure.core.util.polling.PollResponse;
import com.azure.core.util.polling.SyncPoller;
import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.models.BlobCopyInfo;
import com.azure.storage.blob.models.BlobProperties;
import com.azure.storage.blob.models.CopyStatusType;
import com.azure.storage.blob.options.BlobBeginCopyOptions;
import io.cerulean.it.EachStore;
import io.cerulean.it.ServerFixture;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * Copy Blob of a source larger than the server's threshold (here 256 KiB) answers {@code pending}
 * and copies in the background, 64 KiB a chunk (here 100 ms apart, so that a copy of a few MiB is
 * still pending when the test looks): the SDK's poller sees it through to {@code success}, and Abort
 * Copy Blob stops it, leaving the destination empty with its metadata.
 */
class PendingCopyTest {
    private static final CopyServers SERVERS = new CopyServers(Duration.ofMillis(100));
    private static final Duration POLL = Duration.ofMillis(100);

    @AfterAll
    static void stop() {
        SERVERS.close();
    }

    private static BlobClient source(BlobContainerClient container, int bytes) {
        BlobClient source = container.getBlobClient("large.bin");
        source.upload(BinaryData.fromBytes(BlobData.randomBytes(7, bytes)));
        return source;
    }

    @ParameterizedTest
    @EachStore
    void aLargeCopyIsPendingWithProgressThenSucceeds(ServerFixture store) {
        BlobContainerClient container = CopyServers.newContainer(SERVERS.service(store), "pending");
        BlobClient source = source(container, 1024 * 1024);
        BlobClient target = container.getBlobClient("copy.bin");

        SyncPoller<BlobCopyInfo, Void> poller = target.beginCopy(source.getBlobUrl(), POLL);
        BlobProperties during = target.getProperties();
        PollResponse<BlobCopyInfo> done = poller.waitForCompletion();

        assertThat(during.getCopyStatus()).isEqualTo(CopyStatusType.PENDING);
        assertThat(during.getBlobSize()).as("a destination being copied is empty").isZero();
        assertThat(during.getCopyProgress()).endsWith("/" + 1024 * 1024);
        assertThat(done.getValue().getCopyStatus()).isEqualTo(CopyStatusType.SUCCESS);
        BlobProperties after = target.getProperties();
        assertThat(after.getCopyStatus()).isEqualTo(CopyStatusType.SUCCESS);
        assertThat(after.getCopyProgress()).isEqualTo(1024 * 1024 + "/" + 1024 * 1024);
        assertThat(after.getCopyCompletionTime()).isNotNull();
        assertThat(after.getCopyId()).isEqualTo(done.getValue().getCopyId());
        assertThat(target.downloadContent().toBytes()).isEqualTo(source.downloadContent().toBytes());
    }

    @ParameterizedTest
    @EachStore
    void abortingAPendingCopyLeavesTheDestinationEmptyWithItsMetadata(ServerFixture store) {
        BlobContainerClient container = CopyServers.newContainer(SERVERS.service(store), "abort");
        BlobClient source = source(container, 4 * 1024 * 1024);
        BlobClient target = container.getBlobClient("copy.bin");

        SyncPoller<BlobCopyInfo, Void> poller = target.beginCopy(new BlobBeginCopyOptions(source.getBlobUrl())
                .setMetadata(Map.of("Kept", "yes")).setPollInterval(POLL));
        String copyId = poller.poll().getValue().getCopyId();
        assertBlobError(() -> target.abortCopyFromUrl("00000000-0000-0000-0000-000000000000"), 409,
                "CopyIdMismatch");
        target.abortCopyFromUrl(copyId);

        BlobProperties aborted = target.getProperties();
        assertThat(aborted.getCopyStatus()).isEqualTo(CopyStatusType.ABORTED);
        assertThat(aborted.getCopyId()).isEqualTo(copyId);
        assertThat(aborted.getBlobSize()).isZero();
        assertThat(aborted.getMetadata()).containsExactlyEntriesOf(Map.of("Kept", "yes"));
        assertBlobError(() -> target.abortCopyFromUrl(copyId), 409, "NoPendingCopyOperation");
        assertThat(target.downloadContent().toBytes()).isEmpty();
    }

    @ParameterizedTest
    @EachStore
    void thereIsNothingToAbortOnABlobNotBeingCopied(ServerFixture store) {
        BlobContainerClient container = CopyServers.newContainer(SERVERS.service(store), "noabort");
        BlobClient blob = container.getBlobClient("plain.txt");
        blob.upload(BinaryData.fromString("plain"));
        BlobClient small = container.getBlobClient("small-copy.txt");
        small.beginCopy(blob.getBlobUrl(), POLL).waitForCompletion();

        assertBlobError(() -> blob.abortCopyFromUrl("00000000-0000-0000-0000-000000000000"), 409,
                "NoPendingCopyOperation");
        assertBlobError(() -> small.abortCopyFromUrl(small.getProperties().getCopyId()), 409,
                "NoPendingCopyOperation");
        assertBlobError(() -> container.getBlobClient("missing").abortCopyFromUrl("x"), 404, "BlobNotFound");
        assertThat(small.downloadContent().toString()).isEqualTo("plain");
    }

    /** A blob written over while its copy is pending is the write's: the copy ends without touching it. */
    @ParameterizedTest
    @EachStore
    void aBlobWrittenOverMidCopyKeepsTheWrite(ServerFixture store) throws InterruptedException {
        BlobContainerClient container = CopyServers.newContainer(SERVERS.service(store), "overwrite");
        BlobClient source = source(container, 1024 * 1024);
        BlobClient target = container.getBlobClient("copy.bin");

        assertThat(target.beginCopy(source.getBlobUrl(), POLL).poll().getValue().getCopyStatus())
                .isEqualTo(CopyStatusType.PENDING);
        target.upload(BinaryData.fromString("written over"), true);
        Thread.sleep(2_500); // past the 16 chunks, 100 ms apart, the copy would have taken

        assertThat(target.downloadContent().toString()).isEqualTo("written over");
        assertThat(target.getProperties().getCopyId()).isNull();
    }
}
