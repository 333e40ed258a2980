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
import io.cerulean.blob.service.BlobService.DeleteSnapshots;
import io.cerulean.blob.service.BlobService.SequenceChange;
import io.cerulean.common.error.ServiceException;
import io.cerulean.storage.KeyValueStore;
import io.cerulean.storage.Space;
import io.cerulean.storage.content.ContentId;
import java.time.Clock;
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
     * Put Blob: the blob is {@code content} ({@code size} bytes; null content for an empty blob, or a
     * page blob of zeros), in place of any blob of the name, whatever its type, and of its staged
     * blocks; its lease stays. 409 BlobAlreadyExists under {@code If-None-Match: *}.
     */
    BlobProperties put(String account, String container, String name, BlobType type, ContentId content, long size,
                       ContentHeaders headers, Map<String, String> metadata, Conditions conditions,
                       long sequenceNumber) {
        return put(account, container, name, type, content, size, headers, metadata, conditions, sequenceNumber,
                Map.of());
    }

    /** Put Blob, the blob given {@code tags}. */
    BlobProperties put(String account, String container, String name, BlobType type, ContentId content, long size,
                       ContentHeaders headers, Map<String, String> metadata, Conditions conditions,
                       long sequenceNumber, Map<String, String> tags) {
        return lifecycle.adopt(content, () -> {
            BlobNames.check(name);
            List<Segment> segments = size == 0 ? List.of() : List.of(new Segment(null, content, size));
            return writes.write(account, container, name, (partition, now) -> {
                BlobProperties old = partition.blobOrNull();
                Writes.checkCreateOrReplace(conditions, old, now);
                partition.staged.clear();
                return partition.setBlob(new BlobProperties(name, BlobProperties.BASE, type,
                        ETags.next(Writes.ticks(now), old == null ? 0 : old.etag()), now, now, size, headers, metadata,
                        segments, old == null ? Lease.NONE : old.lease(), null, sequenceNumber).withTags(tags));
            });
        });
    }

    /** The committed blob, or one of its snapshots: 404 BlobNotFound (also for a blob with only staged blocks). */
    BlobProperties get(String account, String container, String name, long snapshot, String leaseId) {
        Space space = containers.blobs(account, container);
        byte[] row = snapshot == BlobProperties.BASE ? BlobRecords.blobRow() : BlobRecords.snapshotRow(snapshot);
        BlobProperties blob = store.get(space, BlobRecords.partition(name), row)
                .map(v -> BlobRecords.readBlob(name, snapshot, v))
                .orElseThrow(() -> new ServiceException(BlobError.BLOB_NOT_FOUND));
        Leases.checkBlobRead(blob.lease(), leaseId, clock.instant());
        return blob;
    }

    /**
     * Get Blob: the committed blob or one of its snapshots ({@link #get}), with its bytes held until
     * it is closed when {@code bytes} are to be read: a read that begins finishes on this version.
     */
    ReadableBlob open(String account, String container, String name, long snapshot, String leaseId, boolean bytes) {
        if (!bytes) {
            return new ReadableBlob(lifecycle.contents(), get(account, container, name, snapshot, leaseId), null);
        }
        return lifecycle.hold(() -> get(account, container, name, snapshot, leaseId));
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
        return change(account, container, name, conditions, (old, etag, now) -> old.changed(etag, now,
                old.contentLength(), old.headers(), metadata, old.segments(), old.sequenceNumber()));
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
     * SnapshotsPresent when it says nothing and there are some); or, with {@code snapshot}, that
     * snapshot alone.
     */
    void delete(String account, String container, String name, long snapshot, DeleteSnapshots snapshots,
                Conditions conditions) {
        writes.write(account, container, name, (partition, now) -> {
            if (snapshot != BlobProperties.BASE) {
                if (partition.snapshots.remove(snapshot) == null) {
                    throw new ServiceException(BlobError.BLOB_NOT_FOUND);
                }
                return null;
            }
            Writes.checkExisting(partition, conditions, now);
            if (snapshots == DeleteSnapshots.NONE && !partition.snapshots.isEmpty()) {
                throw new ServiceException(BlobError.SNAPSHOTS_PRESENT);
            }
            partition.snapshots.clear();
            if (snapshots != DeleteSnapshots.ONLY) {
                partition.blob = null;
                partition.staged.clear();
            }
            return null;
        });
    }

    /** A change to an existing blob that keeps its bytes; the change gets a new ETag. */
    private interface BlobChange {
        BlobProperties apply(BlobProperties old, long etag, Instant now);
    }

    private BlobProperties change(String account, String container, String name, Conditions conditions,
                                  BlobChange change) {
        return writes.write(account, container, name, (partition, now) -> {
            BlobProperties old = Writes.checkExisting(partition, conditions, now);
            return partition.setBlob(change.apply(old, ETags.next(Writes.ticks(now), old.etag()), now));
        });
    }
}
