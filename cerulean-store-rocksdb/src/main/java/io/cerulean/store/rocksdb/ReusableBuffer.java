package io.cerulean.store.rocksdb;

/**
 * A heap array for RocksDB to copy into, grown as needed and reused. RocksDB's byte[] accessors
 * with an offset copy once, straight into the array; the ones without allocate on every call, and
 * the ByteBuffer ones cost a second copy out of the direct buffer. Not thread-safe.
 */
final class ReusableBuffer {
    /** A RocksDB accessor that copies into {@code target} what fits and returns the full length. */
    @FunctionalInterface
    interface Source {
        int read(byte[] target, int offset, int length);
    }

    private byte[] bytes;

    ReusableBuffer(int capacity) {
        bytes = new byte[capacity];
    }

    /** Fills the buffer from {@code source} and returns the length read. */
    int read(Source source) {
        int length = source.read(bytes, 0, bytes.length);
        if (length > bytes.length) {
            length = source.read(ensure(length), 0, bytes.length);
        }
        return length;
    }

    /** The buffer, grown to hold at least {@code length} bytes (its content is then stale). */
    byte[] ensure(int length) {
        if (length > bytes.length) {
            bytes = new byte[Integer.highestOneBit(length) << 1];
        }
        return bytes;
    }

    /** The bytes last read, in the first {@code length} positions; the rest is stale. */
    byte[] bytes() {
        return bytes;
    }
}
