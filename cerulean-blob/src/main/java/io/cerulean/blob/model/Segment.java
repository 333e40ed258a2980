package io.cerulean.blob.model;

import io.cerulean.storage.content.ContentId;

/**
 * One committed piece of a blob, in order: the block it was (null for a piece with no id: Put
 * Blob's, an append's, a page run's), the content holding its bytes from {@code contentOffset} on,
 * and its size. A piece with no content is zeros: the pages of a page blob never written.
 */
public record Segment(BlockId blockId, ContentId content, long contentOffset, long size) {
    public Segment {
        if (size < 0 || contentOffset < 0) {
            throw new IllegalArgumentException("a segment's size and offset are never negative: " + size + ", "
                    + contentOffset);
        }
    }

    /** A piece that is a whole content from its start (null content: zeros). */
    public Segment(BlockId blockId, ContentId content, long size) {
        this(blockId, content, 0, size);
    }

    /** The last {@code size - skip} bytes of this piece. */
    public Segment from(long skip) {
        return new Segment(blockId, content, content == null ? 0 : contentOffset + skip, size - skip);
    }

    /** The first {@code length} bytes of this piece. */
    public Segment first(long length) {
        return new Segment(blockId, content, contentOffset, length);
    }
}
