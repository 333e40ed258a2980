package io.cerulean.store.memory;

import io.cerulean.core.model.Entity;
import io.cerulean.core.model.EntityKey;
import io.cerulean.core.model.PropertySource;
import io.cerulean.core.spi.CommitResult;
import io.cerulean.core.spi.EntityCursor;
import io.cerulean.core.spi.KeyBound;
import io.cerulean.core.spi.KeyRange;
import io.cerulean.core.spi.Mutation;
import io.cerulean.core.spi.StoredTable;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * One table's rows in key order. Commits take the write lock; reads take the read lock and copy
 * out a chunk that always ends at a partition boundary, so a reader never sees part of a commit
 * (commits never span partitions).
 */
final class MemoryTable {
    private static final int CHUNK = 256;

    private final StoredTable stored;
    private final ReadWriteLock lock = new ReentrantReadWriteLock();
    private final TreeMap<EntityKey, Entity> rows = new TreeMap<>(); // @GuardedBy("lock")

    MemoryTable(StoredTable stored) {
        this.stored = stored;
    }

    StoredTable stored() {
        return stored;
    }

    Entity get(String partitionKey, String rowKey) {
        lock.readLock().lock();
        try {
            return rows.get(new EntityKey(partitionKey, rowKey));
        } finally {
            lock.readLock().unlock();
        }
    }

    CommitResult commit(String partitionKey, List<Mutation> mutations) {
        lock.writeLock().lock();
        try {
            for (int i = 0; i < mutations.size(); i++) {
                Mutation mutation = mutations.get(i);
                Entity current = rows.get(new EntityKey(partitionKey, mutation.rowKey()));
                Instant currentTimestamp = current == null ? null : current.timestamp();
                if (!mutation.condition().holds(currentTimestamp)) {
                    return new CommitResult.ConditionFailed(i, current);
                }
            }
            for (Mutation mutation : mutations) {
                EntityKey key = new EntityKey(partitionKey, mutation.rowKey());
                if (mutation.isDelete()) {
                    rows.remove(key);
                } else {
                    rows.put(key, mutation.entity());
                }
            }
            return CommitResult.APPLIED;
        } finally {
            lock.writeLock().unlock();
        }
    }

    EntityCursor scan(KeyRange range) {
        return new ChunkedCursor(range);
    }

    /** Reads the range a chunk at a time, each chunk consistent and ending at a partition edge. */
    private final class ChunkedCursor implements EntityCursor {
        private final KeyRange range;
        private final ArrayDeque<Entity> buffer = new ArrayDeque<>();
        private EntityKey after;
        private boolean exhausted;
        private Entity current;

        ChunkedCursor(KeyRange range) {
            this.range = range;
        }

        @Override
        public boolean advance() {
            if (buffer.isEmpty() && !exhausted) {
                fill();
            }
            current = buffer.poll();
            return current != null;
        }

        @Override
        public PropertySource current() {
            return current;
        }

        @Override
        public Entity entity() {
            return current;
        }

        private void fill() {
            lock.readLock().lock();
            try {
                Map<EntityKey, Entity> tail = after == null ? start() : rows.tailMap(after, false);
                String lastPartition = null;
                for (Map.Entry<EntityKey, Entity> row : tail.entrySet()) {
                    EntityKey key = row.getKey();
                    if (buffer.size() >= CHUNK && !key.partitionKey().equals(lastPartition)) {
                        return;
                    }
                    after = key;
                    lastPartition = key.partitionKey();
                    if (range.contains(key)) {
                        buffer.add(row.getValue());
                    } else if (pastUpper(key)) {
                        exhausted = true;
                        return;
                    }
                }
                exhausted = true;
            } finally {
                lock.readLock().unlock();
            }
        }

        private boolean pastUpper(EntityKey key) {
            return range.upper() != null && !new KeyRange(null, range.upper()).contains(key);
        }

        /** The rows from the range's lower bound on. */
        private Map<EntityKey, Entity> start() {
            KeyBound lower = range.lower();
            if (lower == null) {
                return rows;
            }
            if (!lower.isPartitionEdge()) {
                return rows.tailMap(new EntityKey(lower.partitionKey(), lower.rowKey()), lower.inclusive());
            }
            // pk + U+0000 is the least partition key after pk (keys never contain U+0000).
            String partition = lower.inclusive() ? lower.partitionKey() : lower.partitionKey() + '\0';
            return rows.tailMap(new EntityKey(partition, ""), true);
        }

        @Override
        public void close() {
            buffer.clear();
            exhausted = true;
        }
    }
}
