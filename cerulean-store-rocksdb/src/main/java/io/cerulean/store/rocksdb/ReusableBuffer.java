package io.cerulean.store.rocksdb;

import java.nio.ByteBuffer;
import java.util.function.ToIntFunction;

/**
 * A direct buffer for RocksDB to copy into, and a heap array holding the same bytes for the
 * codecs, both grown as needed and reused. Not thread-safe.
 */
final class ReusableBuffer {
    private ByteBuffer direct;
    private byte[] bytes;

    ReusableBuffer(int capacity) {
        direct = ByteBuffer.allocateDirect(capacity);
        bytes = new byte[capacity];
    }

    /**
     * Fills the buffer from {@code source} (which copies into a direct buffer and returns the full
     * length, as RocksIterator.key(ByteBuffer) does) and returns that length.
     */
    int read(ToIntFunction<ByteBuffer> source) {
        direct.clear();
        int length = source.applyAsInt(direct);
        if (length > direct.capacity()) {
            direct = ByteBuffer.allocateDirect(Integer.highestOneBit(length) << 1);
            bytes = new byte[direct.capacity()];
            direct.clear();
            length = source.applyAsInt(direct);
        }
        direct.get(0, bytes, 0, length);
        return length;
    }

    /** The bytes last read, in the first {@code length} positions; the rest is stale. */
    byte[] bytes() {
        return bytes;
    }
}
