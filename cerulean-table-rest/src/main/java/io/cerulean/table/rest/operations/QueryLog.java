package io.cerulean.table.rest.operations;

import io.cerulean.table.query.PageEnd;
import io.cerulean.table.layout.StoredTable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tells operators how queries run: every page at debug level, with its plan and how much it read.
 * A table scan is not a warning: a scan of five entities is no problem, and which tables are
 * scanned too often is for the design advisor ({@link io.cerulean.table.advisor.Advisor}), which
 * counts scans per table and their filters, to say, not a log line per query. Thread-safe.
 */
final class QueryLog {
    private static final Logger log = LoggerFactory.getLogger(QueryLog.class);

    void record(StoredTable table, String filter, PageEnd page) {
        if (log.isDebugEnabled()) {
            log.debug("query {}/{} $filter={} {}: read {}, returned {}", table.account(), table.name(), filter,
                    page.plan().explain(), page.entitiesRead(), page.entitiesReturned());
        }
    }
}
