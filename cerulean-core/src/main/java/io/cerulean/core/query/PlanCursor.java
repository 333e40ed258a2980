package io.cerulean.core.query;

import io.cerulean.core.model.Entity;
import io.cerulean.core.model.EntityKey;
import io.cerulean.core.spi.EntityCursor;
import io.cerulean.core.spi.KeyBound;
import io.cerulean.core.spi.KeyRange;
import io.cerulean.core.spi.StoredTable;
import io.cerulean.core.spi.TableStore;
import java.util.List;
import java.util.Optional;

/**
 * The entities a plan reads, in key order: its ranges one after another, from a resume point on.
 * Single-key ranges are point reads; the rest are store scans, opened one at a time.
 */
public final class PlanCursor implements EntityCursor {
    private final TableStore store;
    private final StoredTable table;
    private final List<KeyRange> ranges;
    private final Optional<EntityKey> resumeFrom;
    private int next;
    private EntityCursor current;

    public PlanCursor(TableStore store, StoredTable table, QueryPlan plan, Optional<EntityKey> resumeFrom) {
        this.store = store;
        this.table = table;
        this.ranges = plan.ranges();
        this.resumeFrom = resumeFrom;
    }

    @Override
    public Entity next() {
        while (true) {
            if (current != null) {
                Entity entity = current.next();
                if (entity != null) {
                    return entity;
                }
                current.close();
                current = null;
            }
            if (next == ranges.size()) {
                return null;
            }
            current = open(ranges.get(next++));
        }
    }

    private EntityCursor open(KeyRange range) {
        KeyBound lower = range.lower();
        boolean point = lower != null && range.upper() != null && lower.equals(range.upper()) && !lower.isPartitionEdge()
                && lower.inclusive();
        if (point) {
            EntityKey key = new EntityKey(lower.partitionKey(), lower.rowKey());
            if (resumeFrom.isPresent() && key.compareTo(resumeFrom.get()) < 0) {
                return new SingleEntityCursor(null);
            }
            return new SingleEntityCursor(store.get(table, key.partitionKey(), key.rowKey()).orElse(null));
        }
        return store.scan(table, resumeFrom.map(range::resumingAt).orElse(range));
    }

    @Override
    public void close() {
        if (current != null) {
            current.close();
            current = null;
        }
    }

    /** Zero or one entity. */
    private static final class SingleEntityCursor implements EntityCursor {
        private Entity entity;

        SingleEntityCursor(Entity entity) {
            this.entity = entity;
        }

        @Override
        public Entity next() {
            Entity result = entity;
            entity = null;
            return result;
        }

        @Override
        public void close() {
        }
    }
}
