package io.cerulean.blob.service;

import io.cerulean.blob.error.BlobError;
import io.cerulean.blob.layout.BlobRecords;
import io.cerulean.blob.model.BlobNames;
import io.cerulean.blob.model.BlobProperties;
import io.cerulean.blob.model.BlobType;
import io.cerulean.blob.model.Conditions;
import io.cerulean.blob.model.ContentHeaders;
import io.cerulean.blob.model.ETags;
import io.cerulean.blob.model.Lease;
import io.cerulean.blob.model.Segment;
import io.cerulean.blob.model.Tiering;
import io.cerulean.common.error.ServiceException;
import io.cerulean.storage.KeyValueStore;
import io.cerulean.storage.Space;
import io.cerulean.blob.model.VersionIds;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Blobs as a whole, of any type: Put Blob, reading a blob or a snapshot (Get Blob, Get Blob
 * Properties), Set Blob Properties and Metadata, Snapshot Blob and Delete Blob. Every write is a
 * {@link BlobWrites} on the blob's partition. Thread-safe.
 */
final class Blobs {
    private final KeyValueStore store;
    private final Containers containers;
    private final BlobWrites writes;
    private final ContentLifecycle lifecycle;
    private final Clock clock;

    Blobs(KeyValueStore store, Containers containers, BlobWrites writes, ContentLifecycle lifecycle, Clock clock) {
        this.store = store;
        this.containers = containers;
        this.writes = writes;
        this.lifecycle = lifecycle;
        this.clock = clock;
    }

    /**
     * Put Blob: the blob is {@code blob}'s content, in place of any blob of the name, whatever its
     * type, archived or not, and of its staged blocks; its lease stays; its tags are {@code blob}'s.
     * A block blob is in its tier, or inferred Hot when none is named; 400 InvalidBlobTier for a tier
     * on another type. 409 BlobAlreadyExists under {@code If-None-Match: *}.
     */
    BlobProperties put(String account, String container, String name, NewBlob blob, Conditions conditions) {
        return lifecycle.adopt(blob.content(), () -> {
            BlobNames.check(name);
            Tiers.checkWritable(blob.type(), blob.tier());
            List<Segment> segments = blob.size() == 0 ? List.of()
                    : List.of(new Segment(null, blob.content(), blob.size()));
            return writes.versioned(account, container, name, (partition, now) -> {
                BlobProperties old = partition.blobOrNull();
                Writes.checkCreateOrReplace(conditions, old, now);
                partition.staged.clear();
                return partition.setBlob(new BlobProperties(name, BlobProperties.BASE, blob.type(),
                        ETags.next(Writes.ticks(now), old == null ? 0 : old.etag()), now, now, blob.size(),
                        blob.headers(), blob.metadata(), segments, old == null ? Lease.NONE : old.lease(), null,
                        blob.sequenceNumber()).withTiering(Tiering.written(blob.tier())).withTags(blob.tags()));
            });
        });
    }

    /**
     * The committed blob, one of its snapshots, or one of its versions ({@code version}: ticks, or
     * {@link BlobProperties#BASE}); the current version when {@code version} is its id. 404
     * BlobNotFound when there is none, also for a blob with only staged blocks and for what is
     * soft-deleted. As it is now: a rehydration whose moment has come is over.
     */
    BlobProperties get(String account, String container, String name, long snapshot, long version, String leaseId) {
        Space space = containers.blobs(account, container);
        byte[] partition = BlobRecords.partition(name);
        BlobProperties blob = null;
        if (version != BlobProperties.BASE) {
            blob = store.get(space, partition, BlobRecords.blobRow()).map(v -> BlobRecords.readBlob(name,
                    BlobProperties.BASE, v)).filter(b -> b.versionId() != null
                    && VersionIds.parse(b.versionId()).orElse(-1) == version).orElse(null);
            if (blob == null) {
                blob = store.get(space, partition, BlobRecords.versionRow(version)).map(v -> BlobRecords.readBlob(name,
                        BlobProperties.BASE, v)).orElse(null);
            }
        } else {
            byte[] row = snapshot == BlobProperties.BASE ? BlobRecords.blobRow() : BlobRecords.snapshotRow(snapshot);
            blob = store.get(space, partition, row).map(v -> BlobRecords.readBlob(name, snapshot, v)).orElse(null);
        }
        if (blob == null || blob.deleted() != null) {
            throw new ServiceException(BlobError.BLOB_NOT_FOUND);
        }
        Instant now = clock.instant();
        Leases.checkBlobRead(blob.lease(), leaseId, now);
        return Tiers.settled(blob, now);
    }

    /** The committed blob, or one of its snapshots. */
    BlobProperties get(String account, String container, String name, long snapshot, String leaseId) {
        return get(account, container, name, snapshot, BlobProperties.BASE, leaseId);
    }

    /**
     * Get Blob: the committed blob or one of its snapshots ({@link #get}), with its bytes held until
     * it is closed when {@code bytes} are to be read: a read that begins finishes on this version. The
     * bytes of an archived blob are offline: 409 BlobArchived (BlobBeingRehydrated while it is).
     */
    ReadableBlob open(String account, String container, String name, long snapshot, long version, String leaseId,
                      boolean bytes) {
        if (!bytes) {
            return new ReadableBlob(lifecycle.contents(), get(account, container, name, snapshot, version, leaseId),
                    null);
        }
        return lifecycle.hold(() -> {
            BlobProperties blob = get(account, container, name, snapshot, version, leaseId);
            Tiers.checkOnline(blob);
            return blob;
        });
    }

    /** Get Blob of the blob or a snapshot. */
    ReadableBlob open(String account, String container, String name, long snapshot, String leaseId, boolean bytes) {
        return open(account, container, name, snapshot, BlobProperties.BASE, leaseId, bytes);
    }

    /** Reads {@code length} bytes of {@code blob} from {@code offset}, one call at a time. */
    BlobContent read(BlobProperties blob, long offset, long length) {
        return new BlobContent(lifecycle.contents(), blob.segments(), offset, length, null);
    }

    /**
     * Set Blob Properties: the content headers (null: kept), a page blob's new size (null: kept; 409
     * InvalidBlobType for another type) and a change of its sequence number (null: none); a new ETag.
     */
    BlobProperties setProperties(String account, String container, String name, ContentHeaders headers, Long size,
                                 SequenceChange sequence, Conditions conditions) {
        return change(account, container, name, conditions, (old, etag, now) -> {
            if ((size != null || sequence != null) && old.type() != BlobType.PAGE_BLOB) {
                throw new ServiceException(BlobError.INVALID_BLOB_TYPE, BlobError.INVALID_BLOB_TYPE.message()
                        + " Only a page blob has a size to set and a sequence number.");
            }
            long length = size == null ? old.contentLength() : size;
            List<Segment> segments = size == null ? old.segments() : Pages.resize(old.segments(), old.contentLength(),
                    size);
            long number = old.sequenceNumber();
            if (sequence != null) {
                number = switch (sequence.action()) {
                    case MAX -> Math.max(number, sequence.value());
                    case UPDATE -> sequence.value();
                    case INCREMENT -> number + 1;
                };
            }
            return old.changed(etag, now, length, headers == null ? old.headers() : headers, old.metadata(), segments,
                    number);
        });
    }

    /** Set Blob Metadata: replaces the whole set; a new ETag. */
    BlobProperties setMetadata(String account, String container, String name, Map<String, String> metadata,
                               Conditions conditions) {
        return writes.versioned(account, container, name, (partition, now) -> {
            BlobProperties old = Writes.checkExisting(partition, conditions, now);
            Tiers.checkOnline(old);
            return partition.setBlob(old.changed(ETags.next(Writes.ticks(now), old.etag()), now, old.contentLength(),
                    old.headers(), metadata, old.segments(), old.sequenceNumber()));
        });
    }

    /**
     * Snapshot Blob: a read-only copy of the blob as it is now, sharing its bytes, under a moment of
     * its own (unique for the blob); its metadata {@code metadata} if any is given, else the blob's.
     * The blob's ETag stays. Returns the snapshot.
     */
    BlobProperties snapshot(String account, String container, String name, Map<String, String> metadata,
                            Conditions conditions) {
        return writes.write(account, container, name, (partition, now) -> {
            BlobProperties base = partition.existing();
            Leases.checkBlobRead(base.lease(), conditions.leaseId(), now);
            Writes.check(conditions, base);
            Tiers.checkOnline(base);
            long snapshot = Writes.ticks(now) - Writes.EPOCH_TICKS;
            if (!partition.snapshots.isEmpty()) {
                snapshot = Math.max(snapshot, partition.snapshots.lastKey() + 1);
            }
            BlobProperties copy = base.snapshotAt(snapshot, metadata);
            partition.snapshots.put(snapshot, BlobPartition.written(copy));
            partition.setBlob(base); // rewritten on the version read: not replaced meanwhile
            return copy;
        });
    }

    /**
     * Delete Blob: the blob and its staged blocks, its snapshots as {@code snapshots} says (409
     * SnapshotsPresent when it says nothing and there are some); or, with {@code snapshot} or
     * {@code version}, that snapshot or previous version alone (403 OperationNotAllowedOnRootBlob
     * for the current version's id). Where versioning is on, the blob becomes a previous version and
     * the name has no current one. With a {@code retention} (the account's soft delete policy; null:
     * none), what goes is kept, marked deleted, until the sweep removes it once the retention ends.
     */
    void delete(String account, String container, String name, long snapshot, long version, DeleteSnapshots snapshots,
                Conditions conditions, Duration retention) {
        boolean versioning = writes.versioning(account);
        writes.write(account, container, name, (partition, now) -> {
            if (version != BlobProperties.BASE) {
                BlobProperties current = partition.blobOrNull();
                if (current != null && current.versionId() != null
                        && VersionIds.parse(current.versionId()).orElse(-1) == version) {
                    throw new ServiceException(BlobError.OPERATION_NOT_ALLOWED_ON_ROOT_BLOB);
                }
                deleteRow(partition.versions, version, retention, now);
                return null;
            }
            if (snapshot != BlobProperties.BASE) {
                deleteRow(partition.snapshots, snapshot, retention, now);
                return null;
            }
            BlobProperties old = Writes.checkExisting(partition, conditions, now);
            long next = BlobWrites.nextVersion(partition, now);
            if (snapshots == DeleteSnapshots.NONE && partition.hasLiveSnapshots()) {
                throw new ServiceException(BlobError.SNAPSHOTS_PRESENT);
            }
            for (Long live : List.copyOf(partition.snapshots.keySet())) {
                if (partition.snapshots.get(live).value().deleted() == null) {
                    deleteRow(partition.snapshots, live, retention, now);
                }
            }
            if (snapshots == DeleteSnapshots.ONLY) {
                return null;
            }
            partition.staged.clear();
            partition.blob = null;
            if (versioning) {
                BlobWrites.keepVersion(partition, old, next);
            } else if (retention != null) {
                partition.deletedBlob = BlobPartition.written(old.withDeleted(now));
            }
            return null;
        });
    }

    /** Removes a snapshot's or a version's row, or marks it deleted under a retention; 404 when it is not live. */
    private static void deleteRow(java.util.TreeMap<Long, BlobPartition.Row<BlobProperties>> rows, long key,
                                  Duration retention, Instant now) {
        BlobPartition.Row<BlobProperties> row = rows.get(key);
        if (row == null || row.value().deleted() != null) {
            throw new ServiceException(BlobError.BLOB_NOT_FOUND);
        }
        if (retention == null) {
            rows.remove(key);
        } else {
            rows.put(key, BlobPartition.written(row.value().withDeleted(now)));
        }
    }

    /** Delete Blob of the blob or a snapshot, kept by no retention. */
    void delete(String account, String container, String name, long snapshot, DeleteSnapshots snapshots,
                Conditions conditions) {
        delete(account, container, name, snapshot, BlobProperties.BASE, snapshots, conditions, null);
    }

    /** A change to an existing, online blob that keeps its bytes; the change gets a new ETag. */
    private interface BlobChange {
        BlobProperties apply(BlobProperties old, long etag, Instant now);
    }

    private BlobProperties change(String account, String container, String name, Conditions conditions,
                                  BlobChange change) {
        return writes.write(account, container, name, (partition, now) -> {
            BlobProperties old = Writes.checkExisting(partition, conditions, now);
            Tiers.checkOnline(old);
            return partition.setBlob(change.apply(old, ETags.next(Writes.ticks(now), old.etag()), now));
        });
    }
}
