package io.cerulean.blob.service;

import io.cerulean.blob.error.BlobError;
import io.cerulean.blob.layout.BlobRecords;
import io.cerulean.blob.layout.BlobRecords.StagedBlock;
import io.cerulean.blob.model.BlobProperties;
import io.cerulean.blob.model.BlockId;
import io.cerulean.blob.model.Segment;
import io.cerulean.common.error.ServiceException;
import io.cerulean.storage.ByteView;
import io.cerulean.storage.KeyValueStore;
import io.cerulean.storage.Precondition;
import io.cerulean.storage.RecordCursor;
import io.cerulean.storage.RecordMutation;
import io.cerulean.storage.RecordRange;
import io.cerulean.storage.Space;
import io.cerulean.storage.content.ContentId;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.random.RandomGenerator;

/**
 * One blob's partition as read at one moment: the blob, its snapshots and its staged blocks, each
 * with the version it was read at. A write reads it, changes a copy ({@link #copy}), and commits
 * the difference ({@link #mutationsTo}) on the versions read, so that a writer who lost a race
 * reads again; the bytes it lets go of are those the partition named before and no longer names
 * after ({@link #contents}), whichever rows named them. Not thread-safe.
 */
final class BlobPartition {
    /** A row's value and the version it was read at; a row changed by a write has version 0 and is new. */
    record Row<T>(long version, T value) {
    }

    final String name;
    Row<BlobProperties> blob; // null when there is no committed blob
    final TreeMap<Long, Row<BlobProperties>> snapshots = new TreeMap<>();
    final Map<BlockId, Row<StagedBlock>> staged = new LinkedHashMap<>();
    /** The staged block count row as read, null when absent. A write sets it from {@link #staged}. */
    private Row<Long> stagedCount;

    private BlobPartition(String name) {
        this.name = name;
    }

    static BlobPartition read(KeyValueStore store, Space space, String name) {
        BlobPartition partition = new BlobPartition(name);
        try (RecordCursor cursor = store.scan(space, RecordRange.partition(BlobRecords.partition(name)))) {
            while (cursor.advance()) {
                ByteView row = cursor.row();
                ByteView payload = cursor.payload();
                if (BlobRecords.isBlobRow(row.array(), row.offset(), row.length())) {
                    partition.blob = new Row<>(cursor.version(), BlobRecords.readBlob(name, BlobProperties.BASE,
                            payload.array(), payload.offset(), payload.length()));
                } else if (BlobRecords.isSnapshotRow(row.array(), row.offset(), row.length())) {
                    long snapshot = BlobRecords.snapshot(row.array(), row.offset());
                    partition.snapshots.put(snapshot, new Row<>(cursor.version(), BlobRecords.readBlob(name, snapshot,
                            payload.array(), payload.offset(), payload.length())));
                } else if (BlobRecords.isStagedCountRow(row.array(), row.offset(), row.length())) {
                    partition.stagedCount = new Row<>(cursor.version(), BlobRecords.readStagedCount(payload.array(),
                            payload.offset(), payload.length()));
                } else if (BlobRecords.isStagedRow(row.array(), row.offset(), row.length())) {
                    StagedBlock block = BlobRecords.readStaged(row.array(), row.offset(), row.length(), payload.array(),
                            payload.offset(), payload.length());
                    partition.staged.put(block.id(), new Row<>(cursor.version(), block));
                }
            }
        }
        return partition;
    }

    /** The committed blob as read: 404 BlobNotFound when there is none (also with only staged blocks). */
    BlobProperties existing() {
        if (blob == null) {
            throw new ServiceException(BlobError.BLOB_NOT_FOUND);
        }
        return blob.value();
    }

    /** The committed blob as read, or null. */
    BlobProperties blobOrNull() {
        return blob == null ? null : blob.value();
    }

    /** Makes {@code written} the blob, to be committed; returns it. */
    BlobProperties setBlob(BlobProperties written) {
        blob = written(written);
        return written;
    }

    BlobPartition copy() {
        BlobPartition copy = new BlobPartition(name);
        copy.blob = blob;
        copy.snapshots.putAll(snapshots);
        copy.staged.putAll(staged);
        copy.stagedCount = stagedCount;
        return copy;
    }

    /** Every content a row of the partition names. */
    Set<ContentId> contents() {
        Set<ContentId> ids = new HashSet<>();
        if (blob != null) {
            addSegments(ids, blob.value());
        }
        snapshots.values().forEach(row -> addSegments(ids, row.value()));
        staged.values().forEach(row -> {
            if (row.value().content() != null) {
                ids.add(row.value().content());
            }
        });
        return ids;
    }

    private static void addSegments(Set<ContentId> ids, BlobProperties blob) {
        for (Segment segment : blob.segments()) {
            if (segment.content() != null) {
                ids.add(segment.content());
            }
        }
    }

    /**
     * The commit that turns this partition, as read, into {@code after}: a row gone is deleted, a row
     * new or replaced is put, each on the state read (absent, or the version read).
     */
    List<RecordMutation> mutationsTo(BlobPartition after, RandomGenerator versions) {
        List<RecordMutation> mutations = new ArrayList<>();
        diff(mutations, blob, after.blob, BlobRecords.blobRow(), versions);
        Set<Long> snapshotKeys = new HashSet<>(snapshots.keySet());
        snapshotKeys.addAll(after.snapshots.keySet());
        for (Long snapshot : snapshotKeys) {
            diff(mutations, snapshots.get(snapshot), after.snapshots.get(snapshot), BlobRecords.snapshotRow(snapshot),
                    versions);
        }
        Set<BlockId> blockIds = new HashSet<>(staged.keySet());
        blockIds.addAll(after.staged.keySet());
        for (BlockId id : blockIds) {
            Row<StagedBlock> before = staged.get(id);
            Row<StagedBlock> now = after.staged.get(id);
            if (before != null && now == null) {
                mutations.add(RecordMutation.delete(BlobRecords.stagedRow(id), new Precondition.VersionEquals(
                        before.version())));
            }
            // Staged blocks are only ever removed by a partition write; Put Block writes them on its own.
        }
        if (!after.staged.keySet().equals(staged.keySet())) {
            // The partition read holds every staged block, so the count written is exact; conditional on
            // the count read, so a Put Block that lands meanwhile makes this write read again.
            Precondition precondition = stagedCount == null ? Precondition.MUST_NOT_EXIST
                    : new Precondition.VersionEquals(stagedCount.version());
            if (!after.staged.isEmpty()) {
                mutations.add(RecordMutation.put(BlobRecords.stagedCountRow(), BlobRecords.stagedCountValue(
                        versions.nextLong(), after.staged.size()), precondition));
            } else if (stagedCount != null) {
                mutations.add(RecordMutation.delete(BlobRecords.stagedCountRow(), precondition));
            }
        }
        return mutations;
    }

    private static void diff(List<RecordMutation> mutations, Row<BlobProperties> before, Row<BlobProperties> after,
                             byte[] row, RandomGenerator versions) {
        if (Objects.equals(before, after)) {
            return;
        }
        Precondition precondition = before == null ? Precondition.MUST_NOT_EXIST
                : new Precondition.VersionEquals(before.version());
        if (after == null) {
            mutations.add(RecordMutation.delete(row, precondition));
        } else {
            mutations.add(RecordMutation.put(row, BlobRecords.blobValue(versions.nextLong(), after.value()),
                    precondition));
        }
    }

    /** A row for a value written now. */
    static <T> Row<T> written(T value) {
        return new Row<>(0, value);
    }
}
