package io.cerulean.storage;

import java.util.Objects;

/**
 * One end of a {@link RecordRange}. With a row it is that record's key, inclusive or not. Without
 * one ({@code row == null}) it is the edge of a whole partition: as a lower bound, inclusive means
 * "from the partition's first row" and exclusive "after its last row"; as an upper bound,
 * inclusive means "through its last row" and exclusive "before its first row".
 */
public record RecordBound(byte[] partition, byte[] row, boolean inclusive) {
    public RecordBound {
        Objects.requireNonNull(partition, "partition");
    }

    public static RecordBound inclusive(byte[] partition, byte[] row) {
        return new RecordBound(partition, Objects.requireNonNull(row, "row"), true);
    }

    public static RecordBound exclusive(byte[] partition, byte[] row) {
        return new RecordBound(partition, Objects.requireNonNull(row, "row"), false);
    }

    /** The start (as a lower bound) or end (as an upper bound) of a whole partition, its rows included. */
    public static RecordBound partitionIncluded(byte[] partition) {
        return new RecordBound(partition, null, true);
    }

    /** After (as a lower bound) or before (as an upper bound) a whole partition. */
    public static RecordBound partitionExcluded(byte[] partition) {
        return new RecordBound(partition, null, false);
    }

    public boolean isPartitionEdge() {
        return row == null;
    }
}
