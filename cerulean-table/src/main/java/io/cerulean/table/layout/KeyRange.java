package io.cerulean.table.layout;

import io.cerulean.table.model.EntityKey;

/**
 * A contiguous range of entity keys in (PartitionKey, RowKey) order; a null bound is unbounded.
 * Stores read exactly this range, in order.
 */
public record KeyRange(KeyBound lower, KeyBound upper) {
    private static final KeyRange ALL = new KeyRange(null, null);

    /** Every entity of the table. */
    public static KeyRange all() {
        return ALL;
    }

    /** Every entity of one partition. */
    public static KeyRange partition(String partitionKey) {
        return new KeyRange(KeyBound.partitionIncluded(partitionKey), KeyBound.partitionIncluded(partitionKey));
    }

    /** Exactly one entity. */
    public static KeyRange point(String partitionKey, String rowKey) {
        return new KeyRange(KeyBound.inclusive(partitionKey, rowKey), KeyBound.inclusive(partitionKey, rowKey));
    }

    /** This range, starting no earlier than {@code from} (inclusive): how a continuation resumes. */
    public KeyRange resumingAt(EntityKey from) {
        KeyBound resume = KeyBound.inclusive(from.partitionKey(), from.rowKey());
        if (lower != null && compareLower(lower, resume) > 0) {
            return this;
        }
        return new KeyRange(resume, upper);
    }

    /** The part of this range after {@code key} (exclusive), a key inside it: what a scan has left. */
    public KeyRange after(EntityKey key) {
        return new KeyRange(KeyBound.exclusive(key.partitionKey(), key.rowKey()), upper);
    }

    /** The part of this range before {@code key} (exclusive), a key inside it: how a range is split. */
    public KeyRange before(EntityKey key) {
        return new KeyRange(lower, KeyBound.exclusive(key.partitionKey(), key.rowKey()));
    }

    /** Whether {@code key} lies in this range. */
    public boolean contains(EntityKey key) {
        return (lower == null || satisfiesLower(lower, key)) && (upper == null || satisfiesUpper(upper, key));
    }

    private static boolean satisfiesLower(KeyBound bound, EntityKey key) {
        int pk = key.partitionKey().compareTo(bound.partitionKey());
        if (bound.isPartitionEdge()) {
            return bound.inclusive() ? pk >= 0 : pk > 0;
        }
        if (pk != 0) {
            return pk > 0;
        }
        int rk = key.rowKey().compareTo(bound.rowKey());
        return bound.inclusive() ? rk >= 0 : rk > 0;
    }

    private static boolean satisfiesUpper(KeyBound bound, EntityKey key) {
        int pk = key.partitionKey().compareTo(bound.partitionKey());
        if (bound.isPartitionEdge()) {
            return bound.inclusive() ? pk <= 0 : pk < 0;
        }
        if (pk != 0) {
            return pk < 0;
        }
        int rk = key.rowKey().compareTo(bound.rowKey());
        return bound.inclusive() ? rk <= 0 : rk < 0;
    }

    /** Orders two lower bounds by where they start; positive when {@code a} starts later. */
    private static int compareLower(KeyBound a, KeyBound b) {
        int pk = a.partitionKey().compareTo(b.partitionKey());
        if (pk != 0) {
            return pk;
        }
        int position = Integer.compare(position(a), position(b));
        if (position != 0 || a.isPartitionEdge()) {
            return position;
        }
        int rk = a.rowKey().compareTo(b.rowKey());
        return rk != 0 ? rk : Boolean.compare(!a.inclusive(), !b.inclusive());
    }

    // Within one partition: its start (-1), a row (0), after its end (+1).
    private static int position(KeyBound bound) {
        if (!bound.isPartitionEdge()) {
            return 0;
        }
        return bound.inclusive() ? -1 : 1;
    }
}
