package io.cerulean.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableEntityUpdateMode;
import com.azure.data.tables.models.TableServiceException;
import io.cerulean.it.support.SharedServers;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;

/** Many clients writing at once: optimistic concurrency loses nothing, parallel inserts all land. */
class ConcurrencyTest {
    private static final SharedServers SERVERS = SharedServers.perClass();
    private static final int THREADS = 16;
    private static final int MERGES_PER_THREAD = 50;

    @AfterAll
    static void stopServers() {
        SERVERS.close();
    }

    /**
     * Every thread appends "t:i;" to a shared Log property and sets its own property T{t} to i, each
     * time with a merge conditioned on the ETag it read, retrying on 412. A lost update would drop
     * an append from the Log.
     */
    @ParameterizedTest
    @EachStore
    void conditionalMergesFromManyThreadsLoseNoUpdate(ServerFixture fixture) throws Exception {
        TableClient table = SERVERS.newTable(fixture, "Occ");
        table.createEntity(new TableEntity("p", "hot").addProperty("Log", ""));
        AtomicInteger conflicts = new AtomicInteger();
        List<String> unexpected = new CopyOnWriteArrayList<>();
        Map<String, String> basedOn = new ConcurrentHashMap<>();
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                int thread = t;
                futures.add(pool.submit(() -> {
                    start.await();
                    for (int i = 0; i < MERGES_PER_THREAD; i++) {
                        String token = thread + ":" + i + ";";
                        while (true) {
                            TableEntity current = table.getEntity("p", "hot");
                            TableEntity update = new TableEntity("p", "hot")
                                    .addProperty("Log", current.getProperty("Log") + token)
                                    .addProperty("T" + thread, i);
                            copyEtag(current, update);
                            try {
                                table.updateEntityWithResponse(update, TableEntityUpdateMode.MERGE, true, null, null);
                                String other = basedOn.put(current.getETag(), token);
                                if (other != null) {
                                    unexpected.add(token + " and " + other + " both succeeded on " + current.getETag());
                                }
                                break;
                            } catch (TableServiceException e) {
                                if (e.getResponse().getStatusCode() == 412
                                        && "UpdateConditionNotSatisfied".equals(String.valueOf(e.getValue().getErrorCode()))) {
                                    conflicts.incrementAndGet();
                                } else {
                                    unexpected.add(e.getResponse().getStatusCode() + " " + e.getMessage());
                                    break;
                                }
                            }
                        }
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> f : futures) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(unexpected).isEmpty();
        assertThat(basedOn).hasSize(THREADS * MERGES_PER_THREAD);
        TableEntity result = table.getEntity("p", "hot");
        List<String> log = List.of(((String) result.getProperty("Log")).split(";"));
        assertThat(log).as("every successful merge is in the log once").hasSize(THREADS * MERGES_PER_THREAD)
                .doesNotHaveDuplicates();
        for (int t = 0; t < THREADS; t++) {
            int thread = t;
            assertThat(log.stream().filter(x -> x.startsWith(thread + ":")).toList()).as("thread %d in order", t)
                    .containsExactlyElementsOf(java.util.stream.IntStream.range(0, MERGES_PER_THREAD)
                            .mapToObj(i -> thread + ":" + i).toList());
            assertThat(result.getProperty("T" + t)).isEqualTo(MERGES_PER_THREAD - 1);
        }
        assertThat(conflicts.get()).as("16 threads on one entity must have collided").isPositive();
    }

    /** Gives {@code target} the ETag of {@code source}: TableEntity keeps it as the "odata.etag" property. */
    private static void copyEtag(TableEntity source, TableEntity target) {
        target.getProperties().put("odata.etag", source.getETag());
    }

    @ParameterizedTest
    @EachStore
    void parallelInsertsIntoOnePartitionAllLand(ServerFixture fixture) throws Exception {
        TableClient table = SERVERS.newTable(fixture, "Par");
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                int thread = t;
                futures.add(pool.submit(() -> {
                    start.await();
                    for (int i = 0; i < 50; i++) {
                        table.createEntity(new TableEntity("one", String.format("t%02d-%03d", thread, i))
                                .addProperty("Thread", thread));
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> f : futures) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
        List<String> rows = new ArrayList<>();
        table.listEntities().forEach(e -> rows.add(e.getRowKey()));
        assertThat(rows).hasSize(THREADS * 50).doesNotHaveDuplicates().isSorted();
    }

    @ParameterizedTest
    @EachStore
    void racingInsertsOfTheSameKeyHaveExactlyOneWinner(ServerFixture fixture) throws Exception {
        TableClient table = SERVERS.newTable(fixture, "Race");
        for (int round = 0; round < 20; round++) {
            String rk = "k" + round;
            CountDownLatch start = new CountDownLatch(1);
            ExecutorService pool = Executors.newFixedThreadPool(8);
            AtomicInteger wins = new AtomicInteger();
            AtomicInteger conflicts = new AtomicInteger();
            try {
                List<Future<?>> futures = new ArrayList<>();
                for (int t = 0; t < 8; t++) {
                    int thread = t;
                    futures.add(pool.submit(() -> {
                        start.await();
                        try {
                            table.createEntity(new TableEntity("p", rk).addProperty("Winner", thread));
                            wins.incrementAndGet();
                        } catch (TableServiceException e) {
                            assertThat(e.getResponse().getStatusCode()).isEqualTo(409);
                            conflicts.incrementAndGet();
                        }
                        return null;
                    }));
                }
                start.countDown();
                for (Future<?> f : futures) {
                    f.get();
                }
            } finally {
                pool.shutdownNow();
            }
            assertThat(wins.get()).as("round %d", round).isEqualTo(1);
            assertThat(conflicts.get()).isEqualTo(7);
        }
    }
}
