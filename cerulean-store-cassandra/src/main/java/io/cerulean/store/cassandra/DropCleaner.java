package io.cerulean.store.cassandra;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import io.cerulean.storage.KeySpace;
import io.cerulean.storage.KeySpaces;
import io.cerulean.storage.Space;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.time.Instant;
import java.util.Iterator;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Removes the records of dropped generations, in the background: right after a drop, and every
 * {@link #INTERVAL} for drops another server requested or a stop interrupted. A drop is requested
 * before the generation moves, and its records are removed only once the instance's generation is
 * past it, so a drop that did not happen never removes anything; a request whose generation never
 * moved is forgotten after {@link #ABANDONED}. Every store of a keyspace may clean: the deletes are
 * idempotent. The old generation's rows are written by no one any more, so these plain deletes do
 * not mix with conditional writes.
 */
final class DropCleaner implements AutoCloseable {
    static final Duration INTERVAL = Duration.ofMinutes(1);
    static final Duration ABANDONED = Duration.ofMinutes(10);
    private static final Logger LOG = LoggerFactory.getLogger(DropCleaner.class);

    private final CqlSession session;
    private final Statements statements;
    private final Generations generations;
    private final PartitionDirectory directory;
    private final ScheduledExecutorService executor;
    private final AtomicBoolean queued = new AtomicBoolean();

    DropCleaner(CqlSession session, Statements statements, Generations generations, PartitionDirectory directory) {
        this.session = session;
        this.statements = statements;
        this.generations = generations;
        this.directory = directory;
        this.executor = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread thread = new Thread(r, "cerulean-cassandra-drops");
            thread.setDaemon(true);
            return thread;
        });
        executor.scheduleWithFixedDelay(this::kick, INTERVAL.toMillis(), INTERVAL.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Cleans soon, once however often it is asked before it starts. */
    void kick() {
        if (queued.compareAndSet(false, true)) {
            try {
                executor.execute(() -> {
                    queued.set(false);
                    cleanAll();
                });
            } catch (java.util.concurrent.RejectedExecutionException closed) {
                queued.set(false);
            }
        }
    }

    private void cleanAll() {
        try {
            for (Row request : session.execute(statements.pendingDrops.bind().setIdempotent(true))) {
                clean(request.getInt(0), request.getLong(1), request.getLong(2), request.getInstant(3));
            }
        } catch (RuntimeException e) {
            // The cluster is away or the store closing: the next round tries again.
            LOG.debug("removing dropped records failed; will retry", e);
        }
    }

    private void clean(int spaceId, long instance, long generation, Instant requestedAt) {
        KeySpace keySpace;
        try {
            keySpace = KeySpaces.byId(spaceId);
        } catch (IllegalArgumentException newer) {
            return; // a space of a newer release: its own servers clean it
        }
        Space space = keySpace.instanced() ? keySpace.instance(instance) : keySpace.single();
        if (generations.read(space, ConsistencyLevel.QUORUM) <= generation) {
            if (requestedAt == null || requestedAt.isBefore(Instant.now().minus(ABANDONED))) {
                forget(spaceId, instance, generation);
            }
            return;
        }
        Iterator<byte[]> partitions = directory.partitions(space, generation, null, false, null, false);
        while (partitions.hasNext()) {
            session.execute(statements.dropPartition.bind(spaceId, instance, generation,
                    ByteBuffer.wrap(partitions.next())).setIdempotent(true));
        }
        for (int bucket = 0; bucket < CassandraLayout.BUCKETS; bucket++) {
            session.execute(statements.dropDirectoryBucket.bind(spaceId, instance, generation, bucket).setIdempotent(true));
        }
        forget(spaceId, instance, generation);
    }

    private void forget(int spaceId, long instance, long generation) {
        session.execute(statements.forgetDrop.bind(spaceId, instance, generation).setIdempotent(true));
    }

    @Override
    public void close() {
        executor.shutdownNow();
    }
}
