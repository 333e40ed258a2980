package io.cerulean.table.query;

import io.cerulean.table.layout.KeyBound;
import java.util.Comparator;

/**
 * A position between entity keys, so that ranges can be intersected and merged by comparing
 * positions. Within a partition the order is: its start, then before and after each RowKey in
 * RowKey order, then its end. A {@link KeyBound} is a cut seen from one side.
 */
record KeyCut(String partitionKey, String rowKey, int side) implements Comparable<KeyCut> {
    static final int PARTITION_START = -2;
    static final int BEFORE_ROW = 0;
    static final int AFTER_ROW = 1;
    static final int PARTITION_END = 2;

    private static final Comparator<KeyCut> ORDER = Comparator.comparing(KeyCut::partitionKey)
            .thenComparingInt(KeyCut::rank)
            .thenComparing(c -> c.rowKey == null ? "" : c.rowKey)
            .thenComparingInt(KeyCut::side);

    static KeyCut ofLower(KeyBound bound) {
        if (bound.isPartitionEdge()) {
            return new KeyCut(bound.partitionKey(), null, bound.inclusive() ? PARTITION_START : PARTITION_END);
        }
        return new KeyCut(bound.partitionKey(), bound.rowKey(), bound.inclusive() ? BEFORE_ROW : AFTER_ROW);
    }

    static KeyCut ofUpper(KeyBound bound) {
        if (bound.isPartitionEdge()) {
            return new KeyCut(bound.partitionKey(), null, bound.inclusive() ? PARTITION_END : PARTITION_START);
        }
        return new KeyCut(bound.partitionKey(), bound.rowKey(), bound.inclusive() ? AFTER_ROW : BEFORE_ROW);
    }

    KeyBound asLower() {
        return switch (side) {
            case PARTITION_START -> KeyBound.partitionIncluded(partitionKey);
            case PARTITION_END -> KeyBound.partitionExcluded(partitionKey);
            case BEFORE_ROW -> KeyBound.inclusive(partitionKey, rowKey);
            default -> KeyBound.exclusive(partitionKey, rowKey);
        };
    }

    KeyBound asUpper() {
        return switch (side) {
            case PARTITION_END -> KeyBound.partitionIncluded(partitionKey);
            case PARTITION_START -> KeyBound.partitionExcluded(partitionKey);
            case AFTER_ROW -> KeyBound.inclusive(partitionKey, rowKey);
            default -> KeyBound.exclusive(partitionKey, rowKey);
        };
    }

    // Row cuts sit between the partition's start and end.
    private int rank() {
        return side == PARTITION_START ? -1 : side == PARTITION_END ? 1 : 0;
    }

    @Override
    public int compareTo(KeyCut other) {
        return ORDER.compare(this, other);
    }
}
