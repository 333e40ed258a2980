package io.cerulean.table.query;

import io.cerulean.table.model.EdmType;
import io.cerulean.table.model.Entity;
import io.cerulean.table.query.QueryPlan.QueryClass;
import io.cerulean.table.query.filter.ComparisonOperator;
import io.cerulean.table.query.filter.Filter;
import io.cerulean.table.layout.KeyBound;
import io.cerulean.table.layout.KeyRange;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;

/**
 * Chooses how to read what a filter asks for: derives from it the key ranges that can hold
 * matches, so that only those are read, and drops the residual filter when the ranges express
 * it exactly.
 *
 * <p>Comparisons of PartitionKey with a string bound the partitions; comparisons of RowKey bound
 * rows only where a PartitionKey equality in the same conjunction names the partition. {@code and}
 * intersects, {@code or} unites, and anything else (other properties, {@code ne}, {@code not},
 * literals of other types) allows every key, which the residual filter then decides. The result
 * is always a superset of the matches, so the plan is correct whatever the filter.
 *
 * <p>Unlike the service, which scans the partition for an {@code or} of RowKeys, a disjunction of
 * keys becomes a set of point reads.
 */
public final class QueryPlanner {
    private QueryPlanner() {
    }

    public static QueryPlan plan(Optional<Filter> filter) {
        if (filter.isEmpty()) {
            return QueryPlan.tableScan(filter);
        }
        KeySet keys = keySet(filter.get(), null);
        if (keys.isEverything()) {
            return QueryPlan.tableScan(filter);
        }
        List<KeyRange> ranges = keys.intervals().stream().map(KeyInterval::toRange).toList();
        Optional<Filter> residual = keys.exact() ? Optional.empty() : residual(filter.get());
        return new QueryPlan(classify(keys.intervals()), ranges, residual);
    }

    /**
     * The filter less the terms of its top conjunction that the ranges already enforce: every
     * entity read lies in an exact term's key set, so the term holds for it.
     */
    private static Optional<Filter> residual(Filter filter) {
        if (!(filter instanceof Filter.And)) {
            return Optional.of(filter);
        }
        List<Filter> terms = flatten(filter, true);
        String fixed = fixedPartition(terms);
        Filter residual = null;
        for (Filter term : terms) {
            if (!keySet(term, fixed).exact()) {
                residual = residual == null ? term : new Filter.And(residual, term);
            }
        }
        return Optional.ofNullable(residual);
    }

    private static QueryClass classify(List<KeyInterval> intervals) {
        if (intervals.isEmpty()) {
            return QueryClass.POINT_SET;
        }
        if (intervals.stream().allMatch(KeyInterval::isPoint)) {
            return intervals.size() == 1 ? QueryClass.POINT : QueryClass.POINT_SET;
        }
        String partition = intervals.get(0).partition();
        boolean onePartition = partition != null
                && intervals.stream().allMatch(i -> partition.equals(i.partition()));
        if (!onePartition) {
            return QueryClass.PARTITION_RANGE;
        }
        return intervals.size() == 1 && intervals.get(0).isWholePartition() ? QueryClass.PARTITION_SCAN : QueryClass.RANGE;
    }

    /** The keys {@code filter} allows, given the partition an enclosing conjunction fixes (or null). */
    private static KeySet keySet(Filter filter, String partition) {
        if (filter instanceof Filter.And) {
            List<Filter> terms = flatten(filter, true);
            String fixed = partition != null ? partition : fixedPartition(terms);
            KeySet result = KeySet.of(KeyInterval.ALL, true);
            for (Filter term : terms) {
                result = result.intersect(keySet(term, fixed));
            }
            return result;
        }
        if (filter instanceof Filter.Or) {
            KeySet result = new KeySet(List.of(), true);
            for (Filter term : flatten(filter, false)) {
                result = result.union(keySet(term, partition));
            }
            return result;
        }
        if (filter instanceof Filter.Comparison comparison) {
            return comparison(comparison, partition);
        }
        if (filter instanceof Filter.Constant constant) {
            return constant.value() ? KeySet.of(KeyInterval.ALL, true) : new KeySet(List.of(), true);
        }
        return KeySet.EVERYTHING;
    }

    private static KeySet comparison(Filter.Comparison comparison, String partition) {
        boolean stringLiteral = comparison.literal().type() == EdmType.STRING;
        if (!stringLiteral || comparison.op() == ComparisonOperator.NE) {
            return KeySet.EVERYTHING;
        }
        String value = comparison.literal().asString();
        if (comparison.property().equals(Entity.PARTITION_KEY)) {
            return KeySet.of(partitionInterval(comparison.op(), value), true);
        }
        if (comparison.property().equals(Entity.ROW_KEY) && partition != null) {
            return KeySet.of(rowInterval(partition, comparison.op(), value), true);
        }
        return KeySet.EVERYTHING;
    }

    private static KeyInterval partitionInterval(ComparisonOperator op, String pk) {
        return KeyInterval.of(switch (op) {
            case EQ -> KeyRange.partition(pk);
            case GT -> new KeyRange(KeyBound.partitionExcluded(pk), null);
            case GE -> new KeyRange(KeyBound.partitionIncluded(pk), null);
            case LT -> new KeyRange(null, KeyBound.partitionExcluded(pk));
            case LE -> new KeyRange(null, KeyBound.partitionIncluded(pk));
            case NE -> KeyRange.all();
        });
    }

    private static KeyInterval rowInterval(String pk, ComparisonOperator op, String rk) {
        KeyBound start = KeyBound.partitionIncluded(pk);
        KeyBound end = KeyBound.partitionIncluded(pk);
        return KeyInterval.of(switch (op) {
            case EQ -> KeyRange.point(pk, rk);
            case GT -> new KeyRange(KeyBound.exclusive(pk, rk), end);
            case GE -> new KeyRange(KeyBound.inclusive(pk, rk), end);
            case LT -> new KeyRange(start, KeyBound.exclusive(pk, rk));
            case LE -> new KeyRange(start, KeyBound.inclusive(pk, rk));
            case NE -> KeyRange.partition(pk);
        });
    }

    /** The PartitionKey an {@code eq} among the terms of a conjunction fixes, if any. */
    private static String fixedPartition(List<Filter> terms) {
        for (Filter term : terms) {
            if (term instanceof Filter.Comparison c && c.property().equals(Entity.PARTITION_KEY)
                    && c.op() == ComparisonOperator.EQ && c.literal().type() == EdmType.STRING) {
                return c.literal().asString();
            }
        }
        return null;
    }

    /** The terms of a chain of {@code and} (or of {@code or}), without recursion: chains may be long. */
    private static List<Filter> flatten(Filter filter, boolean conjunction) {
        List<Filter> terms = new ArrayList<>();
        Deque<Filter> pending = new ArrayDeque<>();
        pending.push(filter);
        while (!pending.isEmpty()) {
            Filter next = pending.pop();
            if (conjunction && next instanceof Filter.And and) {
                pending.push(and.right());
                pending.push(and.left());
            } else if (!conjunction && next instanceof Filter.Or or) {
                pending.push(or.right());
                pending.push(or.left());
            } else {
                terms.add(next);
            }
        }
        return terms;
    }
}
