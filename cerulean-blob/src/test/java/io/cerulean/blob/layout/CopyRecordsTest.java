package io.cerulean.blob.layout;

import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.blob.model.AccessTier;
import io.cerulean.blob.model.BlobProperties;
import io.cerulean.blob.model.BlobType;
import io.cerulean.blob.model.ContentHeaders;
import io.cerulean.blob.model.CopyInfo;
import io.cerulean.blob.model.DestinationSettings;
import io.cerulean.blob.model.Lease;
import io.cerulean.blob.model.RehydratePriority;
import io.cerulean.storage.StoredValue;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A copy's record in a blob row: a finished copy in the copy section alone, any other state in field 6
 * besides, and what a pending copy sets on its destination once complete in field 7.
 */
class CopyRecordsTest {
    private static final Instant T = Instant.parse("2026-11-29T06:00:00Z");

    private static BlobProperties copiedBy(CopyInfo copy) {
        return new BlobProperties("dst", BlobProperties.BASE, BlobType.BLOCK_BLOB, 7, T, T, 0,
                ContentHeaders.NONE, Map.of(), List.of(), Lease.NONE, copy, 0);
    }

    private static BlobProperties roundTrip(BlobProperties blob) {
        StoredValue value = BlobRecords.blobValue(1, blob);
        return BlobRecords.readBlob("dst", BlobProperties.BASE, value);
    }

    @Test
    void aCopyThatSucceededTakesNoOptionalField() {
        BlobProperties blob = copiedBy(new CopyInfo("id", "http://h/a/c/b", T, 11));
        BlobProperties plain = copiedBy(null);

        assertThat(roundTrip(blob)).isEqualTo(blob);
        assertThat(BlobRecords.blobValue(1, blob).bytes().length - BlobRecords.blobValue(1, plain).bytes().length)
                .as("the copy section only: its flag's byte aside, id, source, moment and length")
                .isEqualTo(4 + 2 + 4 + 14 + 8 + 8);
    }

    @Test
    void pendingFailedAbortedAndIncrementalCopiesReadBack() {
        CopyInfo pending = CopyInfo.pending("id", "http://h/a/c/b", 4096, T).progressedTo(1024, T.plusSeconds(2));
        List<CopyInfo> copies = List.of(pending,
                pending.finished(CopyInfo.Status.FAILED, "404 CannotVerifyCopySource", T.plusSeconds(3)),
                pending.finished(CopyInfo.Status.ABORTED, null, T.plusSeconds(4)),
                new CopyInfo("id", "http://h/a/c/b?snapshot=x", T, 512).withIncrementalSnapshot(123456789L));
        for (CopyInfo copy : copies) {
            BlobProperties blob = copiedBy(copy);
            assertThat(roundTrip(blob)).as(copy.toString()).isEqualTo(blob);
        }
    }

    @Test
    void aPendingCopyThatStoppedMovingIsFailedAfterAMinute() {
        CopyInfo pending = CopyInfo.pending("id", "http://h/a/c/b", 4096, T).progressedTo(1024, T);

        assertThat(pending.at(T.plusSeconds(60))).isEqualTo(pending);
        assertThat(pending.pendingAt(T.plusSeconds(60))).isTrue();
        CopyInfo stalled = pending.at(T.plusSeconds(61));
        assertThat(stalled.status()).isEqualTo(CopyInfo.Status.FAILED);
        assertThat(stalled.progress()).isEqualTo("1024/4096");
        assertThat(stalled.description()).contains("stopped");
        assertThat(stalled.completed()).isEqualTo(T.plus(CopyInfo.STALLED_AFTER));
    }

    @Test
    void whatAPendingCopySetsOnceCompleteReadsBackInField7() {
        DestinationSettings settings = new DestinationSettings(Map.of("project", "alpha", "b", ""), AccessTier.COOL,
                RehydratePriority.HIGH, true).rehydrating();
        List<CopyInfo> copies = List.of(
                CopyInfo.pending("id", "http://h/a/c/b", 4096, T).withSettings(settings),
                CopyInfo.pending("id", "http://h/a/c/b", 4096, T).progressedTo(1024, T.plusSeconds(2))
                        .withSettings(new DestinationSettings(Map.of(), null, null, false)),
                CopyInfo.awaitingRehydration("id", "http://h/a/c/b", 4096, T));
        for (CopyInfo copy : copies) {
            BlobProperties blob = copiedBy(copy);
            assertThat(roundTrip(blob)).as(copy.toString()).isEqualTo(blob);
        }
        assertThat(copies.get(0).finished(CopyInfo.Status.SUCCESS, null, T).settings())
                .as("a finished copy keeps nothing to apply").isNull();
    }

    @Test
    void aCopyAwaitingItsRehydrationIsNeverTakenForStalled() {
        CopyInfo awaiting = CopyInfo.awaitingRehydration("id", "http://h/a/c/b", 4096, T);

        assertThat(awaiting.at(T.plus(java.time.Duration.ofDays(1)))).isEqualTo(awaiting);
        assertThat(awaiting.progress()).isEqualTo("4096/4096");
    }
}
