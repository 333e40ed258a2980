package io.cerulean.storage;

/**
 * A contiguous range of records in (partition, row) order; a null bound is unbounded. Stores read
 * exactly this range, in order, within one {@link Space}.
 */
public record RecordRange(RecordBound lower, RecordBound upper) {
    private static final RecordRange ALL = new RecordRange(null, null);

    /** Every record of the space. */
    public static RecordRange all() {
        return ALL;
    }

    /** Every row of one partition. */
    public static RecordRange partition(byte[] partition) {
        return new RecordRange(RecordBound.partitionIncluded(partition), RecordBound.partitionIncluded(partition));
    }

    /** Whether {@code key} lies in this range: the reference every store's scans are tested against. */
    public boolean contains(RecordKey key) {
        return (lower == null || compare(key, lower) >= (lower.inclusive() ? 0 : 1))
                && (upper == null || compare(key, upper) <= (upper.inclusive() ? 0 : -1));
    }

    /**
     * Where {@code key} lies against {@code bound}'s key: negative before it, zero on it, positive
     * after it. A partition edge compares by partition alone, so a key of that partition is "on" it.
     */
    private static int compare(RecordKey key, RecordBound bound) {
        int byPartition = Integer.signum(Keys.compare(key.partition(), bound.partition()));
        if (byPartition != 0 || bound.isPartitionEdge()) {
            return byPartition;
        }
        return Integer.signum(Keys.compare(key.row(), bound.row()));
    }
}
