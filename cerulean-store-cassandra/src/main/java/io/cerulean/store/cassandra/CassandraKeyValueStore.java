package io.cerulean.store.cassandra;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.CqlSessionBuilder;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.config.ProgrammaticDriverConfigLoaderBuilder;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.servererrors.QueryValidationException;
import io.cerulean.storage.CommitOutcome;
import io.cerulean.storage.KeyValueStore;
import io.cerulean.storage.Keys;
import io.cerulean.storage.RecordBound;
import io.cerulean.storage.RecordCursor;
import io.cerulean.storage.RecordMutation;
import io.cerulean.storage.RecordRange;
import io.cerulean.storage.Space;
import io.cerulean.storage.StoreFormatException;
import io.cerulean.storage.StoreUnavailableException;
import io.cerulean.storage.StoredValue;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;

/**
 * The seam on an Apache Cassandra cluster, for any number of Cerulean servers sharing it. Layout
 * in {@link CassandraLayout}; the design in {@code docs/cassandra.md}.
 *
 * <p><b>Consistency.</b> Commits are Paxos rounds at SERIAL whose results are written at QUORUM;
 * reads are at QUORUM, which overlaps every acknowledged commit's quorum, so a read on any server
 * sees every commit acknowledged before it began. A read after an unknown outcome is at SERIAL,
 * which settles any proposal in flight.
 *
 * <p><b>Durability.</b> A commit is acknowledged once a quorum of replicas wrote it to their commit
 * logs, so {@link #whenDurable} is complete at once: what the cluster acknowledged survives as far as
 * its replication and commit log settings promise (a node's commit log is synced every 10 s by
 * default; with replication factor 3 a write is lost only if two replicas lose power in that time).
 *
 * <p><b>Failures.</b> Every request has the configured timeout; a cluster that does not answer in
 * time, or has too few replicas up, gives {@link StoreUnavailableException}, and the driver
 * reconnects by itself (at most 5 s apart) when nodes come back. No snapshots: scans are not split.
 * Thread-safe.
 */
public final class CassandraKeyValueStore implements KeyValueStore {
    private static final int COMMIT_ATTEMPTS = 3;

    private final CqlSession session;
    private final Statements statements;
    private final Generations generations;
    private final PartitionDirectory directory;
    private final DropCleaner cleaner;
    private volatile boolean closed;

    private CassandraKeyValueStore(CqlSession session, String keyspace) {
        this.session = session;
        this.statements = new Statements(session, keyspace);
        this.generations = new Generations(session, statements);
        this.directory = new PartitionDirectory(session, statements);
        this.cleaner = new DropCleaner(session, statements, generations, directory);
        cleaner.kick();
    }

    /**
     * Connects, creates the keyspace and tables that are missing and checks their format.
     *
     * @throws ClusterUnreachableException no node answered, or the cluster refused the setup
     * @throws StoreFormatException        the keyspace holds a newer release's format
     */
    public static CassandraKeyValueStore open(CassandraStoreConfig config) {
        return open(config, null);
    }

    /**
     * {@link #open(CassandraStoreConfig)}, with the driver's own metrics ({@link DriverMetrics}) in
     * {@code metricRegistry}, a Micrometer {@code MeterRegistry}: passed as the driver takes it, so
     * this store imports no Micrometer. Null for none.
     */
    public static CassandraKeyValueStore open(CassandraStoreConfig config, Object metricRegistry) {
        CqlSession session;
        try {
            session = sessionBuilder(config, metricRegistry).build();
        } catch (RuntimeException e) {
            throw new ClusterUnreachableException("no Cassandra node answered at " + String.join(",", config.contactPoints())
                    + " (data centre " + config.localDatacenter() + "): " + e.getMessage(), e);
        }
        try {
            CassandraSchema.prepare(session, config);
            return new CassandraKeyValueStore(session, config.keyspace());
        } catch (StoreFormatException e) {
            session.close();
            throw e;
        } catch (RuntimeException e) {
            session.close();
            throw new ClusterUnreachableException("Cassandra answered at " + String.join(",", config.contactPoints())
                    + " but keyspace " + config.keyspace() + " could not be prepared: " + e.getMessage(), e);
        }
    }

    /**
     * A session as the store opens its own: the contact points, data centre and credentials of
     * {@code config}, protocol V4, QUORUM with Paxos at SERIAL, its timeouts. Public so that what
     * compares Cerulean with plain CQL measures plain CQL on the same settings.
     */
    public static CqlSessionBuilder sessionBuilder(CassandraStoreConfig config) {
        return sessionBuilder(config, null);
    }

    private static CqlSessionBuilder sessionBuilder(CassandraStoreConfig config, Object metricRegistry) {
        ProgrammaticDriverConfigLoaderBuilder options = driverConfig(config);
        if (metricRegistry != null) {
            DriverMetrics.enable(options);
        }
        CqlSessionBuilder builder = CqlSession.builder()
                .addContactPoints(config.addresses())
                .withLocalDatacenter(config.localDatacenter())
                .withConfigLoader(options.build())
                .withMetricRegistry(metricRegistry);
        if (config.username() != null) {
            builder.withAuthCredentials(config.username(), config.password());
        }
        return builder;
    }

    private static ProgrammaticDriverConfigLoaderBuilder driverConfig(CassandraStoreConfig config) {
        Duration timeout = config.requestTimeout();
        return DriverConfigLoader.programmaticBuilder()
                // V5 drops the whole connection on a CAS write timeout (native-protocol 1.5.2 misreads it).
                .withString(DefaultDriverOption.PROTOCOL_VERSION, "V4")
                .withString(DefaultDriverOption.REQUEST_CONSISTENCY, ConsistencyLevel.QUORUM.name())
                .withString(DefaultDriverOption.REQUEST_SERIAL_CONSISTENCY, ConsistencyLevel.SERIAL.name())
                .withBoolean(DefaultDriverOption.REQUEST_DEFAULT_IDEMPOTENCE, false)
                .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, timeout)
                .withDuration(DefaultDriverOption.CONNECTION_INIT_QUERY_TIMEOUT, timeout)
                .withDuration(DefaultDriverOption.CONTROL_CONNECTION_TIMEOUT, timeout)
                .withDuration(DefaultDriverOption.METADATA_SCHEMA_REQUEST_TIMEOUT, timeout)
                .withDuration(DefaultDriverOption.CONTROL_CONNECTION_AGREEMENT_TIMEOUT, timeout.multipliedBy(3))
                .withStringList(DefaultDriverOption.METADATA_SCHEMA_REFRESHED_KEYSPACES, List.of(config.keyspace()))
                .withDuration(DefaultDriverOption.RECONNECTION_BASE_DELAY, Duration.ofMillis(500))
                .withDuration(DefaultDriverOption.RECONNECTION_MAX_DELAY, Duration.ofSeconds(5));
    }

    @Override
    public Optional<StoredValue> get(Space space, byte[] partition, byte[] row) {
        ensureOpen();
        try {
            long generation = generations.current(space);
            Row found = session.execute(statements.get.bind(space.keySpace().id(), space.instance(), generation,
                    ByteBuffer.wrap(partition), ByteBuffer.wrap(row)).setIdempotent(true)).one();
            return found == null ? Optional.empty() : Optional.of(value(found));
        } catch (RuntimeException e) {
            throw Driver.unavailable("reading " + space, e);
        }
    }

    @Override
    public CompletableFuture<Optional<StoredValue>> getAsync(Space space, byte[] partition, byte[] row) {
        CompletableFuture<Optional<StoredValue>> answer = new CompletableFuture<>();
        try {
            ensureOpen();
            long generation = generations.current(space);
            session.executeAsync(statements.get.bind(space.keySpace().id(), space.instance(), generation,
                    ByteBuffer.wrap(partition), ByteBuffer.wrap(row)).setIdempotent(true))
                    .whenComplete((result, failure) -> {
                        // Whatever happens here must complete the answer: a caller waits on it.
                        try {
                            if (failure != null) {
                                throw failure;
                            }
                            Row found = result.one();
                            answer.complete(found == null ? Optional.empty() : Optional.of(value(found)));
                        } catch (Throwable thrown) {
                            Throwable cause = thrown instanceof CompletionException && thrown.getCause() != null
                                    ? thrown.getCause() : thrown;
                            answer.completeExceptionally(cause instanceof RuntimeException runtime
                                    ? Driver.unavailable("reading " + space, runtime) : cause);
                        }
                    });
        } catch (RuntimeException e) {
            answer.completeExceptionally(Driver.unavailable("reading " + space, e));
        }
        return answer;
    }

    @Override
    public RecordCursor scan(Space space, RecordRange range) {
        ensureOpen();
        RecordBound lower = range.lower();
        RecordBound upper = range.upper();
        byte[] from = lower == null ? null : lower.partition();
        boolean fromIncluded = lower == null || !lower.isPartitionEdge() || lower.inclusive();
        byte[] to = upper == null ? null : upper.partition();
        boolean toIncluded = upper == null || !upper.isPartitionEdge() || upper.inclusive();
        boolean onePartition = false;
        if (from != null && to != null) {
            int order = Keys.compare(from, to);
            if (order > 0 || order == 0 && !(fromIncluded && toIncluded)) {
                return new CassandraRecordCursor(Collections.emptyIterator(), p -> {
                    throw new IllegalStateException("an empty range reads no partition");
                });
            }
            onePartition = order == 0;
        }
        try {
            long generation = generations.current(space);
            // A scan within one partition reads it alone; only a scan across partitions needs the directory.
            Iterator<byte[]> partitions = onePartition ? List.of(from).iterator()
                    : directory.partitions(space, generation, from, fromIncluded, to, toIncluded);
            return new CassandraRecordCursor(partitions, rowsOf(space, generation, lower, upper));
        } catch (RuntimeException e) {
            throw Driver.unavailable("scanning " + space, e);
        }
    }

    /** A partition's rows within the range: bounded by a row bound only in the bound's own partition. */
    private Function<byte[], CompletionStage<AsyncResultSet>> rowsOf(Space space, long generation, RecordBound lower, RecordBound upper) {
        return partition -> {
            List<Object> values = new ArrayList<>(List.of(space.keySpace().id(), space.instance(), generation,
                    ByteBuffer.wrap(partition)));
            String lowerOp = null;
            String upperOp = null;
            if (lower != null && !lower.isPartitionEdge() && Arrays.equals(partition, lower.partition())) {
                lowerOp = lower.inclusive() ? ">=" : ">";
                values.add(ByteBuffer.wrap(lower.row()));
            }
            if (upper != null && !upper.isPartitionEdge() && Arrays.equals(partition, upper.partition())) {
                upperOp = upper.inclusive() ? "<=" : "<";
                values.add(ByteBuffer.wrap(upper.row()));
            }
            return session.executeAsync(statements.rows(lowerOp, upperOp).bind(values.toArray()).setIdempotent(true));
        };
    }

    @Override
    public CommitOutcome commit(Space space, byte[] partition, List<RecordMutation> mutations) {
        ensureOpen();
        Keys.checkPartition(partition);
        if (mutations.isEmpty()) {
            return CommitOutcome.APPLIED;
        }
        long generation;
        try {
            generation = generations.current(space);
            if (mutations.stream().anyMatch(m -> !m.isDelete())) {
                directory.ensureListed(space, generation, partition);
            }
        } catch (RuntimeException e) {
            throw Driver.unavailable("committing to " + space, e); // nothing of the commit was written
        }
        for (int attempt = 0; attempt < COMMIT_ATTEMPTS; attempt++) {
            CommitOutcome outcome = new ConditionalCommit(session, statements, space, generation, partition, mutations)
                    .run(row -> readSerial(space, generation, partition, row));
            if (outcome != null) {
                return outcome;
            }
        }
        throw new StoreUnavailableException("a commit to " + space + " failed " + COMMIT_ATTEMPTS
                + " times on conditions that held when read back");
    }

    private StoredValue readSerial(Space space, long generation, byte[] partition, byte[] row) {
        try {
            Row found = session.execute(statements.get.bind(space.keySpace().id(), space.instance(), generation,
                    ByteBuffer.wrap(partition), ByteBuffer.wrap(row)).setConsistencyLevel(ConsistencyLevel.SERIAL)
                    .setIdempotent(true)).one();
            return found == null ? null : value(found);
        } catch (RuntimeException e) {
            throw Driver.unavailable("reading a record that failed its precondition", e);
        }
    }

    /**
     * Moves the instance to a new generation: two small writes, whatever its size. The request to
     * remove the old generation is written first, so that it is never lost; the cleaner acts on it
     * only once the generation has moved.
     */
    @Override
    public void drop(Space space) {
        ensureOpen();
        try {
            OptionalLong stored = generations.stored(space);
            long from = stored.orElse(0);
            session.execute(statements.requestDrop.bind(space.keySpace().id(), space.instance(), from, Instant.now())
                    .setIdempotent(true));
            try {
                generations.advance(space, stored);
            } catch (QueryValidationException e) {
                throw e;
            } catch (RuntimeException unknown) {
                if (!generations.movedPast(space, from)) {
                    throw unknown;
                }
            }
        } catch (RuntimeException e) {
            throw Driver.unavailable("dropping " + space, e);
        }
        cleaner.kick();
    }

    /** Complete at once: Cassandra acknowledges a write once a quorum of replicas logged it (see the class comment). */
    @Override
    public CompletableFuture<Void> whenDurable() {
        if (closed) {
            return CompletableFuture.failedFuture(new StoreUnavailableException("the Cassandra store is closed"));
        }
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        cleaner.close();
        session.close();
    }

    private void ensureOpen() {
        if (closed) {
            throw new StoreUnavailableException("the Cassandra store is closed");
        }
    }

    private static StoredValue value(Row row) {
        ByteBuffer payload = row.getByteBuffer(1);
        byte[] bytes = StoredValue.allocate(payload == null ? 0 : payload.remaining());
        if (payload != null) {
            payload.duplicate().get(bytes, StoredValue.HEADROOM, payload.remaining());
        }
        return new StoredValue(row.getLong(0), bytes);
    }
}
