package io.cerulean.core.query;

import io.cerulean.core.query.filter.Filter;
import java.util.Optional;

/**
 * Chooses how to read what a filter asks for. For now every query is a table scan with the whole
 * filter as the residual; deriving key ranges (point, range, partition scan) comes next.
 */
public final class QueryPlanner {
    private QueryPlanner() {
    }

    public static QueryPlan plan(Optional<Filter> filter) {
        return QueryPlan.tableScan(filter);
    }
}
