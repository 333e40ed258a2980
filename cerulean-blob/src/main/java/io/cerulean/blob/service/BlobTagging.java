package io.cerulean.blob.service;

import io.cerulean.blob.error.BlobError;
import io.cerulean.blob.model.BlobProperties;
import io.cerulean.blob.model.Conditions;
import io.cerulean.blob.model.VersionIds;
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
     * With {@code version} (ticks, or {@link BlobProperties#BASE}) the tags of that version are set:
     * the current one's as above, a previous one's in its row (404 BlobNotFound when there is none).
     * Only the current version's tags are indexed, so Find Blobs by Tags finds current blobs alone,
     * as the service does.
     */
    void set(String account, String container, String name, long version, Map<String, String> tags,
             Conditions conditions) {
        writes.write(account, container, name, (partition, now) -> {
            BlobProperties current = partition.blobOrNull();
            if (version == BlobProperties.BASE || current != null && current.versionId() != null
                    && VersionIds.parse(current.versionId()).orElse(-1) == version) {
                BlobProperties old = Writes.checkExisting(partition, conditions, now);
                return partition.setBlob(old.withTags(tags));
            }
            BlobPartition.Row<BlobProperties> row = partition.versions.get(version);
            if (row == null || row.value().deleted() != null) {
                throw new ServiceException(BlobError.BLOB_NOT_FOUND);
            }
            if (!conditions.tagsHold(row.value().tags())) {
                throw new ServiceException(BlobError.CONDITION_NOT_MET);
            }
            partition.versions.put(version, BlobPartition.written(row.value().withTags(tags)));
            return null;
        });
    }

    /** Get Blob Tags: the tags of the blob, of one of its snapshots or of one of its versions. */
    Map<String, String> get(String account, String container, String name, long snapshot, long version,
                            Conditions conditions) {
        BlobProperties blob = blobs.get(account, container, name, snapshot, version, conditions.leaseId());
        if (!conditions.tagsHold(blob.tags())) {
            throw new ServiceException(BlobError.CONDITION_NOT_MET);
        }
        return blob.tags();
    }
}
