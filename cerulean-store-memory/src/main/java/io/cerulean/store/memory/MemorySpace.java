package io.cerulean.store.memory;

import io.cerulean.storage.ByteView;
import io.cerulean.storage.CommitOutcome;
import io.cerulean.storage.RecordBound;
import io.cerulean.storage.RecordCursor;
import io.cerulean.storage.RecordKey;
import io.cerulean.storage.RecordMutation;
import io.cerulean.storage.RecordRange;
import io.cerulean.storage.StoredValue;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * One space instance's records in key order. Commits take the write lock; reads take the read lock
 * and copy out a chunk that always ends at a partition boundary, so a reader never sees part of a
 * commit (commits never span partitions).
 */
final class MemorySpace {
    private static final int CHUNK = 256;
    private static final byte[] NO_ROW = new byte[0];

    private final ReadWriteLock lock = new ReentrantReadWriteLock();
    private final TreeMap<RecordKey, StoredValue> records = new TreeMap<>(); // @GuardedBy("lock")

    StoredValue get(byte[] partition, byte[] row) {
        lock.readLock().lock();
        try {
            return records.get(new RecordKey(partition, row));
        } finally {
            lock.readLock().unlock();
        }
    }

    CommitOutcome commit(byte[] partition, List<RecordMutation> mutations) {
        lock.writeLock().lock();
        try {
            for (int i = 0; i < mutations.size(); i++) {
                RecordMutation mutation = mutations.get(i);
                StoredValue current = records.get(new RecordKey(partition, mutation.row()));
                if (!mutation.precondition().holds(current)) {
                    return new CommitOutcome.PreconditionFailed(i, current);
                }
            }
            for (RecordMutation mutation : mutations) {
                RecordKey key = new RecordKey(partition, mutation.row());
                if (mutation.isDelete()) {
                    records.remove(key);
                } else {
                    records.put(key, mutation.value());
                }
            }
            return CommitOutcome.APPLIED;
        } finally {
            lock.writeLock().unlock();
        }
    }

    RecordCursor scan(RecordRange range) {
        return new ChunkedCursor(range);
    }

    /** Reads the range a chunk at a time, each chunk consistent and ending at a partition edge. */
    private final class ChunkedCursor implements RecordCursor {
        private final RecordRange range;
        private final ArrayDeque<Map.Entry<RecordKey, StoredValue>> buffer = new ArrayDeque<>();
        private final ByteView partition = new ByteView();
        private final ByteView row = new ByteView();
        private final ByteView payload = new ByteView();
        private RecordKey after;
        private boolean exhausted;
        private Map.Entry<RecordKey, StoredValue> current;

        ChunkedCursor(RecordRange range) {
            this.range = range;
        }

        @Override
        public boolean advance() {
            if (buffer.isEmpty() && !exhausted) {
                fill();
            }
            current = buffer.poll();
            if (current == null) {
                return false;
            }
            RecordKey key = current.getKey();
            partition.set(key.partition(), 0, key.partition().length);
            row.set(key.row(), 0, key.row().length);
            byte[] bytes = current.getValue().bytes();
            payload.set(bytes, StoredValue.HEADROOM, bytes.length - StoredValue.HEADROOM);
            return true;
        }

        @Override
        public ByteView partition() {
            checkOnRecord();
            return partition;
        }

        @Override
        public ByteView row() {
            checkOnRecord();
            return row;
        }

        @Override
        public long version() {
            checkOnRecord();
            return current.getValue().version();
        }

        @Override
        public ByteView payload() {
            checkOnRecord();
            return payload;
        }

        private void checkOnRecord() {
            if (current == null) {
                throw new IllegalStateException("the cursor is not on a record");
            }
        }

        private void fill() {
            lock.readLock().lock();
            try {
                NavigableMap<RecordKey, StoredValue> tail = after == null ? start() : records.tailMap(after, false);
                byte[] lastPartition = null;
                for (Map.Entry<RecordKey, StoredValue> record : tail.entrySet()) {
                    RecordKey key = record.getKey();
                    if (buffer.size() >= CHUNK && !Arrays.equals(key.partition(), lastPartition)) {
                        return;
                    }
                    after = key;
                    lastPartition = key.partition();
                    if (range.contains(key)) {
                        buffer.add(Map.entry(key, record.getValue()));
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

        private boolean pastUpper(RecordKey key) {
            return range.upper() != null && !new RecordRange(null, range.upper()).contains(key);
        }

        /** The records from the range's lower bound on. */
        private NavigableMap<RecordKey, StoredValue> start() {
            RecordBound lower = range.lower();
            if (lower == null) {
                return records;
            }
            if (!lower.isPartitionEdge()) {
                return records.tailMap(new RecordKey(lower.partition(), lower.row()), lower.inclusive());
            }
            // The partition followed by a zero byte is the least partition after it (no partition
            // holds a zero byte, but this one is only a search key).
            byte[] from = lower.inclusive() ? lower.partition()
                    : Arrays.copyOf(lower.partition(), lower.partition().length + 1);
            return records.tailMap(new RecordKey(from, NO_ROW), true);
        }

        @Override
        public void close() {
            buffer.clear();
            exhausted = true;
            current = null;
        }
    }
}
