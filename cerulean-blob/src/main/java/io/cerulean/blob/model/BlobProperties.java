package io.cerulean.blob.model;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A committed blob, or a snapshot of one: what Get Blob Properties shows, and the segments its
 * bytes are in.
 *
 * @param snapshot the moment a snapshot was taken, in 100 ns ticks since the epoch; -1 for the blob itself
 * @param etag     the version its ETag is written from ({@link ETags}); new at every change of the
 *                 blob's bytes, properties or metadata, not of its lease
 * @param created  when the blob was first written (Put Blob or Put Block List)
 * @param segments the committed blocks, in order; their sizes add up to {@code contentLength}
 * @param copy     the copy that made it, null when it was not the destination of one (or was written since)
 * @param sequenceNumber a page blob's sequence number, which its writers set and condition on; 0 otherwise
 * @param tags     its index tags ({@code x-ms-tags}), by key; empty when it has none
 * @param tiering  its access tier; {@link Tiering#INFERRED_HOT} for a blob written with none
 * @param sealed   an append blob sealed against further appends
 * @param versionId the version this row is ({@code x-ms-version-id}); null when versioning was off as it was written
 * @param deleted  when it was deleted, kept by the soft delete retention policy; null while it is live
 */
public record BlobProperties(String name, long snapshot, BlobType type, long etag, Instant created,
                             Instant lastModified, long contentLength, ContentHeaders headers,
                             Map<String, String> metadata, List<Segment> segments, Lease lease, CopyInfo copy,
                             long sequenceNumber, Map<String, String> tags, Tiering tiering, boolean sealed,
                             String versionId, Instant deleted) {
    public static final long BASE = -1;

    public BlobProperties {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(created, "created");
        Objects.requireNonNull(lastModified, "lastModified");
        Objects.requireNonNull(headers, "headers");
        metadata = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(metadata));
        segments = List.copyOf(segments);
        Objects.requireNonNull(lease, "lease");
        tags = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(tags));
        Objects.requireNonNull(tiering, "tiering");
    }

    /**
     * A blob as a write that replaces its bytes (Put Blob, Put Block List, a copy) makes it: no tags,
     * its tier inferred, not sealed, no version, live. The write sets what its request names.
     */
    public BlobProperties(String name, long snapshot, BlobType type, long etag, Instant created, Instant lastModified,
                          long contentLength, ContentHeaders headers, Map<String, String> metadata,
                          List<Segment> segments, Lease lease, CopyInfo copy, long sequenceNumber) {
        this(name, snapshot, type, etag, created, lastModified, contentLength, headers, metadata, segments, lease, copy,
                sequenceNumber, Map.of(), Tiering.INFERRED_HOT, false, null, null);
    }

    public boolean isSnapshot() {
        return snapshot != BASE;
    }

    /** The same blob with {@code lease}; its ETag stays, as lease actions leave it. */
    public BlobProperties withLease(Lease lease) {
        return new BlobProperties(name, snapshot, type, etag, created, lastModified, contentLength, headers, metadata,
                segments, lease, copy, sequenceNumber, tags, tiering, sealed, versionId, deleted);
    }

    /**
     * The same blob with new bytes, properties or metadata and a new ETag, keeping what such a change
     * leaves as it is (its tags, tier, seal, lease and copy): an append, a page write, Set Blob
     * Properties or Metadata.
     */
    public BlobProperties changed(long etag, Instant lastModified, long contentLength, ContentHeaders headers,
                                  Map<String, String> metadata, List<Segment> segments, long sequenceNumber) {
        return new BlobProperties(name, snapshot, type, etag, created, lastModified, contentLength, headers, metadata,
                segments, lease, copy, sequenceNumber, tags, tiering, sealed, versionId, deleted);
    }

    /** The same blob with {@code copy} as the copy that made it; its ETag stays (a copy's progress). */
    public BlobProperties withCopy(CopyInfo copy) {
        return new BlobProperties(name, snapshot, type, etag, created, lastModified, contentLength, headers, metadata,
                segments, lease, copy, sequenceNumber, tags, tiering, sealed, versionId, deleted);
    }

    /** The same blob with {@code tags}; its ETag and last modified time stay, as Set Blob Tags leaves them. */
    public BlobProperties withTags(Map<String, String> tags) {
        return new BlobProperties(name, snapshot, type, etag, created, lastModified, contentLength, headers, metadata,
                segments, lease, copy, sequenceNumber, tags, tiering, sealed, versionId, deleted);
    }

    public BlobProperties withTiering(Tiering tiering) {
        return new BlobProperties(name, snapshot, type, etag, created, lastModified, contentLength, headers, metadata,
                segments, lease, copy, sequenceNumber, tags, tiering, sealed, versionId, deleted);
    }

    public BlobProperties withSealed(boolean sealed) {
        return new BlobProperties(name, snapshot, type, etag, created, lastModified, contentLength, headers, metadata,
                segments, lease, copy, sequenceNumber, tags, tiering, sealed, versionId, deleted);
    }

    public BlobProperties withVersionId(String versionId) {
        return new BlobProperties(name, snapshot, type, etag, created, lastModified, contentLength, headers, metadata,
                segments, lease, copy, sequenceNumber, tags, tiering, sealed, versionId, deleted);
    }

    public BlobProperties withDeleted(Instant deleted) {
        return new BlobProperties(name, snapshot, type, etag, created, lastModified, contentLength, headers, metadata,
                segments, lease, copy, sequenceNumber, tags, tiering, sealed, versionId, deleted);
    }

    /** A snapshot of this blob taken at {@code snapshot}: no lease; its own metadata when given. */
    public BlobProperties snapshotAt(long snapshot, Map<String, String> metadata) {
        return new BlobProperties(name, snapshot, type, etag, created, lastModified, contentLength, headers,
                metadata.isEmpty() ? this.metadata : metadata, segments, Lease.NONE, copy, sequenceNumber, tags,
                tiering, sealed, versionId, null);
    }

    /** How many committed blocks the blob has (Put Blob's single piece counts as none; every append does). */
    public int committedBlockCount() {
        if (type == BlobType.APPEND_BLOB) {
            return segments.size();
        }
        int count = 0;
        for (Segment segment : segments) {
            if (segment.blockId() != null) {
                count++;
            }
        }
        return count;
    }
}
