package io.cerulean.table.layout;

import io.cerulean.table.model.Entity;
import java.util.Optional;

/**
 * What a query reads of a table's entities: point reads, scans and snapshots to split a scan by.
 * {@link TableLayout} is what serves them; queries take this narrower view so that a test can put
 * entities it steers (a scan that fails, or waits, at a chosen key) behind a query.
 */
public interface EntityReader {
    /** One entity, if present. */
    Optional<Entity> get(StoredTable table, String partitionKey, String rowKey);

    /**
     * The entities of {@code range} in key order, from one snapshot, for a filter that reads
     * {@code filterProperty} (besides the keys and Timestamp): where the layout keeps that property
     * as a column, it may test it without reading each entity.
     */
    EntityCursor scan(StoredTable table, KeyRange range, Optional<String> filterProperty);

    /**
     * A snapshot of {@code table} to scan in pieces, on several threads at once, whose cursors serve
     * a filter that reads {@code filterProperty} as {@link #scan} does; empty when the store's cursors
     * cannot share one state, and the scan is never split.
     */
    Optional<ScanSnapshot> snapshot(StoredTable table, Optional<String> filterProperty);
}
