package io.cerulean.table.layout;

import io.cerulean.storage.ByteView;
import io.cerulean.storage.RecordBound;
import io.cerulean.storage.RecordRange;

/**
 * How an entity's keys become a record's: in the key space {@code TABLE_ENTITIES}, instance the
 * table's id, the partition is the PartitionKey and the row the RowKey, each in CESU-8. Key format
 * version {@value #FORMAT_VERSION}, recorded in the server state at creation and checked at open.
 *
 * <p>Unsigned byte order of CESU-8 is UTF-16 code-unit order, the service's order (see
 * {@link Cesu8}), so the store's (partition, row) order is (PartitionKey, RowKey) order; and keys
 * never contain U+0000 (the data model rejects control characters), so partitions hold no zero
 * byte, as the seam asks. On RocksDB a record's key is [table id: 8][PartitionKey][0x00][RowKey],
 * exactly the layout of release 0.1.
 */
final class EntityKeys {
    /** Bumped whenever this layout or {@link EntityCodec}'s changes. */
    static final int FORMAT_VERSION = 1;

    private EntityKeys() {
    }

    static byte[] partition(String partitionKey) {
        return Cesu8.encode(partitionKey);
    }

    static byte[] row(String rowKey) {
        return Cesu8.encode(rowKey);
    }

    static String decode(ByteView key) {
        return Cesu8.decode(key.array(), key.offset(), key.length());
    }

    /** The records of {@code range}: the same bounds, in bytes. */
    static RecordRange range(KeyRange range) {
        if (range.lower() == null && range.upper() == null) {
            return RecordRange.all();
        }
        return new RecordRange(bound(range.lower()), bound(range.upper()));
    }

    private static RecordBound bound(KeyBound bound) {
        if (bound == null) {
            return null;
        }
        byte[] partition = partition(bound.partitionKey());
        return new RecordBound(partition, bound.isPartitionEdge() ? null : row(bound.rowKey()), bound.inclusive());
    }
}
