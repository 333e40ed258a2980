package io.cerulean.cassandra.it;

import com.azure.core.http.HttpHeaderName;
import com.azure.core.http.policy.FixedDelay;
import com.azure.core.http.policy.RetryPolicy;
import com.azure.core.http.rest.Response;
import com.azure.core.util.HttpClientOptions;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableClientBuilder;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableEntityUpdateMode;
import com.azure.data.tables.models.TableServiceException;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionActionType;
import com.azure.data.tables.models.TableTransactionFailedException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * The fault drill's load: clients that insert entities, commit entity group transactions and
 * increment shared counters with If-Match, spread over several servers, each operation tried
 * again (through the next server) until it is answered. Every answer goes into a ledger, which
 * {@link #verify} then holds the stored data against.
 *
 * <p>A request that failed may still have been applied (its answer was lost, or the store could
 * not tell): an insert or a transaction tried again then meets 409 EntityAlreadyExists, which
 * counts as applied; an increment whose update failed is counted as perhaps applied.
 */
final class DrillLoad {
    static final int COUNTERS = 8;
    static final int BATCH_SIZE = 5;
    private static final String COUNTER_PARTITION = "counters";
    private static final Duration GIVE_UP = Duration.ofSeconds(120);
    private static final String PAYLOAD = "x".repeat(256);
    private static final HttpHeaderName ERROR_CODE = HttpHeaderName.fromString("x-ms-error-code");

    /** A request that failed: when (ms into the load), through which server, and how. */
    record Failure(long atMillis, String server, String kind) {
    }

    /** What the stored data showed against the ledger; every list empty when nothing went wrong. */
    record Verdict(int entitiesStored, List<String> lost, List<String> halfApplied, List<String> unexpected,
                   List<String> counterErrors, List<String> repeatedETags) {
        boolean clean() {
            return lost.isEmpty() && halfApplied.isEmpty() && unexpected.isEmpty() && counterErrors.isEmpty()
                    && repeatedETags.isEmpty();
        }
    }

    private final List<ServerProcess> servers;
    private final List<TableClient> tables = new ArrayList<>();
    private final int clients;
    private final ExecutorService threads;

    private final Map<String, String> inserted = new ConcurrentHashMap<>(); // key -> ETag answered
    private final Set<String> insertedUnanswered = ConcurrentHashMap.newKeySet();
    private final List<List<String>> batches = Collections.synchronizedList(new ArrayList<>());
    private final AtomicLongArray increments = new AtomicLongArray(COUNTERS);
    private final AtomicLongArray incrementsUnknown = new AtomicLongArray(COUNTERS);
    private final List<Set<String>> counterETags = new ArrayList<>();
    private final List<String> repeatedETags = Collections.synchronizedList(new ArrayList<>());
    private final List<Failure> failures = Collections.synchronizedList(new ArrayList<>());
    private final List<String> gaveUp = Collections.synchronizedList(new ArrayList<>());
    private final AtomicLongArray successesPerSecond = new AtomicLongArray(3600);
    private volatile boolean stopping;
    private long startNanos;

    DrillLoad(List<ServerProcess> servers, String table, int clients) {
        this.servers = List.copyOf(servers);
        this.clients = clients;
        for (ServerProcess server : servers) {
            // No retries of the SDK's own: every failed request is seen, and tried again here.
            tables.add(new TableClientBuilder().connectionString(server.connectionString()).tableName(table)
                    .retryPolicy(new RetryPolicy(new FixedDelay(0, Duration.ofMillis(1))))
                    .clientOptions(new HttpClientOptions().setResponseTimeout(Duration.ofSeconds(60)))
                    .buildClient());
        }
        for (int i = 0; i < COUNTERS; i++) {
            counterETags.add(ConcurrentHashMap.newKeySet());
        }
        this.threads = Executors.newFixedThreadPool(clients);
    }

    /** Creates the counters (through the first server, tried until answered) and starts the clients. */
    void start() {
        startNanos = System.nanoTime();
        for (int k = 0; k < COUNTERS; k++) {
            String row = "k" + k;
            untilAnswered("counter " + row, 0, 0, table -> {
                table.upsertEntity(new TableEntity(COUNTER_PARTITION, row).addProperty("Count", 0L));
                return true;
            });
        }
        for (int c = 0; c < clients; c++) {
            int client = c;
            threads.execute(() -> run(client));
        }
    }

    /** Stops the clients once their operations in flight are answered. */
    void stop() throws InterruptedException {
        stopping = true;
        threads.shutdown();
        if (!threads.awaitTermination(GIVE_UP.toSeconds() + 30, TimeUnit.SECONDS)) {
            threads.shutdownNow();
            throw new IllegalStateException("clients still busy after " + GIVE_UP);
        }
    }

    long elapsedMillis() {
        return (System.nanoTime() - startNanos) / 1_000_000;
    }

    private void run(int client) {
        long n = 0;
        try {
            for (; !stopping; n++) {
                int kind = (int) (n % 10);
                if (kind < 5) {
                    insert(client, n);
                } else if (kind < 8) {
                    batch(client, n);
                } else {
                    increment(client, n);
                }
            }
        } catch (RuntimeException | Error e) {
            // A client that stops mid-operation leaves it out of the ledger: the drill must fail.
            gaveUp.add("client " + client + " stopped at operation " + n + " by " + e);
        }
    }

    private void insert(int client, long n) {
        String partition = "c" + client;
        String row = String.format("i%08d", n);
        String key = partition + "/" + row;
        untilAnswered(key, client, n, table -> {
            Response<Void> answer = table.createEntityWithResponse(new TableEntity(partition, row)
                    .addProperty("Payload", PAYLOAD).addProperty("Client", client), null, null);
            inserted.put(key, answer.getHeaders().getValue(HttpHeaderName.ETAG));
            return true;
        }, () -> insertedUnanswered.add(key));
    }

    private void batch(int client, long n) {
        String partition = "c" + client;
        List<TableTransactionAction> actions = new ArrayList<>();
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < BATCH_SIZE; i++) {
            String row = String.format("b%08d-%d", n, i);
            actions.add(new TableTransactionAction(TableTransactionActionType.CREATE,
                    new TableEntity(partition, row).addProperty("Payload", PAYLOAD).addProperty("Client", client)));
            keys.add(partition + "/" + row);
        }
        untilAnswered("batch " + keys.get(0), client, n, table -> {
            table.submitTransactionWithResponse(actions, null, null);
            batches.add(keys);
            return true;
        }, () -> batches.add(keys));
    }

    /** Reads a counter and writes it back one higher with If-Match; a 412 means another client won: read again. */
    private void increment(int client, long n) {
        int counter = (int) ((n / 10 + client) % COUNTERS);
        String row = "k" + counter;
        boolean[] updating = new boolean[1];
        untilAnswered("increment " + row, client, n, table -> {
            updating[0] = false;
            TableEntity current = table.getEntity(COUNTER_PARTITION, row);
            long count = (Long) current.getProperty("Count");
            current.addProperty("Count", count + 1);
            updating[0] = true;
            try {
                Response<Void> answer = table.updateEntityWithResponse(current, TableEntityUpdateMode.REPLACE, true,
                        null, null);
                String etag = answer.getHeaders().getValue(HttpHeaderName.ETAG);
                if (!counterETags.get(counter).add(etag)) {
                    repeatedETags.add(row + " " + etag);
                }
                increments.incrementAndGet(counter);
                return true;
            } catch (TableServiceException e) {
                if (e.getResponse().getStatusCode() == 412) {
                    return false; // another client's increment came first: not a failure
                }
                throw e;
            }
        }, null, () -> {
            if (updating[0]) {
                incrementsUnknown.incrementAndGet(counter);
            }
        });
    }

    private void untilAnswered(String what, int client, long n, Attempt attempt) {
        untilAnswered(what, client, n, attempt, null, null);
    }

    private void untilAnswered(String what, int client, long n, Attempt attempt, Runnable appliedBefore) {
        untilAnswered(what, client, n, attempt, appliedBefore, null);
    }

    /**
     * Tries {@code attempt} through one server after another until it answers true. After a failed
     * try, 409 EntityAlreadyExists means an earlier try was applied: {@code appliedBefore} runs.
     */
    private void untilAnswered(String what, int client, long n, Attempt attempt, Runnable appliedBefore,
                               Runnable onFailure) {
        long deadline = System.nanoTime() + GIVE_UP.toNanos();
        boolean failedBefore = false;
        for (int tries = 0; System.nanoTime() < deadline; tries++) {
            int server = (int) ((client + n + tries) % tables.size());
            try {
                if (attempt.run(tables.get(server))) {
                    succeeded();
                    return;
                }
                continue; // lost an If-Match race: try again at once
            } catch (TableServiceException e) {
                String answer = answer(e);
                if (failedBefore && appliedBefore != null && answer.endsWith(" EntityAlreadyExists")) {
                    appliedBefore.run();
                    succeeded();
                    return;
                }
                failed(server, answer);
            } catch (RuntimeException e) {
                failed(server, "no answer: " + rootCause(e).getClass().getSimpleName());
            }
            if (onFailure != null) {
                onFailure.run();
            }
            failedBefore = true;
            pause(tries);
        }
        gaveUp.add(what);
    }

    /**
     * "STATUS ErrorCode" of a refusal. A failed transaction comes with the error of its failed
     * operation and, from the SDK, without the HTTP response (its status was the changeset's 409 or
     * the like); with neither, the answer was cut off.
     */
    private static String answer(TableServiceException e) {
        if (e.getResponse() != null) {
            return e.getResponse().getStatusCode() + " " + e.getResponse().getHeaders().getValue(ERROR_CODE);
        }
        if (e instanceof TableTransactionFailedException && e.getValue() != null) {
            return "transaction refused: " + e.getValue().getErrorCode();
        }
        return "no answer: the response cut off";
    }

    @FunctionalInterface
    private interface Attempt {
        /** True when answered; false to try again without counting a failure. */
        boolean run(TableClient table);
    }

    private void succeeded() {
        successesPerSecond.incrementAndGet((int) Math.min(successesPerSecond.length() - 1, elapsedMillis() / 1000));
    }

    private void failed(int server, String kind) {
        failures.add(new Failure(elapsedMillis(), servers.get(server).name(), kind));
    }

    private static Throwable rootCause(Throwable e) {
        while (e.getCause() != null && e.getCause() != e) {
            e = e.getCause();
        }
        return e;
    }

    private static void pause(int tries) {
        try {
            Thread.sleep(Math.min(1000, 50L << Math.min(tries, 5)));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    List<Failure> failures() {
        synchronized (failures) {
            return List.copyOf(failures);
        }
    }

    List<String> gaveUp() {
        return List.copyOf(gaveUp);
    }

    /** Operations answered in each second of the load, up to {@code seconds}. */
    long[] successesPerSecond(int seconds) {
        long[] counts = new long[seconds];
        for (int s = 0; s < seconds; s++) {
            counts[s] = successesPerSecond.get(s);
        }
        return counts;
    }

    long answered() {
        long total = 0;
        for (int s = 0; s < successesPerSecond.length(); s++) {
            total += successesPerSecond.get(s);
        }
        return total;
    }

    /** Reads every entity through {@code table} and holds them against the ledger. */
    Verdict verify(TableClient table) {
        Map<String, TableEntity> stored = new HashMap<>();
        table.listEntities().forEach(e -> stored.put(e.getPartitionKey() + "/" + e.getRowKey(), e));
        List<String> lost = new ArrayList<>();
        Set<String> expected = ConcurrentHashMap.newKeySet();
        inserted.forEach((key, etag) -> {
            expected.add(key);
            TableEntity entity = stored.get(key);
            if (entity == null) {
                lost.add(key + " (answered 204/201 with " + etag + ")");
            } else if (!sameETag(etag, entity.getETag())) {
                lost.add(key + " answered with " + etag + " but stored with " + entity.getETag());
            }
        });
        for (String key : insertedUnanswered) {
            expected.add(key);
            if (!stored.containsKey(key)) {
                lost.add(key + " (met 409 when tried again)");
            }
        }
        List<String> halfApplied = new ArrayList<>();
        synchronized (batches) {
            for (List<String> keys : batches) {
                expected.addAll(keys);
                long present = keys.stream().filter(stored::containsKey).count();
                if (present == 0) {
                    lost.add("transaction " + keys.get(0) + "..");
                } else if (present < keys.size()) {
                    halfApplied.add("transaction " + keys.get(0) + ".. has " + present + " of " + keys.size());
                }
            }
        }
        List<String> counterErrors = new ArrayList<>();
        for (int k = 0; k < COUNTERS; k++) {
            String key = COUNTER_PARTITION + "/k" + k;
            expected.add(key);
            TableEntity counter = stored.get(key);
            long acknowledged = increments.get(k);
            long unknown = incrementsUnknown.get(k);
            long count = counter == null ? -1 : (Long) counter.getProperty("Count");
            if (count < acknowledged || count > acknowledged + unknown) {
                counterErrors.add(key + " = " + count + ", " + acknowledged + " increments answered, "
                        + unknown + " unanswered");
            }
        }
        List<String> unexpected = stored.keySet().stream().filter(key -> !expected.contains(key)).sorted().toList();
        return new Verdict(stored.size(), lost, halfApplied, unexpected, counterErrors, List.copyOf(repeatedETags));
    }

    /**
     * Whether an ETag from a response header and one from an entity's {@code odata.etag} name the same
     * version: the SDK hands out a weak ETag header without its closing quote, the body's with it.
     */
    private static boolean sameETag(String header, String body) {
        return body != null && (body.equals(header) || body.equals(header + "\""));
    }

    /** Answered increments per counter, summed. */
    long incrementsAnswered() {
        long total = 0;
        for (int k = 0; k < COUNTERS; k++) {
            total += increments.get(k);
        }
        return total;
    }

    int insertsAnswered() {
        return inserted.size() + insertedUnanswered.size();
    }

    int transactionsAnswered() {
        return batches.size();
    }
}
