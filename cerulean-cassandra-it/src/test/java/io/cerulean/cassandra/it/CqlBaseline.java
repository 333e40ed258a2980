package io.cerulean.cassandra.it;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import io.cerulean.store.cassandra.CassandraKeyValueStore;
import io.cerulean.store.cassandra.CassandraStoreConfig;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * What Cassandra itself does with the requests behind {@code cerulean bench}'s W1 and W2, sent
 * straight over CQL with nothing of Cerulean in between: the baseline Cerulean's figures on the
 * same cluster are compared with.
 *
 * <p>Two closed-loop phases of {@code concurrency} threads, each sending its next request when the
 * last one is answered: (a) {@code INSERT ... IF NOT EXISTS} of a new row with a 1 KiB payload,
 * over 100 partitions as W1 inserts; (b) {@code SELECT} of one row by its full primary key,
 * uniformly over what (a) inserted, as W2 reads. The table has the shape of the Cassandra store's
 * {@code records} table, and the session its settings: protocol V4, QUORUM, Paxos at SERIAL,
 * reads at QUORUM, no driver retries of the conditional write. The one difference from what the
 * store sends for an insert: the store wraps it in a conditional batch that also marks the
 * partition's last commit, which this baseline leaves out on purpose (it measures the least a
 * conditional insert costs).
 *
 * <p>The keyspace is the run's own, created with the replication factor given and dropped at the
 * end.
 */
final class CqlBaseline {
    /** W1's entities are about 1 KB of JSON; the store keeps them in a payload of about that size. */
    static final int PAYLOAD_BYTES = 1024;
    /** W1 spreads its inserts over 100 partitions. */
    static final int PARTITIONS = 100;
    private static final int SPACE = 1;
    private static final long INSTANCE = 1;
    private static final long GENERATION = 0;
    private static final Duration SCHEMA_CHANGE = Duration.ofSeconds(60);

    /**
     * @param contactPoints     HOST:PORT of some nodes, as {@code --cassandra-contact-points} takes them
     * @param datacenter        the local data centre, where the keyspace's replicas are placed
     * @param replicationFactor replicas of every row in that data centre
     * @param concurrency       threads, each with one request in flight
     * @param phase             length of each of the two phases
     */
    record Settings(List<String> contactPoints, String datacenter, int replicationFactor, int concurrency,
                    Duration phase) {
        Settings {
            if (contactPoints.isEmpty()) {
                throw new IllegalArgumentException("no contact point");
            }
            if (replicationFactor < 1 || concurrency < 1 || phase.isNegative() || phase.isZero()) {
                throw new IllegalArgumentException("replication factor, concurrency and phase must be positive");
            }
            contactPoints = List.copyOf(contactPoints);
        }
    }

    /** One phase's figures, as {@code cerulean bench} reports a workload's. */
    record Result(String title, long ops, long errors, double seconds, double p50Millis, double p99Millis,
                  String firstError) {
        double opsPerSecond() {
            return ops / seconds;
        }

        String line() {
            return String.format(Locale.ROOT, "%-34s %16s %10s %10s %10s %8s", title,
                    String.format(Locale.ROOT, "%,.0f ops/s", opsPerSecond()), millis(p50Millis), millis(p99Millis),
                    String.format(Locale.ROOT, "%,d", ops), String.format(Locale.ROOT, "%,d", errors));
        }
    }

    static final String HEADER = String.format(Locale.ROOT, "%-34s %16s %10s %10s %10s %8s", "operation", "result",
            "p50", "p99", "ops", "errors");

    private final Settings settings;
    private final PrintStream out;

    CqlBaseline(Settings settings, PrintStream out) {
        this.settings = settings;
        this.out = out;
    }

    /** Creates the keyspace, runs both phases printing a line for each, drops the keyspace; returns the two results. */
    List<Result> run() {
        String keyspace = "cql_baseline_" + Long.toString(System.currentTimeMillis(), 36);
        out.printf(Locale.ROOT, "CQL baseline  contact-points=%s  keyspace=%s  replication=%d  concurrency=%d  "
                        + "phase=%ss  payload=%d B  partitions=%d%n", String.join(",", settings.contactPoints()), keyspace,
                settings.replicationFactor(), settings.concurrency(), settings.phase().toMillis() / 1000.0,
                PAYLOAD_BYTES, PARTITIONS);
        try (CqlSession session = session(keyspace)) {
            try {
                createSchema(session, keyspace);
                String table = keyspace + ".records";
                PreparedStatement insert = session.prepare("INSERT INTO " + table
                        + " (space, instance, generation, partition, row, version, payload, commit_id)"
                        + " VALUES (?, ?, ?, ?, ?, ?, ?, ?) IF NOT EXISTS");
                PreparedStatement get = session.prepare("SELECT version, payload FROM " + table
                        + " WHERE space = ? AND instance = ? AND generation = ? AND partition = ? AND row = ?");
                out.println(HEADER);
                AtomicLong next = new AtomicLong();
                Result writes = phase("C1 INSERT IF NOT EXISTS, 1 KB", random -> {
                    long i = next.getAndIncrement();
                    byte[] payload = new byte[PAYLOAD_BYTES];
                    random.nextBytes(payload);
                    boolean applied = session.execute(insert.bind(SPACE, INSTANCE, GENERATION, partition(i), row(i), i,
                            ByteBuffer.wrap(payload), UUID.randomUUID())).wasApplied();
                    if (!applied) {
                        throw new IllegalStateException("insert of new row " + i + " did not apply");
                    }
                });
                out.println(writes.line());
                long inserted = next.get();
                Result reads = phase("C2 SELECT by primary key", random -> {
                    long i = random.nextLong(Math.max(1, inserted));
                    Row row = session.execute(get.bind(SPACE, INSTANCE, GENERATION, partition(i), row(i))).one();
                    if (row == null || row.getLong("version") != i || row.getByteBuffer("payload").remaining()
                            != PAYLOAD_BYTES) {
                        throw new IllegalStateException("row " + i + (row == null ? " not found" : " is another's"));
                    }
                });
                out.println(reads.line());
                for (Result r : List.of(writes, reads)) {
                    if (r.firstError() != null) {
                        out.println("first error of " + r.title() + ": " + r.firstError());
                    }
                }
                return List.of(writes, reads);
            } finally {
                session.execute(SimpleStatement.newInstance("DROP KEYSPACE IF EXISTS " + keyspace)
                        .setTimeout(SCHEMA_CHANGE));
                out.println("dropped keyspace " + keyspace);
            }
        }
    }

    /** A session on the store's own settings, with a timeout for a loaded machine. */
    private CqlSession session(String keyspace) {
        return CassandraKeyValueStore.sessionBuilder(CassandraStoreConfig.of(String.join(",", settings.contactPoints()))
                .withLocalDatacenter(settings.datacenter()).withKeyspace(keyspace)
                .withRequestTimeout(Duration.ofSeconds(20))).build();
    }

    /** The keyspace as the store creates its own, and a table of the shape of its {@code records} (CassandraLayout). */
    private void createSchema(CqlSession session, String keyspace) {
        session.execute(SimpleStatement.newInstance("CREATE KEYSPACE " + keyspace + " WITH replication = "
                + "{'class': 'NetworkTopologyStrategy', '" + settings.datacenter().replace("'", "''") + "': "
                + settings.replicationFactor() + "}").setTimeout(SCHEMA_CHANGE));
        session.execute(SimpleStatement.newInstance("CREATE TABLE " + keyspace + ".records "
                + "(space int, instance bigint, generation bigint, partition blob, row blob, "
                + "version bigint, payload blob, commit_id uuid, last_commit uuid static, "
                + "PRIMARY KEY ((space, instance, generation, partition), row))").setTimeout(SCHEMA_CHANGE));
    }

    /** Row i's partition, one of {@value #PARTITIONS}. */
    private static ByteBuffer partition(long i) {
        return ByteBuffer.wrap(String.format(Locale.ROOT, "p%03d", i % PARTITIONS).getBytes(StandardCharsets.UTF_8));
    }

    private static ByteBuffer row(long i) {
        return ByteBuffer.wrap(String.format(Locale.ROOT, "r%010d", i).getBytes(StandardCharsets.UTF_8));
    }

    /** One operation; throws when its answer is wrong. */
    private interface Operation {
        void run(SplittableRandom random);
    }

    /** {@code concurrency} threads running {@code op} back to back for the phase. */
    private Result phase(String title, Operation op) {
        int threads = settings.concurrency();
        long start = System.nanoTime();
        long stop = start + settings.phase().toNanos();
        long[][] latencies = new long[threads][];
        long[] ops = new long[threads];
        long[] errors = new long[threads];
        long[] ended = new long[threads];
        AtomicReference<String> firstError = new AtomicReference<>();
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int w = t;
            Thread thread = new Thread(() -> {
                SplittableRandom random = new SplittableRandom(0x5EED_0000L + 31L * w);
                long[] mine = new long[1024];
                int n = 0;
                while (System.nanoTime() - stop < 0) {
                    long began = System.nanoTime();
                    try {
                        op.run(random);
                    } catch (RuntimeException e) {
                        errors[w]++;
                        firstError.compareAndSet(null, e.toString());
                        pause();   // a node that refuses at once would otherwise be hammered
                        continue;
                    }
                    if (n == mine.length) {
                        mine = Arrays.copyOf(mine, n * 2);
                    }
                    mine[n++] = System.nanoTime() - began;
                }
                latencies[w] = Arrays.copyOf(mine, n);
                ops[w] = n;
                ended[w] = System.nanoTime();
            }, "cql-baseline-" + t);
            thread.start();
            workers.add(thread);
        }
        for (Thread worker : workers) {
            try {
                worker.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", e);
            }
        }
        long[] all = Arrays.stream(latencies).flatMapToLong(Arrays::stream).sorted().toArray();
        long end = Arrays.stream(ended).max().orElse(stop);
        return new Result(title, Arrays.stream(ops).sum(), Arrays.stream(errors).sum(), (end - start) / 1e9,
                percentileMillis(all, 0.5), percentileMillis(all, 0.99), firstError.get());
    }

    private static void pause() {
        try {
            Thread.sleep(20);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Nearest-rank percentile of sorted nanoseconds, in milliseconds; NaN when there are none. */
    static double percentileMillis(long[] sortedNanos, double p) {
        if (sortedNanos.length == 0) {
            return Double.NaN;
        }
        int rank = (int) Math.ceil(p * sortedNanos.length);
        return sortedNanos[Math.max(0, Math.min(sortedNanos.length, rank) - 1)] / 1e6;
    }

    /** As the bench prints latencies: "0.84 ms", "12.3 ms", "1,204 ms", "-". */
    private static String millis(double ms) {
        if (Double.isNaN(ms)) {
            return "-";
        }
        return String.format(Locale.ROOT, ms < 10 ? "%.2f ms" : ms < 100 ? "%.1f ms" : "%,.0f ms", ms);
    }
}
