package io.cerulean.table.query;

import io.cerulean.table.layout.KeyRange;

/** A contiguous run of keys between two cuts; a null cut is unbounded. Empty when lower is not before upper. */
record KeyInterval(KeyCut lower, KeyCut upper) {
    static final KeyInterval ALL = new KeyInterval(null, null);

    static KeyInterval of(KeyRange range) {
        return new KeyInterval(range.lower() == null ? null : KeyCut.ofLower(range.lower()),
                range.upper() == null ? null : KeyCut.ofUpper(range.upper()));
    }

    boolean isEmpty() {
        return lower != null && upper != null && lower.compareTo(upper) >= 0;
    }

    KeyInterval intersect(KeyInterval other) {
        return new KeyInterval(max(lower, other.lower), min(upper, other.upper));
    }

    /** Whether this interval ends before {@code other} starts, with no key in between them shared. */
    boolean endsBefore(KeyInterval other) {
        return upper != null && other.lower != null && upper.compareTo(other.lower) < 0;
    }

    KeyRange toRange() {
        return new KeyRange(lower == null ? null : lower.asLower(), upper == null ? null : upper.asUpper());
    }

    /** The single partition this interval lies in, or null when it spans more or is unbounded. */
    String partition() {
        if (lower == null || upper == null || !lower.partitionKey().equals(upper.partitionKey())) {
            return null;
        }
        return lower.partitionKey();
    }

    boolean isPoint() {
        return partition() != null && lower.side() == KeyCut.BEFORE_ROW && upper.side() == KeyCut.AFTER_ROW
                && lower.rowKey().equals(upper.rowKey());
    }

    boolean isWholePartition() {
        return partition() != null && lower.side() == KeyCut.PARTITION_START && upper.side() == KeyCut.PARTITION_END;
    }

    private static KeyCut max(KeyCut a, KeyCut b) {
        if (a == null) {
            return b;
        }
        return b == null || a.compareTo(b) >= 0 ? a : b;
    }

    private static KeyCut min(KeyCut a, KeyCut b) {
        if (a == null) {
            return b;
        }
        return b == null || a.compareTo(b) <= 0 ? a : b;
    }
}
