package io.cerulean.store.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import io.cerulean.storage.Keys;
import io.cerulean.storage.Space;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.PriorityQueue;
import java.util.concurrent.CompletionStage;

/**
 * The ordered list of each space instance's partitions, which Cassandra itself keeps only in token
 * order. A partition is listed before its first record is written, so a scan never misses an
 * acknowledged record; it stays listed when emptied (a scan then reads it and finds nothing) until
 * its generation is dropped, because removing it safely would need a commit that knows the
 * partition empty across servers. Buckets ({@link CassandraLayout#bucket}) spread the listing's
 * writes; a scan merges them in order.
 *
 * <p>Each store remembers the partitions it listed (at most {@link #REMEMBERED}), so a partition
 * is listed once per store, not once per commit. Thread-safe.
 */
final class PartitionDirectory {
    static final int REMEMBERED = 100_000;
    private static final int PAGE = 500;

    private record Listed(int space, long instance, long generation, ByteBuffer partition) {
    }

    private final CqlSession session;
    private final Statements statements;
    private final Map<Listed, Boolean> listed = new LinkedHashMap<>(1024, 0.75f, true) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<Listed, Boolean> eldest) {
            return size() > REMEMBERED;
        }
    };

    PartitionDirectory(CqlSession session, Statements statements) {
        this.session = session;
        this.statements = statements;
    }

    /** Lists the partition, unless this store already did; returns once the listing is acknowledged. */
    void ensureListed(Space space, long generation, byte[] partition) {
        Listed key = new Listed(space.keySpace().id(), space.instance(), generation, ByteBuffer.wrap(partition.clone()));
        synchronized (listed) {
            if (listed.get(key) != null) {
                return;
            }
        }
        // A plain write of a value that never changes: replaying it is harmless, so it may be retried.
        session.execute(statements.addToDirectory.bind(key.space(), key.instance(), generation,
                CassandraLayout.bucket(partition), ByteBuffer.wrap(partition)).setIdempotent(true));
        synchronized (listed) {
            listed.put(key, Boolean.TRUE);
        }
    }

    /**
     * The listed partitions between two optional bounds ({@code lower} null: from the first), in
     * unsigned byte order, read a page of each bucket at a time.
     */
    Iterator<byte[]> partitions(Space space, long generation, byte[] lower, boolean lowerInclusive, byte[] upper,
            boolean upperInclusive) {
        String lowerOp = lower == null ? null : lowerInclusive ? ">=" : ">";
        String upperOp = upper == null ? null : upperInclusive ? "<=" : "<";
        List<CompletionStage<AsyncResultSet>> firstPages = new ArrayList<>(CassandraLayout.BUCKETS);
        for (int bucket = 0; bucket < CassandraLayout.BUCKETS; bucket++) {
            List<Object> values = new ArrayList<>(List.of(space.keySpace().id(), space.instance(), generation, bucket));
            if (lower != null) {
                values.add(ByteBuffer.wrap(lower));
            }
            if (upper != null) {
                values.add(ByteBuffer.wrap(upper));
            }
            BoundStatement statement = statements.directory(lowerOp, upperOp).bind(values.toArray())
                    .setPageSize(PAGE).setIdempotent(true);
            firstPages.add(session.executeAsync(statement));
        }
        return new Merge(firstPages);
    }

    /** The buckets' partitions merged in order; each bucket is already in order, and no partition is in two. */
    private static final class Merge implements Iterator<byte[]> {
        private final PriorityQueue<Bucket> heads = new PriorityQueue<>((a, b) -> Keys.compare(a.head, b.head));

        Merge(List<CompletionStage<AsyncResultSet>> firstPages) {
            for (CompletionStage<AsyncResultSet> page : firstPages) {
                Bucket bucket = new Bucket(Driver.await(page));
                if (bucket.advance()) {
                    heads.add(bucket);
                }
            }
        }

        @Override
        public boolean hasNext() {
            return !heads.isEmpty();
        }

        @Override
        public byte[] next() {
            Bucket bucket = heads.poll();
            if (bucket == null) {
                throw new NoSuchElementException();
            }
            byte[] partition = bucket.head;
            if (bucket.advance()) {
                heads.add(bucket);
            }
            return partition;
        }
    }

    /** One bucket's listing, a page at a time. */
    private static final class Bucket {
        private AsyncResultSet page;
        private Iterator<Row> rows;
        byte[] head;

        Bucket(AsyncResultSet page) {
            this.page = page;
            this.rows = page.currentPage().iterator();
        }

        boolean advance() {
            while (!rows.hasNext()) {
                if (!page.hasMorePages()) {
                    return false;
                }
                page = Driver.await(page.fetchNextPage());
                rows = page.currentPage().iterator();
            }
            head = Driver.bytes(rows.next().getByteBuffer(0));
            return true;
        }
    }
}
