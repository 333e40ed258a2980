package io.cerulean.storage.content;

import java.nio.ByteBuffer;

/**
 * New content, streamed in a buffer at a time (as request bodies arrive), then finished. Content
 * that is closed without being finished is discarded. Used by one thread at a time.
 */
public interface ContentWriter extends AutoCloseable {
    /** Appends all of {@code bytes} (its remaining bytes; its position moves to its limit). */
    void write(ByteBuffer bytes);

    /** How many bytes were written so far. */
    long size();

    /**
     * Makes the content whole, immutable and durable, and names it: when this returns, the content
     * survives a crash and {@link ContentStore#open} reads it. One store says otherwise of itself:
     * {@link ChunkedContentStore#durableWithLaterCommits}, whose content becomes durable with the
     * next sync of its record store, so only records committed to that same store afterwards, and
     * acknowledged once durable, may name it.
     */
    ContentId finish();

    /** Discards the content unless {@link #finish} returned. */
    @Override
    void close();
}
