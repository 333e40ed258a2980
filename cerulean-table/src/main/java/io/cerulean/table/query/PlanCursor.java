package io.cerulean.table.query;

import io.cerulean.table.model.Entity;
import io.cerulean.table.model.EntityKey;
import io.cerulean.table.model.EntityView;
import io.cerulean.table.model.PropertySource;
import io.cerulean.table.layout.EntityCursor;
import io.cerulean.table.layout.KeyBound;
import io.cerulean.table.layout.KeyRange;
import io.cerulean.table.layout.StoredTable;
import io.cerulean.table.layout.EntityReader;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * The entities a plan reads, in key order: its ranges one after another, from a resume point on.
 * Single-key ranges are point reads; the rest are store scans, opened one at a time.
 */
public final class PlanCursor implements EntityCursor {
    private final EntityReader store;
    private final StoredTable table;
    private final List<KeyRange> ranges;
    private final Optional<EntityKey> resumeFrom;
    private final Optional<String> filterProperty;
    private int next;
    private EntityCursor current;
    /** Entities read by the ranges' cursors already closed. */
    private long closedRead;
    private long closedRecords;

    public PlanCursor(EntityReader store, StoredTable table, QueryPlan plan, Optional<EntityKey> resumeFrom) {
        this.store = store;
        this.table = table;
        this.ranges = plan.ranges();
        this.filterProperty = plan.filterProperty();
        this.resumeFrom = resumeFrom;
    }

    @Override
    public boolean advance() {
        while (true) {
            if (current != null) {
                if (current.advance()) {
                    return true;
                }
                closeCurrent();
            }
            if (next == ranges.size()) {
                return false;
            }
            current = open(ranges.get(next++));
        }
    }

    @Override
    public boolean advanceTo(Predicate<? super PropertySource> selects, long max) {
        long start = entitiesRead();
        while (true) {
            if (current != null) {
                long left = max - (entitiesRead() - start);
                if (left <= 0) {
                    return false;
                }
                if (current.advanceTo(selects, left)) {
                    return true;
                }
                if (entitiesRead() - start == max) {
                    return false; // out of entities to read, not necessarily of the range
                }
                closeCurrent();
            }
            if (next == ranges.size()) {
                return false;
            }
            current = open(ranges.get(next++));
        }
    }

    @Override
    public long entitiesRead() {
        return current == null ? closedRead : closedRead + current.entitiesRead();
    }

    @Override
    public long recordsRead() {
        return current == null ? closedRecords : closedRecords + current.recordsRead();
    }

    private void closeCurrent() {
        closedRead += current.entitiesRead();
        closedRecords += current.recordsRead();
        current.close();
        current = null;
    }

    @Override
    public PropertySource current() {
        return current.current();
    }

    @Override
    public Entity entity() {
        return current.entity();
    }

    @Override
    public EntityView view() {
        return current.view();
    }

    private EntityCursor open(KeyRange range) {
        KeyBound lower = range.lower();
        boolean point = lower != null && range.upper() != null && lower.equals(range.upper()) && !lower.isPartitionEdge()
                && lower.inclusive();
        if (point) {
            EntityKey key = new EntityKey(lower.partitionKey(), lower.rowKey());
            if (resumeFrom.isPresent() && key.compareTo(resumeFrom.get()) < 0) {
                return EntityCursor.of(List.of());
            }
            return EntityCursor.of(store.get(table, key.partitionKey(), key.rowKey()).map(List::of).orElse(List.of()));
        }
        return store.scan(table, resumeFrom.map(range::resumingAt).orElse(range), filterProperty);
    }

    @Override
    public void close() {
        if (current != null) {
            closeCurrent();
        }
    }
}
