package io.cerulean.blob.service;

import io.cerulean.blob.error.BlobError;
import io.cerulean.blob.layout.BlobRecords;
import io.cerulean.blob.model.BlobProperties;
import io.cerulean.common.error.ServiceException;
import io.cerulean.storage.ByteView;
import io.cerulean.storage.KeyValueStore;
import io.cerulean.storage.RecordCursor;
import io.cerulean.storage.RecordRange;
import io.cerulean.storage.Space;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * What soft delete keeps: Undelete Blob brings back a name's soft-deleted blob, snapshots and
 * versions, and a sweep removes for good what was deleted longer ago than its account's retention.
 * Both are {@link BlobWrites} on the blob's partition: a sweep's removal is a commit on the rows as
 * read, so a blob undeleted meanwhile stays, and the bytes the removed rows alone named are released
 * as every write releases them. Thread-safe.
 */
final class SoftDeletes {
    private final KeyValueStore store;
    private final Containers containers;
    private final BlobWrites writes;
    private final Clock clock;

    SoftDeletes(KeyValueStore store, Containers containers, BlobWrites writes, Clock clock) {
        this.store = store;
        this.containers = containers;
        this.writes = writes;
        this.clock = clock;
    }

    /**
     * Undelete Blob: the soft-deleted blob, if the name has no live one, and every soft-deleted
     * snapshot and version come back as they were. A blob with nothing deleted is left as it is;
     * 404 BlobNotFound when the name has neither a blob nor anything kept.
     */
    void undelete(String account, String container, String name) {
        writes.write(account, container, name, (partition, now) -> {
            if (partition.blob == null && partition.deletedBlob == null && partition.snapshots.isEmpty()
                    && partition.versions.isEmpty()) {
                throw new ServiceException(BlobError.BLOB_NOT_FOUND);
            }
            if (partition.deletedBlob != null) {
                partition.blob = BlobPartition.written(partition.deletedBlob.value().withDeleted(null));
                partition.deletedBlob = null;
            }
            restore(partition.snapshots);
            restore(partition.versions);
            return null;
        });
    }

    private static void restore(TreeMap<Long, BlobPartition.Row<BlobProperties>> rows) {
        rows.replaceAll((key, row) -> row.value().deleted() == null ? row
                : BlobPartition.written(row.value().withDeleted(null)));
    }

    /**
     * Removes every blob, snapshot and version deleted longer ago than its account's retention
     * ({@code retention}: null for an account that keeps nothing now, whose deleted data stays).
     *
     * @return how many rows were removed
     */
    long sweep(Function<String, Duration> retention) {
        long removed = 0;
        Instant now = clock.instant();
        for (Map.Entry<String, List<Long>> account : containers.blobInstancesByAccount().entrySet()) {
            Duration kept = retention.apply(account.getKey());
            if (kept == null) {
                continue;
            }
            Instant cutoff = now.minus(kept);
            for (long instance : account.getValue()) {
                removed += sweep(BlobRecords.space(instance), cutoff);
            }
        }
        return removed;
    }

    private long sweep(Space space, Instant cutoff) {
        List<String> expired = new ArrayList<>();
        try (RecordCursor cursor = store.scan(space, RecordRange.all())) {
            while (cursor.advance()) {
                ByteView row = cursor.row();
                if (BlobRecords.isStagedRow(row.array(), row.offset(), row.length())) {
                    continue;
                }
                ByteView payload = cursor.payload();
                Instant deleted = BlobRecords.readBlob("", BlobProperties.BASE, payload.array(), payload.offset(),
                        payload.length()).deleted();
                ByteView partition = cursor.partition();
                String name = BlobRecords.blobName(partition.array(), partition.offset(), partition.length());
                if (deleted != null && !deleted.isAfter(cutoff)
                        && (expired.isEmpty() || !expired.get(expired.size() - 1).equals(name))) {
                    expired.add(name);
                }
            }
        }
        long removed = 0;
        for (String name : expired) {
            removed += writes.write(space, name, (partition, now) -> {
                int before = partition.snapshots.size() + partition.versions.size();
                partition.snapshots.values().removeIf(row -> expired(row.value(), cutoff));
                partition.versions.values().removeIf(row -> expired(row.value(), cutoff));
                long gone = before - partition.snapshots.size() - partition.versions.size();
                if (partition.deletedBlob != null && expired(partition.deletedBlob.value(), cutoff)) {
                    partition.deletedBlob = null;
                    gone++;
                }
                return gone;
            });
        }
        return removed;
    }

    private static boolean expired(BlobProperties blob, Instant cutoff) {
        return blob.deleted() != null && !blob.deleted().isAfter(cutoff);
    }
}
