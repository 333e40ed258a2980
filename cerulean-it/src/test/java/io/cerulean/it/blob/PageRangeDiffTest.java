package io.cerulean.it.blob;

import static io.cerulean.it.blob.BlobErrors.assertBlobError;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import com.azure.core.util.BinaryData;
import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.models.BlobRange;
import com.azure.storage.blob.models.ClearRange;
import com.azure.storage.blob.models.PageList;
import com.azure.storage.blob.models.PageRange;
import com.azure.storage.blob.models.PageRangeItem;
import com.azure.storage.blob.specialized.PageBlobClient;
import com.azure.storage.blob.specialized.SpecializedBlobClientBuilder;
import io.cerulean.it.EachStore;
import io.cerulean.it.ServerFixture;
import java.io.ByteArrayInputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * Get Page Ranges against an earlier snapshot ({@code prevsnapshot}, and the same snapshot named by
 * URL): the pages written since, and those cleared since as clear ranges; the refusals of a previous
 * snapshot that is not there or not older.
 */
class PageRangeDiffTest {
    private static final BlobServers SERVERS = new BlobServers();
    private static final int P = 512;

    @AfterAll
    static void stop() {
        SERVERS.close();
    }

    /** Pages 0 and 1 written, a snapshot, then page 1 written again, page 0 cleared and page 3 written. */
    private static String[] changedSinceSnapshot(PageBlobClient blob) {
        blob.create(4 * P);
        write(blob, 0, 2 * P);
        String first = blob.createSnapshot().getSnapshotId();
        write(blob, P, P);
        blob.clearPages(new PageRange().setStart(0).setEnd(P - 1));
        write(blob, 3 * P, P);
        String second = blob.createSnapshot().getSnapshotId();
        return new String[] {first, second};
    }

    @ParameterizedTest
    @EachStore
    void theDiffListsPagesWrittenAndPagesClearedSinceTheSnapshot(ServerFixture store) {
        PageBlobClient blob = SERVERS.newContainer(store, "pdiff").getBlobClient("disk").getPageBlobClient();
        String first = changedSinceSnapshot(blob)[0];

        PageList diff = blob.getPageRangesDiff(null, first);

        assertThat(diff.getPageRange()).extracting(PageRange::getStart, PageRange::getEnd)
                .containsExactly(tuple((long) P, 2L * P - 1), tuple(3L * P, 4L * P - 1));
        assertThat(diff.getClearRange()).extracting(ClearRange::getStart, ClearRange::getEnd)
                .containsExactly(tuple(0L, (long) P - 1));
        assertThat(blob.listPageRangesDiff(new BlobRange(0, 4L * P), first).stream())
                .extracting(item -> item.getRange().getOffset(), PageRangeItem::isClear)
                .containsExactlyInAnyOrder(tuple(0L, true), tuple((long) P, false), tuple(3L * P, false));
        assertThat(blob.getPageRangesDiff(new BlobRange(2 * P, 2L * P), first).getPageRange())
                .extracting(PageRange::getStart, PageRange::getEnd).containsExactly(tuple(3L * P, 4L * P - 1));
    }

    @ParameterizedTest
    @EachStore
    void aSnapshotIsComparedWithAnEarlierOneAndNothingChangedIsAnEmptyList(ServerFixture store) {
        PageBlobClient blob = SERVERS.newContainer(store, "psnap").getBlobClient("disk").getPageBlobClient();
        String[] snapshots = changedSinceSnapshot(blob);

        PageList between = snapshotOf(blob, snapshots[1]).getPageRangesDiff(null, snapshots[0]);
        PageList sinceSecond = blob.getPageRangesDiff(null, snapshots[1]);

        assertThat(between.getPageRange()).hasSize(2);
        assertThat(between.getClearRange()).hasSize(1);
        assertThat(sinceSecond.getPageRange()).isEmpty();
        assertThat(sinceSecond.getClearRange()).isEmpty();
    }

    @ParameterizedTest
    @EachStore
    void thePreviousSnapshotNamedByItsUrlGivesTheSameDiff(ServerFixture store) {
        BlobClient client = SERVERS.newContainer(store, "purl").getBlobClient("disk");
        PageBlobClient blob = client.getPageBlobClient();
        String first = changedSinceSnapshot(blob)[0];
        String url = client.getSnapshotClient(first).getBlobUrl();

        PageList diff = blob.getManagedDiskPageRangesDiff(null, url);

        assertThat(diff.getPageRange()).extracting(PageRange::getStart).containsExactly((long) P, 3L * P);
        assertThat(diff.getClearRange()).extracting(ClearRange::getStart).containsExactly(0L);
    }

    @ParameterizedTest
    @EachStore
    void aPreviousSnapshotThatIsNotThereOrNotOlderIsRefused(ServerFixture store) {
        BlobContainerClient container = SERVERS.newContainer(store, "pbad");
        PageBlobClient blob = container.getBlobClient("disk").getPageBlobClient();
        String[] snapshots = changedSinceSnapshot(blob);
        PageBlobClient firstSnapshot = snapshotOf(blob, snapshots[0]);
        container.getBlobClient("other").upload(BinaryData.fromString("x"));
        String otherBlobsUrl = container.getBlobClient("other").getBlobUrl() + "?snapshot=" + snapshots[0];

        assertBlobError(() -> blob.getPageRangesDiff(null, "2001-01-01T00:00:00.0000000Z"), 409,
                "PreviousSnapshotNotFound");
        assertBlobError(() -> firstSnapshot.getPageRangesDiff(null, snapshots[1]), 400,
                "PreviousSnapshotCannotBeNewer");
        assertBlobError(() -> blob.getManagedDiskPageRangesDiff(null, otherBlobsUrl), 409, "PreviousSnapshotNotFound");
    }

    private static PageBlobClient snapshotOf(PageBlobClient blob, String snapshot) {
        return new SpecializedBlobClientBuilder().blobClient(blob).snapshot(snapshot).buildPageBlobClient();
    }

    private static void write(PageBlobClient blob, long offset, int length) {
        byte[] bytes = BlobData.randomBytes(offset + length, length);
        blob.uploadPages(new PageRange().setStart(offset).setEnd(offset + length - 1), new ByteArrayInputStream(bytes));
    }
}
