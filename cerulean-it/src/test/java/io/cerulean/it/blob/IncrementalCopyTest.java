package io.cerulean.it.blob;

import static io.cerulean.it.blob.BlobErrors.assertBlobError;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.models.BlobProperties;
import com.azure.storage.blob.models.CopyStatusType;
import com.azure.storage.blob.models.PageRange;
import com.azure.storage.blob.sas.BlobSasPermission;
import com.azure.storage.blob.sas.BlobServiceSasSignatureValues;
import com.azure.storage.blob.specialized.PageBlobClient;
import io.cerulean.it.EachStore;
import io.cerulean.it.ServerFixture;
import java.io.ByteArrayInputStream;
import java.time.Duration;
import java.time.OffsetDateTime;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * Incremental Copy Blob ({@code PageBlobClient.copyIncremental}): a page blob's snapshot, named with
 * its SAS, copied into an incremental copy blob, each copy making a snapshot of the destination that
 * holds what the source's snapshot held; the reference's refusals (409).
 */
class IncrementalCopyTest {
    private static final CopyServers SERVERS = new CopyServers(Duration.ZERO);

    @AfterAll
    static void stop() {
        SERVERS.close();
    }

    /** The source blob's URL with a SAS for its snapshot {@code snapshot}; the SDK adds the snapshot. */
    private static String source(PageBlobClient source, String snapshot) {
        return source.getBlobUrl() + "?" + source.getSnapshotClient(snapshot).generateSas(
                new BlobServiceSasSignatureValues(OffsetDateTime.now().plusHours(1),
                        new BlobSasPermission().setReadPermission(true)));
    }

    private static void write(PageBlobClient blob, int page, long seed) {
        blob.uploadPages(new PageRange().setStart(page * 512L).setEnd(page * 512L + 511),
                new ByteArrayInputStream(BlobData.randomBytes(seed, 512)));
    }

    @ParameterizedTest
    @EachStore
    void twoIncrementalCopiesEachMakeADestinationSnapshotOfTheSourcesSnapshot(ServerFixture store) {
        BlobContainerClient container = CopyServers.newContainer(SERVERS.service(store), "incr");
        PageBlobClient source = container.getBlobClient("disk").getPageBlobClient();
        source.create(2048);
        write(source, 0, 1);
        String first = source.createSnapshot().getSnapshotId();
        PageBlobClient backup = container.getBlobClient("backup").getPageBlobClient();

        assertThat(backup.copyIncremental(source(source, first), first)).isEqualTo(CopyStatusType.SUCCESS);
        BlobProperties afterFirst = backup.getProperties();
        write(source, 2, 2);
        String second = source.createSnapshot().getSnapshotId();
        assertThat(backup.copyIncremental(source(source, second), second)).isEqualTo(CopyStatusType.SUCCESS);
        BlobProperties afterSecond = backup.getProperties();

        assertThat(afterFirst.isIncrementalCopy()).isTrue();
        assertThat(afterFirst.getCopyDestinationSnapshot()).isNotNull();
        assertThat(afterSecond.getCopyDestinationSnapshot()).isNotNull()
                .isNotEqualTo(afterFirst.getCopyDestinationSnapshot());
        assertThat(backup.getSnapshotClient(afterFirst.getCopyDestinationSnapshot()).downloadContent().toBytes())
                .isEqualTo(source.getSnapshotClient(first).downloadContent().toBytes());
        assertThat(backup.getSnapshotClient(afterSecond.getCopyDestinationSnapshot()).downloadContent().toBytes())
                .isEqualTo(source.getSnapshotClient(second).downloadContent().toBytes());
        assertThat(backup.getProperties().getBlobType().toString()).isEqualTo("PageBlob");
    }

    @ParameterizedTest
    @EachStore
    void theReferencesRefusals(ServerFixture store) {
        BlobContainerClient container = CopyServers.newContainer(SERVERS.service(store), "incrno");
        PageBlobClient source = container.getBlobClient("disk").getPageBlobClient();
        source.create(1024);
        write(source, 0, 3);
        String first = source.createSnapshot().getSnapshotId();
        String second = source.createSnapshot().getSnapshotId();
        PageBlobClient other = container.getBlobClient("other").getPageBlobClient();
        other.create(512);
        String otherSnapshot = other.createSnapshot().getSnapshotId();
        PageBlobClient backup = container.getBlobClient("backup").getPageBlobClient();
        backup.copyIncremental(source(source, second), second);

        assertBlobError(() -> backup.copyIncremental(source(source, first), first), 409,
                "IncrementalCopyOfEralierVersionSnapshotNotAllowed");
        assertBlobError(() -> backup.copyIncremental(source(other, otherSnapshot), otherSnapshot), 409,
                "IncrementalCopyBlobMismatch");
        assertBlobError(() -> other.copyIncremental(source(source, second), second), 409,
                "IncrementalCopyBlobMismatch");
        assertBlobError(() -> write(backup, 0, 4), 409, "OperationNotAllowedOnIncrementalCopyBlob");
        assertBlobError(() -> container.getBlobClient("unsigned").getPageBlobClient()
                .copyIncremental(source.getBlobUrl(), second), 404, "CannotVerifyCopySource");
    }
}
