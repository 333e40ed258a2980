package io.cerulean.blob.layout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cerulean.blob.model.AccessTier;
import io.cerulean.blob.model.BlobProperties;
import io.cerulean.blob.model.BlobType;
import io.cerulean.blob.model.ContentHeaders;
import io.cerulean.blob.model.Lease;
import io.cerulean.blob.model.Segment;
import io.cerulean.blob.model.Tiering;
import io.cerulean.storage.StoredValue;
import io.cerulean.storage.content.ContentId;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BlobRecordsTest {
    private static final Instant T = Instant.parse("2026-11-29T06:00:00Z");

    private static BlobProperties plain() {
        return new BlobProperties("a/b", BlobProperties.BASE, BlobType.BLOCK_BLOB, 7, T, T.plusSeconds(1), 3,
                new ContentHeaders("text/plain", null, null, null, null, null), Map.of("m", "v"),
                List.of(new Segment(null, new ContentId("00112233445566778899aabbccddeeff"), 0, 3)), Lease.NONE, null,
                0);
    }

    @Test
    void aBlobWithNoOptionalFieldsReadsBackEqual() {
        BlobProperties blob = plain();
        assertThat(BlobRecords.readBlob("a/b", BlobProperties.BASE, BlobRecords.blobValue(1, blob))).isEqualTo(blob);
    }

    @Test
    void everyOptionalFieldReadsBack() {
        BlobProperties blob = plain().withTags(Map.of("project", "cerulean", "b", ""))
                .withTiering(new Tiering(AccessTier.ARCHIVE, false, T, AccessTier.COOL, "High", T.plusSeconds(5)))
                .withSealed(true).withVersionId("2026-11-29T06:00:00.1234567Z").withDeleted(T.plusSeconds(9));
        BlobProperties read = BlobRecords.readBlob("a/b", BlobProperties.BASE, BlobRecords.blobValue(1, blob));
        assertThat(read).isEqualTo(blob);
        assertThat(read.tags()).containsExactly(Map.entry("b", ""), Map.entry("project", "cerulean"));
    }

    @Test
    void aFormatOneRowReadsAsABlobWithNoOptionalFields() {
        BlobProperties blob = plain();
        StoredValue value = BlobRecords.blobValue(1, blob);
        byte[] bytes = value.bytes().clone();
        bytes[StoredValue.HEADROOM] = 1; // format 1 rows end with the segments
        BlobProperties read = BlobRecords.readBlob("a/b", BlobProperties.BASE, new StoredValue(1, bytes));
        assertThat(read).isEqualTo(blob);
        assertThat(read.tiering()).isEqualTo(Tiering.INFERRED_HOT);
        assertThat(read.tags()).isEmpty();
    }

    @Test
    void aRowOfALaterFormatIsRefused() {
        StoredValue value = BlobRecords.blobValue(1, plain());
        byte[] bytes = value.bytes().clone();
        bytes[StoredValue.HEADROOM] = 3;
        assertThatThrownBy(() -> BlobRecords.readBlob("a/b", BlobProperties.BASE, new StoredValue(1, bytes)))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("format 3");
        assertThat(Arrays.equals(bytes, value.bytes())).isFalse();
    }

    @Test
    void versionRowsSortAfterTheSnapshotOfTheirMomentAndBeforeTheBlob() {
        byte[] snapshot = BlobRecords.snapshotRow(500);
        byte[] version = BlobRecords.versionRow(500);
        byte[] later = BlobRecords.snapshotRow(501);

        assertThat(BlobRecords.isVersionRow(version, 0, version.length)).isTrue();
        assertThat(BlobRecords.isSnapshotRow(version, 0, version.length)).isFalse();
        assertThat(BlobRecords.isVersionRow(snapshot, 0, snapshot.length)).isFalse();
        assertThat(BlobRecords.version(version, 0)).isEqualTo(500);
        assertThat(Arrays.compareUnsigned(snapshot, version)).isNegative();
        assertThat(Arrays.compareUnsigned(version, later)).isNegative();
        assertThat(Arrays.compareUnsigned(version, BlobRecords.blobRow())).isNegative();
    }
}
