package io.cerulean.store.rocksdb;

import io.cerulean.core.spi.KeyBound;
import java.nio.charset.StandardCharsets;

/**
 * The byte layout of RocksDB keys. Format version {@value #FORMAT_VERSION}.
 *
 * <pre>
 * column family "entities":  [table id: 8 bytes big-endian][PartitionKey: CESU-8][0x00][RowKey: CESU-8]
 * column family "tables":    [account: UTF-8][0x00][table name, lower case: UTF-8]
 * </pre>
 *
 * Unsigned byte order of entity keys is (table, PartitionKey, RowKey) order as the service sorts:
 * CESU-8 preserves UTF-16 code-unit order (see {@link Cesu8}) and keys never contain U+0000 (the
 * data model rejects control characters), so the 0x00 separator sorts a partition before any
 * longer PartitionKey it prefixes. A table's entities share the 8-byte prefix of its id, which is
 * never reused, so deleting a table is one range deletion of {@code [id, id + 1)}.
 */
final class KeyCodec {
    /** The table id that prefixes every entity key. */
    static final int TABLE_ID_BYTES = 8;

    /** Bumped whenever this layout changes; stored in the settings at creation. */
    static final int FORMAT_VERSION = 1;

    private static final byte SEPARATOR = 0x00;

    private KeyCodec() {
    }

    static byte[] entityKey(long tableId, String partitionKey, String rowKey) {
        byte[] key = new byte[8 + Cesu8.length(partitionKey) + 1 + Cesu8.length(rowKey)];
        int pos = putLong(key, 0, tableId);
        pos = Cesu8.encode(partitionKey, key, pos);
        key[pos++] = SEPARATOR;
        Cesu8.encode(rowKey, key, pos);
        return key;
    }

    /** The first key of the table. */
    static byte[] tableStart(long tableId) {
        return putLongArray(tableId);
    }

    /** The first key after the table. */
    static byte[] tableEnd(long tableId) {
        return putLongArray(tableId + 1);
    }

    /**
     * The first key at or after a lower bound: a row key itself when inclusive, else that key
     * followed by 0x00 (nothing sorts between them: row keys have no U+0000). Partition edges:
     * {@code pk 0x00} starts a partition and {@code pk 0x01} lies after all of its rows.
     */
    static byte[] lowerKey(long tableId, KeyBound lower) {
        if (lower == null) {
            return tableStart(tableId);
        }
        if (lower.isPartitionEdge()) {
            return partitionEdge(tableId, lower.partitionKey(), lower.inclusive() ? 0x00 : 0x01);
        }
        byte[] key = entityKey(tableId, lower.partitionKey(), lower.rowKey());
        return lower.inclusive() ? key : append(key, (byte) 0x00);
    }

    /** The first key past an upper bound (exclusive end for an iterator). */
    static byte[] upperKeyExclusive(long tableId, KeyBound upper) {
        if (upper == null) {
            return tableEnd(tableId);
        }
        if (upper.isPartitionEdge()) {
            return partitionEdge(tableId, upper.partitionKey(), upper.inclusive() ? 0x01 : 0x00);
        }
        byte[] key = entityKey(tableId, upper.partitionKey(), upper.rowKey());
        return upper.inclusive() ? append(key, (byte) 0x00) : key;
    }

    private static byte[] partitionEdge(long tableId, String partitionKey, int marker) {
        byte[] key = new byte[8 + Cesu8.length(partitionKey) + 1];
        int pos = putLong(key, 0, tableId);
        pos = Cesu8.encode(partitionKey, key, pos);
        key[pos] = (byte) marker;
        return key;
    }

    /** Position of the separator between PartitionKey and RowKey in an entity key. */
    static int separatorIndex(byte[] key) {
        return separatorIndex(key, key.length);
    }

    /** As {@link #separatorIndex(byte[])}, for a key in the first {@code length} bytes of a buffer. */
    static int separatorIndex(byte[] key, int length) {
        for (int i = TABLE_ID_BYTES; i < length; i++) {
            if (key[i] == SEPARATOR) {
                return i;
            }
        }
        throw new IllegalStateException("entity key without separator");
    }

    static String partitionKeyOf(byte[] key, int separator) {
        return Cesu8.decode(key, TABLE_ID_BYTES, separator - TABLE_ID_BYTES);
    }

    static String rowKeyOf(byte[] key, int separator) {
        return rowKeyOf(key, separator, key.length);
    }

    static String rowKeyOf(byte[] key, int separator, int length) {
        return Cesu8.decode(key, separator + 1, length - separator - 1);
    }

    static byte[] tableKey(String account, String normalizedName) {
        byte[] a = account.getBytes(StandardCharsets.UTF_8);
        byte[] n = normalizedName.getBytes(StandardCharsets.UTF_8);
        byte[] key = new byte[a.length + 1 + n.length];
        System.arraycopy(a, 0, key, 0, a.length);
        key[a.length] = SEPARATOR;
        System.arraycopy(n, 0, key, a.length + 1, n.length);
        return key;
    }

    /** The first key after every table of {@code account}. */
    static byte[] accountEnd(String account) {
        byte[] a = account.getBytes(StandardCharsets.UTF_8);
        byte[] key = new byte[a.length + 1];
        System.arraycopy(a, 0, key, 0, a.length);
        key[a.length] = 0x01;
        return key;
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
        byte[] out = new byte[key.length + 1];
        System.arraycopy(key, 0, out, 0, key.length);
        out[key.length] = last;
        return out;
    }
}
