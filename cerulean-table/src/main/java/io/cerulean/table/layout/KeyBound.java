package io.cerulean.table.layout;

import java.util.Objects;

/**
 * One end of a {@link KeyRange}. With a RowKey it is that entity key, inclusive or not. Without
 * one ({@code rowKey == null}) it is the edge of a whole partition: as a lower bound, inclusive
 * means "from the first row of {@code partitionKey}" and exclusive "after its last row"; as an
 * upper bound, inclusive means "through its last row" and exclusive "before its first row".
 */
public record KeyBound(String partitionKey, String rowKey, boolean inclusive) {
    public KeyBound {
        Objects.requireNonNull(partitionKey, "partitionKey");
    }

    public static KeyBound inclusive(String partitionKey, String rowKey) {
        return new KeyBound(partitionKey, Objects.requireNonNull(rowKey, "rowKey"), true);
    }

    public static KeyBound exclusive(String partitionKey, String rowKey) {
        return new KeyBound(partitionKey, Objects.requireNonNull(rowKey, "rowKey"), false);
    }

    /** The start (as a lower bound) or end (as an upper bound) of a whole partition, rows included. */
    public static KeyBound partitionIncluded(String partitionKey) {
        return new KeyBound(partitionKey, null, true);
    }

    /** After (as a lower bound) or before (as an upper bound) a whole partition. */
    public static KeyBound partitionExcluded(String partitionKey) {
        return new KeyBound(partitionKey, null, false);
    }

    public boolean isPartitionEdge() {
        return rowKey == null;
    }
}
