package io.cerulean.table.query;

import io.cerulean.table.query.filter.Filter;
import io.cerulean.table.layout.KeyBound;
import io.cerulean.table.layout.KeyRange;
import io.cerulean.table.model.Entity;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * How a query runs: the key ranges read from storage (disjoint, in key order), the residual filter
 * applied to what is read (empty when the ranges say it all), and the query class the design
 * guide names for it. {@link #explain()} says it in one line, e.g.
 * {@code RANGE(pk='Sales', rk=['a','b')) | FILTER (Age gt 30)}.
 */
public record QueryPlan(QueryClass queryClass, List<KeyRange> ranges, Optional<Filter> residual) {

    /** The design guide's query classes, cheapest first. */
    public enum QueryClass {
        /** One entity by PartitionKey and RowKey. */
        POINT,
        /** A few entities by their keys (a disjunction of points), each read directly. */
        POINT_SET,
        /** A RowKey range within one partition. */
        RANGE,
        /** A whole partition. */
        PARTITION_SCAN,
        /** Ranges of keys across partitions (PartitionKey bounds, or points in several partitions). */
        PARTITION_RANGE,
        /** Everything in the table. */
        TABLE_SCAN
    }

    public QueryPlan {
        ranges = List.copyOf(ranges);
    }

    /** A full scan of the table with {@code filter} applied to every entity. */
    public static QueryPlan tableScan(Optional<Filter> filter) {
        return new QueryPlan(QueryClass.TABLE_SCAN, List.of(KeyRange.all()), filter);
    }

    /**
     * The one property the residual filter reads besides PartitionKey, RowKey and Timestamp, when it
     * reads exactly one: a store may then test that property in memory, without reading each entity
     * (the filter columns of {@code TableLayout}).
     */
    public Optional<String> filterProperty() {
        Set<String> names = new HashSet<>();
        residual.ifPresent(filter -> collect(filter, names));
        names.removeAll(KEY_PROPERTIES);
        return names.size() == 1 ? Optional.of(names.iterator().next()) : Optional.empty();
    }

    private static final Set<String> KEY_PROPERTIES = Set.of(Entity.PARTITION_KEY, Entity.ROW_KEY, Entity.TIMESTAMP);

    private static void collect(Filter filter, Set<String> names) {
        if (filter instanceof Filter.Comparison comparison) {
            names.add(comparison.property());
        } else if (filter instanceof Filter.And and) {
            collect(and.left(), names);
            collect(and.right(), names);
        } else if (filter instanceof Filter.Or or) {
            collect(or.left(), names);
            collect(or.right(), names);
        } else if (filter instanceof Filter.Not not) {
            collect(not.operand(), names);
        }
    }

    public String explain() {
        String reads = queryClass == QueryClass.TABLE_SCAN ? "TABLE_SCAN"
                : queryClass + ranges.stream().map(QueryPlan::describe).collect(Collectors.joining(", ", "(", ")"));
        return reads + residual.map(f -> " | FILTER " + f).orElse("");
    }

    private static String describe(KeyRange range) {
        KeyBound lower = range.lower();
        KeyBound upper = range.upper();
        if (lower != null && upper != null && lower.partitionKey().equals(upper.partitionKey())) {
            String pk = "pk=" + quote(lower.partitionKey());
            if (lower.isPartitionEdge() && upper.isPartitionEdge()) {
                return pk;
            }
            if (!lower.isPartitionEdge() && !upper.isPartitionEdge() && lower.rowKey().equals(upper.rowKey())) {
                return pk + ", rk=" + quote(lower.rowKey());
            }
            return pk + ", rk=" + (lower.isPartitionEdge() ? "(" : (lower.inclusive() ? "[" : "(") + quote(lower.rowKey()))
                    + ".." + (upper.isPartitionEdge() ? ")" : quote(upper.rowKey()) + (upper.inclusive() ? "]" : ")"));
        }
        return "[" + bound(lower) + " .. " + bound(upper) + "]";
    }

    private static String bound(KeyBound bound) {
        if (bound == null) {
            return "*";
        }
        String pk = "pk=" + quote(bound.partitionKey());
        if (bound.isPartitionEdge()) {
            return pk + (bound.inclusive() ? "" : " excluded");
        }
        return pk + " rk=" + quote(bound.rowKey()) + (bound.inclusive() ? "" : " excluded");
    }

    private static String quote(String key) {
        return "'" + key.replace("'", "''") + "'";
    }
}
