package io.cerulean.table.query;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * What a filter allows of the key space: a sorted union of disjoint intervals, and whether it is
 * exact (the filter holds for every key in it, so no residual is needed) or only a superset.
 */
record KeySet(List<KeyInterval> intervals, boolean exact) {
    /** Beyond this many intervals a plan is not worth its bookkeeping: read everything instead. */
    static final int MAX_INTERVALS = 1000;

    static final KeySet EVERYTHING = new KeySet(List.of(KeyInterval.ALL), false);

    static KeySet of(KeyInterval interval, boolean exact) {
        return new KeySet(interval.isEmpty() ? List.of() : List.of(interval), exact);
    }

    boolean isEverything() {
        return intervals.size() == 1 && intervals.get(0).equals(KeyInterval.ALL);
    }

    KeySet intersect(KeySet other) {
        List<KeyInterval> result = new ArrayList<>();
        for (KeyInterval a : intervals) {
            for (KeyInterval b : other.intervals) {
                KeyInterval both = a.intersect(b);
                if (!both.isEmpty()) {
                    result.add(both);
                }
            }
        }
        return normalized(result, exact && other.exact);
    }

    KeySet union(KeySet other) {
        List<KeyInterval> result = new ArrayList<>(intervals);
        result.addAll(other.intervals);
        return normalized(result, exact && other.exact);
    }

    private static KeySet normalized(List<KeyInterval> intervals, boolean exact) {
        if (intervals.size() > MAX_INTERVALS) {
            return EVERYTHING;
        }
        intervals.sort(Comparator.comparing(KeyInterval::lower, Comparator.nullsFirst(Comparator.naturalOrder())));
        List<KeyInterval> merged = new ArrayList<>();
        for (KeyInterval next : intervals) {
            if (!merged.isEmpty() && !merged.get(merged.size() - 1).endsBefore(next)) {
                KeyInterval last = merged.remove(merged.size() - 1);
                merged.add(new KeyInterval(last.lower(), maxUpper(last.upper(), next.upper())));
            } else {
                merged.add(next);
            }
        }
        return new KeySet(List.copyOf(merged), exact);
    }

    private static KeyCut maxUpper(KeyCut a, KeyCut b) {
        if (a == null || b == null) {
            return null;
        }
        return a.compareTo(b) >= 0 ? a : b;
    }
}
