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
 */
public record BlobProperties(String name, long snapshot, BlobType type, long etag, Instant created,
                             Instant lastModified, long contentLength, ContentHeaders headers,
                             Map<String, String> metadata, List<Segment> segments, Lease lease, CopyInfo copy,
                             long sequenceNumber) {
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
    }

    public boolean isSnapshot() {
        return snapshot != BASE;
    }

    /** The same blob with {@code lease}; its ETag stays, as lease actions leave it. */
    public BlobProperties withLease(Lease lease) {
        return new BlobProperties(name, snapshot, type, etag, created, lastModified, contentLength, headers, metadata,
                segments, lease, copy, sequenceNumber);
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
