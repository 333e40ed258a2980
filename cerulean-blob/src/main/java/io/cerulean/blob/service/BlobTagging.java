package io.cerulean.blob.service;

import io.cerulean.blob.error.BlobError;
import io.cerulean.blob.model.BlobProperties;
import io.cerulean.blob.model.Conditions;
import io.cerulean.blob.model.TagFilter;
import io.cerulean.blob.model.VersionIds;
import io.cerulean.common.error.ServiceException;
import java.util.Map;
import java.util.Optional;

/**
 * Set Blob Tags, Get Blob Tags and Find Blobs by Tags. Tags live in the blob's row; setting them is
 * a {@link BlobWrites} like any other, which keeps their index ({@link TagIndex}) in step, and
 * leaves the blob's ETag and Last-Modified as they were, as the service does. Reached through
 * {@link BlobService#tags()}. Thread-safe.
 */
public final class BlobTagging {
    private final Blobs blobs;
    private final BlobWrites writes;
    private final TagLookup lookup;

    BlobTagging(Blobs blobs, BlobWrites writes, TagLookup lookup) {
        this.blobs = blobs;
        this.writes = writes;
        this.lookup = lookup;
    }

    /**
     * Set Blob Tags: {@code tags} (checked by the caller) in place of the tags of the blob or of one
     * of its versions; a snapshot's tags are not set (Set Blob Tags names no snapshot). A leased blob
     * needs its lease id; {@code conditions} (its {@code x-ms-if-tags}) must hold: 412
     * ConditionNotMet. The current version's id names the blob; a previous version's tags are set in
     * its row (404 BlobNotFound when there is none). Only the current version's tags are indexed, so
     * Find Blobs by Tags finds current blobs alone, as the service does.
     */
    public void set(BlobAddress at, Map<String, String> tags, Conditions conditions) {
        if (at.snapshot() != BlobProperties.BASE) {
            throw new IllegalArgumentException("a snapshot's tags are not set: " + at);
        }
        long version = at.version();
        writes.write(at.account(), at.container(), at.name(), (partition, now) -> {
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
            conditions.checkTags(row.value().tags());
            partition.versions.put(version, BlobPartition.written(row.value().withTags(tags)));
            return null;
        });
    }

    /**
     * Get Blob Tags: the tags of the blob, of one of its snapshots or of one of its versions, sorted
     * by key; 412 ConditionNotMet when {@code conditions}' {@code x-ms-if-tags} fails on them.
     */
    public Map<String, String> get(BlobAddress at, Conditions conditions) {
        BlobProperties blob = blobs.get(at.account(), at.container(), at.name(), at.snapshot(), at.version(),
                conditions.leaseId());
        conditions.checkTags(blob.tags());
        return blob.tags();
    }

    /**
     * Find Blobs by Tags: up to {@code max} blobs of the account, or of {@code container} if not
     * null (404 ContainerNotFound when there is none), whose tags pass {@code filter} (as
     * {@link io.cerulean.blob.model.TagFilterParser} reads a {@code where}), from {@code from} on.
     * Reads the tag index and the rows of the blobs it names, never a container's blobs.
     */
    public FoundBlobs find(String account, String container, TagFilter filter, Optional<FindPosition> from,
                           int max) {
        return lookup.find(account, container, filter, from, max);
    }
}
