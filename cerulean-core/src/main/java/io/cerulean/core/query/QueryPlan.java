package io.cerulean.core.query;

import io.cerulean.core.query.filter.Filter;
import io.cerulean.core.spi.KeyRange;
import java.util.Optional;

/**
 * How a query runs: the key range read from storage, the residual filter applied to what is read,
 * and the query class the design guide names for it. Explains itself in one line.
 */
public record QueryPlan(QueryClass queryClass, KeyRange range, Optional<Filter> residual) {

    /** The design guide's query classes, best first. */
    public enum QueryClass {
        POINT, RANGE, PARTITION_SCAN, TABLE_SCAN
    }

    /** A full scan of the table with {@code filter} applied to every entity. */
    public static QueryPlan tableScan(Optional<Filter> filter) {
        return new QueryPlan(QueryClass.TABLE_SCAN, KeyRange.all(), filter);
    }

    /** E.g. {@code TABLE_SCAN | FILTER (Age gt 30)}. */
    public String explain() {
        return queryClass + residual.map(f -> " | FILTER " + f).orElse("");
    }
}
