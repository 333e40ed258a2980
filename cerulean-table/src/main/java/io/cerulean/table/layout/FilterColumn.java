package io.cerulean.table.layout;

import io.cerulean.table.model.PropertyValue;
import java.util.Arrays;

/**
 * One property of every entity of one partition, as the partition stood at one generation of its
 * {@link CommitStripes stripe}: the RowKeys in order (CESU-8, packed end to end), each entity's
 * version and the property's value (none where an entity has none). Immutable once built.
 *
 * <p>The values are dictionary-encoded: each distinct value is held once, and each entity holds
 * its value's index, its code (0 for no value). A column of a small domain (an age, a status) then
 * costs about twenty bytes an entity, and a filter that reads only the property is tested once
 * per distinct value rather than once per entity.
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
    /** Each entity's code: the index of its value in {@link #distinct}. */
    private final int[] codes;
    /** The values that occur, each once, in the order first met; null (no value) first. */
    private final PropertyValue[] distinct;
    private final long bytes;

    FilterColumn(String partitionKey, byte[] partition, String property, int stripe, long generation, byte[] rows,
                 int[] rowStarts, long[] versions, int[] codes, PropertyValue[] distinct, long valueBytes) {
        this.partitionKey = partitionKey;
        this.partition = partition;
        this.property = property;
        this.stripe = stripe;
        this.generation = generation;
        this.rows = rows;
        this.rowStarts = rowStarts;
        this.versions = versions;
        this.codes = codes;
        this.distinct = distinct;
        this.bytes = 96L + rows.length + 4L * rowStarts.length + 8L * versions.length + 4L * codes.length
                + 4L * distinct.length + valueBytes;
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
        return distinct[codes[i]];
    }

    /** The code of the i-th entity's value: its index among the {@link #distinctValues} values. */
    int code(int i) {
        return codes[i];
    }

    /** How many distinct values the column holds, counting no value as one. */
    int distinctValues() {
        return distinct.length;
    }

    /** The value of a code; null for code 0, no value. */
    PropertyValue distinctValue(int code) {
        return distinct[code];
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
