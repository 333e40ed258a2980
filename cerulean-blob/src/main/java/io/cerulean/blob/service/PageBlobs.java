package io.cerulean.blob.service;

import io.cerulean.blob.error.BlobError;
import io.cerulean.blob.model.BlobProperties;
import io.cerulean.blob.model.BlobType;
import io.cerulean.blob.model.Conditions;
import io.cerulean.blob.model.ETags;
import io.cerulean.blob.model.Segment;
import io.cerulean.common.error.ServiceException;
import io.cerulean.storage.content.ContentId;
import java.util.List;

/**
 * Put Page: pages of a page blob written or cleared in place, its segments cut around them
 * ({@link Pages}), under the blob's conditions and its sequence number's. Thread-safe.
 */
final class PageBlobs {
    private final BlobWrites writes;
    private final ContentLifecycle lifecycle;

    PageBlobs(BlobWrites writes, ContentLifecycle lifecycle) {
        this.writes = writes;
        this.lifecycle = lifecycle;
    }

    /**
     * Put Page: {@code length} bytes at {@code offset} (both 512-aligned, checked by the caller) become
     * {@code content}'s, or zeros when it is null (a clear). 409 InvalidBlobType for another type, 416
     * InvalidPageRange past the end, 412 SequenceNumberConditionNotMet.
     */
    BlobProperties put(String account, String container, String name, long offset, long length, ContentId content,
                       Conditions conditions, SequenceConditions sequence) {
        return lifecycle.adopt(content, () -> writes.write(account, container, name, (partition, now) -> {
            BlobProperties old = Writes.checkExisting(partition, conditions, now);
            if (old.type() != BlobType.PAGE_BLOB) {
                throw new ServiceException(BlobError.INVALID_BLOB_TYPE, BlobError.INVALID_BLOB_TYPE.message()
                        + " Pages are written to a page blob; '" + name + "' is a " + old.type().wireName() + ".");
            }
            IncrementalCopies.checkWritable(old);
            if (!sequence.holdFor(old.sequenceNumber())) {
                throw new ServiceException(BlobError.SEQUENCE_NUMBER_CONDITION_NOT_MET);
            }
            if (offset + length > old.contentLength()) {
                throw new ServiceException(BlobError.INVALID_PAGE_RANGE, BlobError.INVALID_PAGE_RANGE.message()
                        + " The blob is " + old.contentLength() + " bytes long.");
            }
            List<Segment> segments = Pages.replace(old.segments(), offset, new Segment(null, content, length));
            return partition.setBlob(old.changed(ETags.next(Writes.ticks(now), old.etag()), now,
                    old.contentLength(), old.headers(), old.metadata(), segments, old.sequenceNumber()));
        }));
    }
}
