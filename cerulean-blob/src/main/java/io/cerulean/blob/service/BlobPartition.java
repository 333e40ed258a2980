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
import java.time.Instant;
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
 * One blob's partition as read at one moment: the blob, its snapshots, its previous versions and its
 * staged blocks, each with the version it was read at. A soft-deleted blob is kept apart
 * ({@link #deletedBlob}), so that every write sees no blob; soft-deleted snapshots and versions stay
 * in their maps, marked. (A row's version, which commits compare, is not a blob version.) A write
 * reads it, changes a copy ({@link #copy}), and commits the difference ({@link #mutationsTo}) on the
 * versions read, so that a writer who lost a race reads again; the bytes it lets go of are those
 * the partition named before and no longer names after ({@link #contents}), whichever rows named
 * them. Not thread-safe.
 */
final class BlobPartition {
    /** A row's value and the version it was read at; a row changed by a write has version 0 and is new. */
    record Row<T>(long version, T value) {
    }

    final String name;
    Row<BlobProperties> blob; // null when there is no live committed blob
    Row<BlobProperties> deletedBlob; // the blob row while it is soft-deleted (then blob is null)
    final TreeMap<Long, Row<BlobProperties>> snapshots = new TreeMap<>();
    final TreeMap<Long, Row<BlobProperties>> versions = new TreeMap<>(); // previous versions, by ticks
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
                    Row<BlobProperties> read = new Row<>(cursor.version(), BlobRecords.readBlob(name,
                            BlobProperties.BASE, payload.array(), payload.offset(), payload.length()));
                    if (read.value().deleted() == null) {
                        partition.blob = read;
                    } else {
                        partition.deletedBlob = read;
                    }
                } else if (BlobRecords.isVersionRow(row.array(), row.offset(), row.length())) {
                    partition.versions.put(BlobRecords.version(row.array(), row.offset()), new Row<>(cursor.version(),
                            BlobRecords.readBlob(name, BlobProperties.BASE, payload.array(), payload.offset(),
                                    payload.length())));
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

    /**
     * The blob as it is at {@code now}: a rehydration whose moment has come is over. Its row keeps the
     * version read, so this alone commits nothing; a write that changes the blob stores it settled.
     */
    void settle(Instant now) {
        if (blob != null) {
            BlobProperties settled = Tiers.settled(blob.value(), now);
            if (settled != blob.value()) {
                blob = new Row<>(blob.version(), settled);
            }
        }
    }

    /**
     * Makes {@code written} the blob, to be committed; returns it. A soft-deleted blob under the name
     * becomes a soft-deleted snapshot taken when it was deleted, kept for the rest of its retention.
     */
    BlobProperties setBlob(BlobProperties written) {
        if (deletedBlob != null) {
            BlobProperties gone = deletedBlob.value();
            long at = io.cerulean.blob.model.VersionIds.ticks(gone.deleted());
            while (snapshots.containsKey(at)) {
                at++;
            }
            snapshots.put(at, written(gone.snapshotAt(at, Map.of()).withDeleted(gone.deleted())));
            deletedBlob = null;
        }
        blob = written(written);
        return written;
    }

    /** Whether any snapshot is live (not soft-deleted). */
    boolean hasLiveSnapshots() {
        return snapshots.values().stream().anyMatch(row -> row.value().deleted() == null);
    }

    /** The newest version id (ticks) the blob has had: its current one or a previous one; -1 for none. */
    long lastVersion() {
        long last = versions.isEmpty() ? -1 : versions.lastKey();
        Row<BlobProperties> current = blob != null ? blob : deletedBlob;
        if (current != null && current.value().versionId() != null) {
            last = Math.max(last, io.cerulean.blob.model.VersionIds.parse(current.value().versionId()).orElse(-1));
        }
        return last;
    }

    BlobPartition copy() {
        BlobPartition copy = new BlobPartition(name);
        copy.blob = blob;
        copy.deletedBlob = deletedBlob;
        copy.snapshots.putAll(snapshots);
        copy.versions.putAll(versions);
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
        if (deletedBlob != null) {
            addSegments(ids, deletedBlob.value());
        }
        snapshots.values().forEach(row -> addSegments(ids, row.value()));
        versions.values().forEach(row -> addSegments(ids, row.value()));
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
    List<RecordMutation> mutationsTo(BlobPartition after, RandomGenerator rowVersions) {
        List<RecordMutation> mutations = new ArrayList<>();
        diff(mutations, blob != null ? blob : deletedBlob, after.blob != null ? after.blob : after.deletedBlob,
                BlobRecords.blobRow(), rowVersions);
        Set<Long> versionKeys = new HashSet<>(versions.keySet());
        versionKeys.addAll(after.versions.keySet());
        for (Long version : versionKeys) {
            diff(mutations, versions.get(version), after.versions.get(version), BlobRecords.versionRow(version),
                    rowVersions);
        }
        Set<Long> snapshotKeys = new HashSet<>(snapshots.keySet());
        snapshotKeys.addAll(after.snapshots.keySet());
        for (Long snapshot : snapshotKeys) {
            diff(mutations, snapshots.get(snapshot), after.snapshots.get(snapshot), BlobRecords.snapshotRow(snapshot),
                    rowVersions);
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
                        rowVersions.nextLong(), after.staged.size()), precondition));
            } else if (stagedCount != null) {
                mutations.add(RecordMutation.delete(BlobRecords.stagedCountRow(), precondition));
            }
        }
        return mutations;
    }

    private static void diff(List<RecordMutation> mutations, Row<BlobProperties> before, Row<BlobProperties> after,
                             byte[] row, RandomGenerator rowVersions) {
        if (Objects.equals(before, after)) {
            return;
        }
        Precondition precondition = before == null ? Precondition.MUST_NOT_EXIST
                : new Precondition.VersionEquals(before.version());
        if (after == null) {
            mutations.add(RecordMutation.delete(row, precondition));
        } else {
            mutations.add(RecordMutation.put(row, BlobRecords.blobValue(rowVersions.nextLong(), after.value()),
                    precondition));
        }
    }

    /** A row for a value written now. */
    static <T> Row<T> written(T value) {
        return new Row<>(0, value);
    }
}
