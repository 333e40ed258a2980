package io.cerulean.table.rest.auth;

import io.cerulean.table.model.PropertyValue;
import io.cerulean.table.query.filter.ComparisonOperator;
import io.cerulean.table.query.filter.Filter;
import java.util.Optional;

/**
 * The keys a table SAS reaches ({@code spk srk epk erk}, each bound inclusive, each optional):
 * <pre>
 *   spk        PartitionKey ≥ spk
 *   spk + srk  PartitionKey > spk, or PartitionKey = spk and RowKey ≥ srk
 *   epk        PartitionKey ≤ epk
 *   epk + erk  PartitionKey < epk, or PartitionKey = epk and RowKey ≤ erk
 * </pre>
 * A row key without its partition key bounds nothing. Keys compare as UTF-16 code units, the
 * order the table is sorted in. Absent bounds are null.
 */
public record SasKeyRange(String startPartitionKey, String startRowKey, String endPartitionKey, String endRowKey) {
    public static final SasKeyRange ALL = new SasKeyRange(null, null, null, null);

    public boolean isAll() {
        return startPartitionKey == null && endPartitionKey == null;
    }

    public boolean contains(String partitionKey, String rowKey) {
        if (startPartitionKey != null) {
            int c = partitionKey.compareTo(startPartitionKey);
            if (c < 0 || (c == 0 && startRowKey != null && rowKey.compareTo(startRowKey) < 0)) {
                return false;
            }
        }
        if (endPartitionKey != null) {
            int c = partitionKey.compareTo(endPartitionKey);
            return c <= 0 && (c != 0 || endRowKey == null || rowKey.compareTo(endRowKey) <= 0);
        }
        return true;
    }

    /** The range as a filter a query can be ANDed with; the planner turns it into key bounds. */
    public Optional<Filter> asFilter() {
        Filter start = startPartitionKey == null ? null
                : bound(startPartitionKey, startRowKey, ComparisonOperator.GE, ComparisonOperator.GT);
        Filter end = endPartitionKey == null ? null
                : bound(endPartitionKey, endRowKey, ComparisonOperator.LE, ComparisonOperator.LT);
        if (start == null) {
            return Optional.ofNullable(end);
        }
        return Optional.of(end == null ? start : new Filter.And(start, end));
    }

    private static Filter bound(String partitionKey, String rowKey, ComparisonOperator inclusive,
                                ComparisonOperator strict) {
        if (rowKey == null) {
            return compare("PartitionKey", inclusive, partitionKey);
        }
        return new Filter.Or(compare("PartitionKey", strict, partitionKey),
                new Filter.And(compare("PartitionKey", ComparisonOperator.EQ, partitionKey),
                        compare("RowKey", inclusive, rowKey)));
    }

    private static Filter compare(String property, ComparisonOperator op, String value) {
        return new Filter.Comparison(property, op, PropertyValue.ofString(value));
    }

    @Override
    public String toString() {
        return "[" + startPartitionKey + "," + startRowKey + " .. " + endPartitionKey + "," + endRowKey + "]";
    }
}
