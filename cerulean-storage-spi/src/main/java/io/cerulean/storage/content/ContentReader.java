package io.cerulean.storage.content;

import java.nio.ByteBuffer;

/** One piece of content, read by position (a range of a blob, say). Used by one thread at a time. */
public interface ContentReader extends AutoCloseable {
    /** The content's size in bytes. */
    long size();

    /**
     * Reads from {@code position} into {@code target} as much as fits and the content holds;
     * returns how many bytes were read, -1 at or past the end.
     */
    int read(long position, ByteBuffer target);

    @Override
    void close();
}
