package io.cerulean.table.query;

import io.cerulean.table.layout.EntityReader;
import io.cerulean.table.layout.StoredTable;
import java.time.Duration;
import java.util.OptionalLong;
import java.util.concurrent.Executor;

/**
 * Query Entities on the tables of one reader: plans the filter ({@link QueryPlanner}) and reads one
 * page, on the request's thread alone or, for a long scan while nothing else runs, split with a
 * helper thread ({@link ScanSplitter}). Thread-safe.
 */
public final class EntityQueries {
    private final EntityReader reader;
    private final long pageBudgetNanos;
    private final ScanSplitter splitter;

    /**
     * @param pageBudget how long one page may read before it returns what it has with a
     *                   continuation (the service uses 5 seconds)
     * @param scanHelper where the second half of a long scan may run; null for nowhere
     */
    public EntityQueries(EntityReader reader, Duration pageBudget, Executor scanHelper) {
        this.reader = reader;
        this.pageBudgetNanos = pageBudget.toNanos();
        this.splitter = scanHelper == null ? null : new ScanSplitter(scanHelper);
    }

    /**
     * One page of the entities matching the query, handed to {@code sink} in key order as they are
     * read, so that a page is written out without being held. The page ends at {@code top} entities,
     * when the time budget is spent or when the sink is full, whichever is first. A page of
     * {@code top} entities continues at the next matching entity; a page cut short, at the next
     * entity not yet read.
     */
    public PageEnd read(StoredTable table, EntityQuery query, PageSink sink) {
        return read(table, query, sink, OptionalLong.empty());
    }

    /**
     * The same, the page ending by {@code endBy} (a {@link System#nanoTime()}) if that comes before its
     * time budget is spent: a request's own deadline shortens its page, which then continues as one cut
     * by the budget does.
     */
    public PageEnd read(StoredTable table, EntityQuery query, PageSink sink, OptionalLong endBy) {
        QueryPlan plan = QueryPlanner.plan(query.filter());
        long budgetEnd = System.nanoTime() + pageBudgetNanos;
        long end = endBy.isPresent() && endBy.getAsLong() - budgetEnd < 0 ? endBy.getAsLong() : budgetEnd;
        PageReader page = new PageReader(plan, query.top(), sink, end);
        if (splitter != null) {
            return splitter.read(reader, table, plan, query.resumeFrom(), page);
        }
        return page.readAll(new PlanCursor(reader, table, plan, query.resumeFrom()));
    }
}
