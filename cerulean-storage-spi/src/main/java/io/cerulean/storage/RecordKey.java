package io.cerulean.storage;

import java.util.Arrays;
import java.util.Objects;

/** The key of one record within a {@link Space}: its partition and its row. */
public record RecordKey(byte[] partition, byte[] row) implements Comparable<RecordKey> {
    public RecordKey {
        Objects.requireNonNull(partition, "partition");
        Objects.requireNonNull(row, "row");
    }

    /** (partition, row) order, unsigned bytes: the order every store reads in. */
    @Override
    public int compareTo(RecordKey other) {
        int byPartition = Keys.compare(partition, other.partition);
        return byPartition != 0 ? byPartition : Keys.compare(row, other.row);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RecordKey k && Arrays.equals(partition, k.partition) && Arrays.equals(row, k.row);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(partition) + Arrays.hashCode(row);
    }

    @Override
    public String toString() {
        return "RecordKey[" + Arrays.toString(partition) + ", " + Arrays.toString(row) + "]";
    }
}
