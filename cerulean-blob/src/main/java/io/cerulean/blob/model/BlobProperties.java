package io.cerulean.blob.model;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A committed blob: what Get Blob Properties shows, and the segments its bytes are in.
 *
 * @param etag     the version its ETag is written from ({@link ETags}); new at every change
 * @param created  when the blob was first written (Put Blob or Put Block List)
 * @param segments the committed blocks, in order; their sizes add up to {@code contentLength}
 */
public record BlobProperties(String name, BlobType type, long etag, Instant created, Instant lastModified,
                             long contentLength, ContentHeaders headers, Map<String, String> metadata,
                             List<Segment> segments) {
    public BlobProperties {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(created, "created");
        Objects.requireNonNull(lastModified, "lastModified");
        Objects.requireNonNull(headers, "headers");
        metadata = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(metadata));
        segments = List.copyOf(segments);
    }

    /** How many committed blocks the blob has (Put Blob's single piece counts as none). */
    public int committedBlockCount() {
        int count = 0;
        for (Segment segment : segments) {
            if (segment.blockId() != null) {
                count++;
            }
        }
        return count;
    }
}
