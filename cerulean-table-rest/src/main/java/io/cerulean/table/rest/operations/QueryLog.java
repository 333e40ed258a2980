package io.cerulean.table.rest.operations;

import io.cerulean.table.query.PageEnd;
import io.cerulean.table.query.QueryPlan.QueryClass;
import io.cerulean.table.store.StoredTable;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tells operators how queries run: every page at debug level, and a table scan with a filter as a
 * warning at most once per table a minute, since it is what the design guide tells users to
 * avoid. Thread-safe.
 */
final class QueryLog {
    private static final Logger log = LoggerFactory.getLogger(QueryLog.class);
    private static final long WARNING_INTERVAL_NANOS = 60_000_000_000L;

    private final Map<Long, Long> lastWarning = new ConcurrentHashMap<>();

    void record(StoredTable table, String filter, PageEnd page) {
        if (log.isDebugEnabled()) {
            log.debug("query {}/{} {}: read {}, returned {}", table.account(), table.name(), page.plan().explain(),
                    page.entitiesRead(), page.entitiesReturned());
        }
        if (page.plan().queryClass() == QueryClass.TABLE_SCAN && filter != null && warningDue(table.id())) {
            warn(table, filter, page);
        }
    }

    /** Whether a minute has passed since this table's last warning; if so, the clock restarts now. */
    private boolean warningDue(long tableId) {
        long now = System.nanoTime();
        boolean[] due = new boolean[1];
        lastWarning.compute(tableId, (id, previous) -> {
            due[0] = previous == null || now - previous > WARNING_INTERVAL_NANOS;
            return due[0] ? now : previous;
        });
        return due[0];
    }

    private static void warn(StoredTable table, String filter, PageEnd page) {
        log.warn("table scan on {}/{} for $filter={} (read {} entities for {}); a PartitionKey condition "
                        + "would read less (this warning repeats at most once a minute per table)",
                table.account(), table.name(), filter, page.entitiesRead(), page.entitiesReturned());
    }
}
