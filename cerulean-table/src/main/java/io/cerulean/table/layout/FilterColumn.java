package io.cerulean.table.layout;

import io.cerulean.table.model.PropertyValue;
import java.util.Arrays;

/**
 * One property of every entity of one partition, as the partition stood at one generation of its
 * {@link CommitStripes stripe}: the RowKeys in order (CESU-8, packed end to end), each entity's
 * version and the property's value (null where an entity has none). Immutable once built; values
 * that repeat share one instance, so a column of a small domain (an age, a status) costs about
 * twenty bytes an entity.
 */
final class FilterColumn {
    final String partitionKey;
    final byte[] partition;
    final String property;
    final int stripe;
    final long generation;
    private final byte[] rows;
    private final int[] rowStarts;
    private final long[] versions;
    private final PropertyValue[] values;
    private final long bytes;

    FilterColumn(String partitionKey, byte[] partition, String property, int stripe, long generation, byte[] rows,
                 int[] rowStarts, long[] versions, PropertyValue[] values, long valueBytes) {
        this.partitionKey = partitionKey;
        this.partition = partition;
        this.property = property;
        this.stripe = stripe;
        this.generation = generation;
        this.rows = rows;
        this.rowStarts = rowStarts;
        this.versions = versions;
        this.values = values;
        this.bytes = 96L + rows.length + 4L * rowStarts.length + 8L * versions.length + 4L * values.length + valueBytes;
    }

    int size() {
        return versions.length;
    }

    /** What this column holds, in bytes of heap, about. */
    long bytes() {
        return bytes;
    }

    long version(int i) {
        return versions[i];
    }

    PropertyValue value(int i) {
        return values[i];
    }

    /** The i-th RowKey, CESU-8, copied. */
    byte[] row(int i) {
        return Arrays.copyOfRange(rows, rowStarts[i], rowStarts[i + 1]);
    }

    String rowKey(int i) {
        return Cesu8.decode(rows, rowStarts[i], rowStarts[i + 1] - rowStarts[i]);
    }

    /**
     * The first index whose RowKey is at or after {@code row} ({@code inclusive}) or after it: where
     * a range bounded by that row starts, or (from the other end) where it stops.
     */
    int search(byte[] row, boolean inclusive) {
        int low = 0;
        int high = size();
        while (low < high) {
            int mid = (low + high) >>> 1;
            int c = Arrays.compareUnsigned(rows, rowStarts[mid], rowStarts[mid + 1], row, 0, row.length);
            if (c < 0 || (c == 0 && !inclusive)) {
                low = mid + 1;
            } else {
                high = mid;
            }
        }
        return low;
    }
}
