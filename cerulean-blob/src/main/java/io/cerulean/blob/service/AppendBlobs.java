package io.cerulean.blob.service;

import io.cerulean.blob.error.BlobError;
import io.cerulean.blob.model.BlobProperties;
import io.cerulean.blob.model.BlobType;
import io.cerulean.blob.model.Conditions;
import io.cerulean.blob.model.ETags;
import io.cerulean.blob.model.Segment;
import io.cerulean.common.error.ServiceException;
import io.cerulean.storage.content.ContentId;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Append Block: an append blob grows by a block at its end, one segment per block, under the
 * blob's conditions and its own ({@link AppendConditions}); Seal Append Blob ends its growth for
 * good, since only Put Blob, which makes another blob, unseals it. Thread-safe.
 */
final class AppendBlobs {
    private final BlobWrites writes;
    private final ContentLifecycle lifecycle;

    AppendBlobs(BlobWrites writes, ContentLifecycle lifecycle) {
        this.writes = writes;
        this.lifecycle = lifecycle;
    }

    /**
     * Append Block: {@code content} added at the end of an append blob. 409 InvalidBlobType for another
     * type, 409 BlobIsSealed once sealed, 409 BlockCountExceedsLimit past 50,000 blocks, 412
     * AppendPositionConditionNotMet and MaxBlobSizeConditionNotMet for its own conditions. Returns the
     * blob, its new block the last.
     */
    BlobProperties append(String account, String container, String name, ContentId content, long size,
                          Conditions conditions, AppendConditions append) {
        return lifecycle.adopt(content, () -> writes.write(account, container, name, (partition, now) -> {
            BlobProperties old = appendBlob(partition, conditions, now, "Append Block appends to");
            if (old.sealed()) {
                throw new ServiceException(BlobError.BLOB_IS_SEALED);
            }
            if (append.maxSize() != null && old.contentLength() + size > append.maxSize()) {
                throw new ServiceException(BlobError.MAX_BLOB_SIZE_CONDITION_NOT_MET);
            }
            if (append.appendPosition() != null && old.contentLength() != append.appendPosition()) {
                throw new ServiceException(BlobError.APPEND_POSITION_CONDITION_NOT_MET);
            }
            if (old.segments().size() >= Blocks.MAX_COMMITTED_BLOCKS) {
                throw new ServiceException(BlobError.BLOCK_COUNT_EXCEEDS_LIMIT);
            }
            List<Segment> segments = new ArrayList<>(old.segments());
            segments.add(new Segment(null, content, size));
            return partition.setBlob(old.changed(ETags.next(Writes.ticks(now), old.etag()), now,
                    old.contentLength() + size, old.headers(), old.metadata(), segments, old.sequenceNumber()));
        }));
    }

    /**
     * Seal Append Blob: no block is appended to the blob again; a new ETag. Its conditions, and
     * {@code appendPosition} (null: none), 412 AppendPositionConditionNotMet unless it is the blob's
     * length. Sealing a sealed blob changes nothing. 409 InvalidBlobType for another type.
     */
    BlobProperties seal(String account, String container, String name, Conditions conditions, Long appendPosition) {
        return writes.write(account, container, name, (partition, now) -> {
            BlobProperties old = appendBlob(partition, conditions, now, "Seal Append Blob seals");
            if (appendPosition != null && old.contentLength() != appendPosition) {
                throw new ServiceException(BlobError.APPEND_POSITION_CONDITION_NOT_MET);
            }
            if (old.sealed()) {
                return old;
            }
            return partition.setBlob(old.changed(ETags.next(Writes.ticks(now), old.etag()), now, old.contentLength(),
                    old.headers(), old.metadata(), old.segments(), old.sequenceNumber()).withSealed(true));
        });
    }

    /** The append blob a write to it finds: 404 BlobNotFound, its lease, its conditions, 409 InvalidBlobType. */
    private static BlobProperties appendBlob(BlobPartition partition, Conditions conditions, Instant now,
                                             String operation) {
        BlobProperties old = Writes.checkExisting(partition, conditions, now);
        if (old.type() != BlobType.APPEND_BLOB) {
            throw new ServiceException(BlobError.INVALID_BLOB_TYPE, BlobError.INVALID_BLOB_TYPE.message()
                    + " " + operation + " an append blob; '" + old.name() + "' is a " + old.type().wireName() + ".");
        }
        return old;
    }
}
