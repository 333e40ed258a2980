package io.cerulean.store.rocksdb;

import io.cerulean.storage.RecordBound;
import io.cerulean.storage.StoreFormatException;
import io.cerulean.storage.StoredValue;

/**
 * The byte layout of records in RocksDB, store format {@value #STORE_FORMAT}. Each key space has a
 * column family of its name; in it
 *
 * <pre>
 * key:    [instance: 8 bytes big-endian][partition][0x00][row]
 * value:  [record format: 1 = {@value #RECORD_FORMAT}][version: 8 bytes big-endian][payload]
 * </pre>
 *
 * Unsigned byte order of keys is (instance, partition, row) order: partitions hold no zero byte
 * (the seam's rule), so the 0x00 after one sorts it before any longer partition it prefixes, and
 * a row, last, may hold anything. An instance's records share its 8-byte prefix, so dropping one
 * is a single range deletion of {@code [instance, instance + 1)}. The value's header fills the
 * {@link StoredValue#HEADROOM} every value array arrives with, so a value goes to RocksDB and
 * comes back as one array, never copied to add or strip it.
 */
final class RecordLayout {
    /** Bumped whenever this layout changes; kept in the default column family. */
    static final int STORE_FORMAT = 2;
    static final int RECORD_FORMAT = 1;
    static final int INSTANCE_BYTES = 8;
    private static final byte SEPARATOR = 0x00;

    private RecordLayout() {
    }

    static byte[] key(long instance, byte[] partition, byte[] row) {
        byte[] key = new byte[INSTANCE_BYTES + partition.length + 1 + row.length];
        putLong(key, 0, instance);
        System.arraycopy(partition, 0, key, INSTANCE_BYTES, partition.length);
        key[INSTANCE_BYTES + partition.length] = SEPARATOR;
        System.arraycopy(row, 0, key, INSTANCE_BYTES + partition.length + 1, row.length);
        return key;
    }

    /** The first key of an instance. */
    static byte[] instanceStart(long instance) {
        return putLongArray(instance);
    }

    /** The first key after an instance (instances are never negative, so this never wraps). */
    static byte[] instanceEnd(long instance) {
        return putLongArray(instance + 1);
    }

    /**
     * The first key at or after a lower bound: the key itself when inclusive, else that key followed
     * by 0x00 (nothing sorts between them). Partition edges: {@code p 0x00} starts a partition and
     * {@code p 0x01} lies after all of its rows.
     */
    static byte[] lowerKey(long instance, RecordBound lower) {
        if (lower == null) {
            return instanceStart(instance);
        }
        if (lower.isPartitionEdge()) {
            return partitionEdge(instance, lower.partition(), lower.inclusive() ? 0x00 : 0x01);
        }
        byte[] key = key(instance, lower.partition(), lower.row());
        return lower.inclusive() ? key : append(key, (byte) 0x00);
    }

    /** The first key past an upper bound (the exclusive end for an iterator). */
    static byte[] upperKeyExclusive(long instance, RecordBound upper) {
        if (upper == null) {
            return instanceEnd(instance);
        }
        if (upper.isPartitionEdge()) {
            return partitionEdge(instance, upper.partition(), upper.inclusive() ? 0x01 : 0x00);
        }
        byte[] key = key(instance, upper.partition(), upper.row());
        return upper.inclusive() ? append(key, (byte) 0x00) : key;
    }

    private static byte[] partitionEdge(long instance, byte[] partition, int marker) {
        byte[] key = new byte[INSTANCE_BYTES + partition.length + 1];
        putLong(key, 0, instance);
        System.arraycopy(partition, 0, key, INSTANCE_BYTES, partition.length);
        key[INSTANCE_BYTES + partition.length] = (byte) marker;
        return key;
    }

    /** Position of the separator between partition and row in the first {@code length} bytes of a key. */
    static int separatorIndex(byte[] key, int length) {
        for (int i = INSTANCE_BYTES; i < length; i++) {
            if (key[i] == SEPARATOR) {
                return i;
            }
        }
        throw new IllegalStateException("a record key without separator");
    }

    /** Writes the header into the value's headroom: the array then is the stored value. */
    static byte[] frame(StoredValue value) {
        byte[] bytes = value.bytes();
        bytes[0] = RECORD_FORMAT;
        putLong(bytes, 1, value.version());
        return bytes;
    }

    /** The stored value read back: the same array, the version from its header. */
    static StoredValue unframe(byte[] stored) {
        return new StoredValue(version(stored), stored);
    }

    static long version(byte[] stored) {
        if (stored[0] != RECORD_FORMAT) {
            throw new StoreFormatException("a record in unknown format " + (stored[0] & 0xFF));
        }
        return getLong(stored, 1);
    }

    static long getLong(byte[] b, int pos) {
        long v = 0;
        for (int i = 0; i < 8; i++) {
            v = (v << 8) | (b[pos + i] & 0xFF);
        }
        return v;
    }

    static int putLong(byte[] b, int pos, long v) {
        for (int i = 7; i >= 0; i--) {
            b[pos + i] = (byte) v;
            v >>>= 8;
        }
        return pos + 8;
    }

    static byte[] putLongArray(long v) {
        byte[] b = new byte[8];
        putLong(b, 0, v);
        return b;
    }

    private static byte[] append(byte[] key, byte last) {
        byte[] out = java.util.Arrays.copyOf(key, key.length + 1);
        out[key.length] = last;
        return out;
    }
}
