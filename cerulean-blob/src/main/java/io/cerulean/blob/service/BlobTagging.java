package io.cerulean.blob.service;

import io.cerulean.blob.error.BlobError;
import io.cerulean.blob.model.BlobProperties;
import io.cerulean.blob.model.Conditions;
import io.cerulean.common.error.ServiceException;
import java.util.Map;

/**
 * Set Blob Tags and Get Blob Tags. Tags live in the blob's row; setting them is a
 * {@link BlobWrites} like any other, which keeps their index in step, and leaves the blob's ETag
 * and Last-Modified as they were, as the service does. Thread-safe.
 */
final class BlobTagging {
    private final Blobs blobs;
    private final BlobWrites writes;

    BlobTagging(Blobs blobs, BlobWrites writes) {
        this.blobs = blobs;
        this.writes = writes;
    }

    /**
     * Set Blob Tags: {@code tags} (checked by the caller) in place of the blob's. A leased blob needs
     * its lease id; {@code conditions} (its {@code x-ms-if-tags}) must hold: 412 ConditionNotMet.
     */
    void set(String account, String container, String name, Map<String, String> tags, Conditions conditions) {
        writes.write(account, container, name, (partition, now) -> {
            BlobProperties old = Writes.checkExisting(partition, conditions, now);
            return partition.setBlob(old.withTags(tags));
        });
    }

    /** Get Blob Tags: the tags of the blob or of one of its snapshots. */
    Map<String, String> get(String account, String container, String name, long snapshot, Conditions conditions) {
        BlobProperties blob = blobs.get(account, container, name, snapshot, conditions.leaseId());
        if (!conditions.tagsHold(blob.tags())) {
            throw new ServiceException(BlobError.CONDITION_NOT_MET);
        }
        return blob.tags();
    }
}
