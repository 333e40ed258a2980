package io.cerulean.blob.service;

import io.cerulean.blob.error.BlobError;
import io.cerulean.blob.model.BlobProperties;
import io.cerulean.blob.model.BlobType;
import io.cerulean.blob.model.Conditions;
import io.cerulean.blob.model.ETags;
import io.cerulean.blob.model.Segment;
import io.cerulean.blob.service.BlobService.AppendConditions;
import io.cerulean.common.error.ServiceException;
import io.cerulean.storage.content.ContentId;
import java.util.ArrayList;
import java.util.List;

/**
 * Append Block: an append blob grows by a block at its end, one segment per block, under the
 * blob's conditions and its own ({@link AppendConditions}). Thread-safe.
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
     * type, 409 BlockCountExceedsLimit past 50,000 blocks, 412 AppendPositionConditionNotMet and
     * MaxBlobSizeConditionNotMet for its own conditions. Returns the blob, its new block the last.
     */
    BlobProperties append(String account, String container, String name, ContentId content, long size,
                          Conditions conditions, AppendConditions append) {
        return lifecycle.adopt(content, () -> writes.write(account, container, name, (partition, now) -> {
            BlobProperties old = Writes.checkExisting(partition, conditions, now);
            if (old.type() != BlobType.APPEND_BLOB) {
                throw new ServiceException(BlobError.INVALID_BLOB_TYPE, BlobError.INVALID_BLOB_TYPE.message()
                        + " Append Block appends to an append blob; '" + name + "' is a " + old.type().wireName() + ".");
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
}
