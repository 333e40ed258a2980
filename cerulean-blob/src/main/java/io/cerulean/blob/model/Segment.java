package io.cerulean.blob.model;

import io.cerulean.storage.content.ContentId;
import java.util.Objects;

/**
 * One committed piece of a blob, in order: the block it was (null for the single piece Put Blob
 * writes, which has no id), the content holding its bytes (null for an empty piece) and its size.
 */
public record Segment(BlockId blockId, ContentId content, long size) {
    public Segment {
        if (size < 0) {
            throw new IllegalArgumentException("a segment's size is never negative: " + size);
        }
        if (size > 0) {
            Objects.requireNonNull(content, "content");
        }
    }
}
