package io.cerulean.it.shared;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.azure.core.http.HttpHeaderName;
import com.azure.core.http.rest.Response;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.models.ListEntitiesOptions;
import com.azure.data.tables.models.TableAccessPolicy;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableEntityUpdateMode;
import com.azure.data.tables.models.TableServiceCorsRule;
import com.azure.data.tables.models.TableServiceException;
import com.azure.data.tables.models.TableServiceProperties;
import com.azure.data.tables.models.TableSignedIdentifier;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionActionType;
import com.azure.data.tables.models.TableTransactionFailedException;
import io.cerulean.app.Cerulean;
import io.cerulean.it.support.SharedServers;
import io.cerulean.store.memory.MemoryKeyValueStore;
import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Two Cerulean servers sharing one store, as servers sharing one Cassandra cluster do, driven
 * through the Azure SDK: whatever one server changes, the other serves at once, and an entity's
 * ETag never repeats while both write it. Both servers' clocks stand still at the same instant, so
 * they issue the same ticks in step: the worst case for ETags, made certain rather than left to chance.
 */
class SharedStoreServersTest {
    private static final int THREADS_PER_SERVER = 8;

    private static MemoryKeyValueStore store;
    private static Cerulean a;
    private static Cerulean b;

    @BeforeAll
    static void start() {
        store = new MemoryKeyValueStore();
        Clock inStep = Clock.fixed(Instant.now(), ZoneOffset.UTC);
        a = Cerulean.builder().store(store).port(0).timestampClock(inStep).start();
        b = Cerulean.builder().store(store).port(0).timestampClock(inStep).start();
    }

    @AfterAll
    static void stop() {
        a.close();
        b.close();
        store.close();
    }

    private static TableServiceClient client(Cerulean server) {
        return SharedServers.serviceClient(server.connectionString());
    }

    private static TableClient table(Cerulean server, String name) {
        return client(server).getTableClient(name);
    }

    @Test
    void aTableCreatedOnOneServerIsServedByTheOther() {
        client(a).createTable("CreatedOnA");
        assertThat(client(b).listTables().stream().map(t -> t.getName())).contains("CreatedOnA");
        table(b, "CreatedOnA").createEntity(new TableEntity("p", "r").addProperty("V", 1));
        assertThat(table(a, "CreatedOnA").getEntity("p", "r").getProperty("V")).isEqualTo(1);
    }

    /** Regression: server B kept the tables it had looked up, and served a table A had deleted. */
    @Test
    void aTableDeletedOnOneServerIsGoneOnTheOther() {
        client(a).createTable("DeletedOnA");
        table(a, "DeletedOnA").createEntity(new TableEntity("p", "old"));
        assertThat(table(b, "DeletedOnA").getEntity("p", "old")).isNotNull();
        client(a).deleteTable("DeletedOnA");
        assertThatThrownBy(() -> table(b, "DeletedOnA").createEntity(new TableEntity("p", "lost")))
                .isInstanceOfSatisfying(TableServiceException.class, e -> {
                    assertThat(e.getResponse().getStatusCode()).isEqualTo(404);
                    assertThat(e.getValue().getErrorCode().toString()).isEqualTo("TableNotFound");
                });
    }

    /** Regression: B went on writing into the deleted table's entities, where no one ever read them. */
    @Test
    void aTableDeletedOnOneServerAndCreatedAgainOnTheOtherIsEmptyAndOneTableForBoth() {
        client(a).createTable("Recycled");
        table(a, "Recycled").createEntity(new TableEntity("p", "old"));
        assertThat(table(b, "Recycled").getEntity("p", "old")).isNotNull();
        client(a).deleteTable("Recycled");
        client(b).createTable("Recycled");
        // A last saw the old table under this name: its read of the same keys must be of the new one.
        table(b, "Recycled").createEntity(new TableEntity("p", "old").addProperty("Generation", "new"));
        assertThat(table(a, "Recycled").getEntity("p", "old").getProperty("Generation")).isEqualTo("new");
        table(b, "Recycled").deleteEntity("p", "old");
        assertThat(table(a, "Recycled").listEntities().stream()).isEmpty();
        assertThat(table(b, "Recycled").listEntities().stream()).isEmpty();

        client(a).deleteTable("Recycled");
        client(a).createTable("Recycled");
        table(b, "Recycled").createEntity(new TableEntity("p", "new"));
        assertThat(table(a, "Recycled").listEntities().stream().map(TableEntity::getRowKey)).containsExactly("new");
    }

    @Test
    void anAclSetOnOneServerIsReadOnTheOther() {
        client(a).createTable("Guarded");
        assertThat(identifiers(table(b, "Guarded"))).isEmpty();
        OffsetDateTime start = OffsetDateTime.parse("2026-01-01T00:00:00Z");
        table(a, "Guarded").setAccessPolicies(List.of(new TableSignedIdentifier("readers").setAccessPolicy(
                new TableAccessPolicy().setStartsOn(start).setExpiresOn(start.plusDays(1)).setPermissions("r"))));
        assertThat(identifiers(table(b, "Guarded")))
                .extracting(TableSignedIdentifier::getId).containsExactly("readers");
        client(b).deleteTable("Guarded");
        client(b).createTable("Guarded");
        assertThat(identifiers(table(a, "Guarded"))).as("a new table has no ACL").isEmpty();
    }

    /** The SDK gives null for none. */
    private static List<TableSignedIdentifier> identifiers(TableClient table) {
        List<TableSignedIdentifier> identifiers = table.getAccessPolicies().getIdentifiers();
        return identifiers == null ? List.of() : identifiers;
    }

    private static List<TableServiceCorsRule> corsRules(TableServiceClient client) {
        List<TableServiceCorsRule> rules = client.getProperties().getCorsRules();
        return rules == null ? List.of() : rules;
    }

    /** Regression: B served the service properties it had read once, whatever A set afterwards. */
    @Test
    void servicePropertiesSetOnOneServerAreServedByTheOther() {
        assertThat(corsRules(client(b))).isEmpty();
        TableServiceProperties properties = client(a).getProperties();
        properties.setCorsRules(List.of(new TableServiceCorsRule().setAllowedOrigins("http://shared.example")
                .setAllowedMethods("GET").setAllowedHeaders("").setExposedHeaders("").setMaxAgeInSeconds(5)));
        client(a).setProperties(properties);
        assertThat(corsRules(client(b))).extracting(TableServiceCorsRule::getAllowedOrigins)
                .containsExactly("http://shared.example");
        properties.setCorsRules(List.of());
        client(b).setProperties(properties);
        assertThat(corsRules(client(a))).isEmpty();
    }

    @Test
    void anIfMatchWithAnEtagReplacedThroughTheOtherServerFailsWith412() {
        client(a).createTable("Stale");
        table(a, "Stale").createEntity(new TableEntity("p", "r").addProperty("V", 1));
        TableEntity readOnB = table(b, "Stale").getEntity("p", "r");
        table(a, "Stale").updateEntity(new TableEntity("p", "r").addProperty("V", 2));
        assertThatThrownBy(() -> table(b, "Stale").updateEntityWithResponse(readOnB.addProperty("V", 3),
                TableEntityUpdateMode.REPLACE, true, null, null))
                .isInstanceOfSatisfying(TableServiceException.class, e -> {
                    assertThat(e.getResponse().getStatusCode()).isEqualTo(412);
                    assertThat(e.getValue().getErrorCode().toString()).isEqualTo("UpdateConditionNotSatisfied");
                });
        assertThat(table(a, "Stale").getEntity("p", "r").getProperty("V")).isEqualTo(2);
    }

    /** The Timestamp an ETag names ({@code W/"datetime'2026-11-25T23%3A20%3A57.3359518Z'"}), to order ETags. */
    private static Instant timestampOf(String etag) {
        int start = etag.indexOf("datetime'") + "datetime'".length();
        return Instant.parse(etag.substring(start, etag.indexOf('\'', start)).replace("%3A", ":"));
    }

    /** One acknowledged write: which entity, by whom, and the ETag the server answered. */
    private record Written(String rowKey, String writer, int seq, Instant etag) {
    }

    /**
     * Regression: with clocks in step, an upsert through A and one through B got the same Timestamp,
     * so one entity had the same ETag twice; and a write planned earlier could land after a later one.
     */
    @Test
    void concurrentUpsertsAndMergesFromBothServersNeverRepeatAnEtagAndTheLastWriteWins() throws Exception {
        client(a).createTable("Contended");
        List<String> rowKeys = List.of("r0", "r1", "r2", "r3");
        List<Written> acknowledged = new CopyOnWriteArrayList<>();
        runOnBothServers(200, (server, writer, i) -> {
            String rowKey = rowKeys.get(i % rowKeys.size());
            TableEntity entity = new TableEntity("p", rowKey).addProperty("Writer", writer).addProperty("Seq", i);
            TableEntityUpdateMode mode = i % 2 == 0 ? TableEntityUpdateMode.REPLACE : TableEntityUpdateMode.MERGE;
            Response<Void> response = table(server, "Contended").upsertEntityWithResponse(entity, mode, null, null);
            acknowledged.add(new Written(rowKey, writer, i, timestampOf(response.getHeaders().getValue(HttpHeaderName.ETAG))));
        });
        assertThat(acknowledged).hasSize(2 * THREADS_PER_SERVER * 200);
        for (String rowKey : rowKeys) {
            List<Written> writes = acknowledged.stream().filter(w -> w.rowKey().equals(rowKey)).toList();
            assertThat(writes.stream().map(Written::etag)).as("the ETags of %s", rowKey).doesNotHaveDuplicates();
            Written last = writes.stream().max((x, y) -> x.etag().compareTo(y.etag())).orElseThrow();
            for (Cerulean server : List.of(a, b)) {
                TableEntity stored = table(server, "Contended").getEntity("p", rowKey);
                assertThat(timestampOf(stored.getETag())).as("%s holds the last write", rowKey).isEqualTo(last.etag());
                assertThat(stored.getProperty("Writer")).isEqualTo(last.writer());
                assertThat(stored.getProperty("Seq")).isEqualTo(last.seq());
            }
        }
    }

    /**
     * Transactions from both servers, each writing all ten rows of a partition with its own number:
     * a reader always sees the ten rows of one transaction, never a mix, and never one ETag for two
     * transactions' rows; a transaction that fails (it inserts a row that exists) leaves no trace.
     */
    @Test
    void transactionsFromBothServersAreAllOrNothing() throws Exception {
        client(a).createTable("Batched");
        table(a, "Batched").createEntity(new TableEntity("p", "existing"));
        Set<String> failedBatches = ConcurrentHashMap.newKeySet();
        Map<String, Map<String, String>> batchOfEtag = new ConcurrentHashMap<>();
        List<String> mixed = new CopyOnWriteArrayList<>();
        AtomicBoolean writing = new AtomicBoolean(true);
        Thread reader = new Thread(() -> {
            while (writing.get()) {
                observe(table(a, "Batched"), batchOfEtag, mixed);
                observe(table(b, "Batched"), batchOfEtag, mixed);
            }
        });
        reader.start();
        try {
            runOnBothServers(40, (server, writer, i) -> {
                String batch = writer + "-" + i;
                List<TableTransactionAction> actions = new ArrayList<>();
                for (int row = 0; row < 10; row++) {
                    TableEntity entity = new TableEntity("p", "row" + row).addProperty("Batch", batch);
                    actions.add(new TableTransactionAction(row % 2 == 0 ? TableTransactionActionType.UPSERT_REPLACE
                            : TableTransactionActionType.UPSERT_MERGE, entity));
                }
                if (i % 5 == 4) {
                    actions.add(new TableTransactionAction(TableTransactionActionType.CREATE,
                            new TableEntity("p", "existing").addProperty("Batch", batch)));
                    failedBatches.add(batch);
                    assertThatThrownBy(() -> table(server, "Batched").submitTransaction(actions))
                            .isInstanceOf(TableTransactionFailedException.class);
                } else {
                    table(server, "Batched").submitTransaction(actions);
                }
            });
        } finally {
            writing.set(false);
            reader.join();
        }
        observe(table(b, "Batched"), batchOfEtag, mixed);
        assertThat(mixed).isEmpty();
        assertThat(batchOfEtag.values().stream().flatMap(m -> m.values().stream())).isNotEmpty()
                .doesNotContainAnyElementsOf(failedBatches);
    }

    /** Reads the partition once and records what it shows, and anything that breaks the rules. */
    private static void observe(TableClient table, Map<String, Map<String, String>> batchOfEtag, List<String> wrong) {
        List<TableEntity> rows = table.listEntities(new ListEntitiesOptions().setFilter("RowKey ge 'row'"), null, null)
                .stream().toList();
        if (rows.isEmpty()) {
            return;
        }
        Set<Object> batches = rows.stream().map(e -> e.getProperty("Batch")).collect(Collectors.toSet());
        Set<String> etags = rows.stream().map(TableEntity::getETag).collect(Collectors.toSet());
        if (rows.size() != 10 || batches.size() != 1 || etags.size() != 1) {
            wrong.add("a read showed " + rows.size() + " rows of batches " + batches + " with ETags " + etags);
        }
        for (TableEntity row : rows) {
            String batch = (String) row.getProperty("Batch");
            String earlier = batchOfEtag.computeIfAbsent(row.getRowKey(), k -> new ConcurrentHashMap<>())
                    .putIfAbsent(row.getETag(), batch);
            if (earlier != null && !earlier.equals(batch)) {
                wrong.add(row.getRowKey() + " had ETag " + row.getETag() + " for batches " + earlier + " and " + batch);
            }
        }
    }

    /** One step of a writer thread: {@code writer} names the server and thread, {@code i} the step. */
    private interface Step {
        void run(Cerulean server, String writer, int i) throws Exception;
    }

    /** {@link #THREADS_PER_SERVER} threads on each server, each running {@code steps} steps, all started at once. */
    private static void runOnBothServers(int steps, Step step) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2 * THREADS_PER_SERVER);
        CountDownLatch go = new CountDownLatch(1);
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < 2 * THREADS_PER_SERVER; t++) {
                Cerulean server = t % 2 == 0 ? a : b;
                String writer = (t % 2 == 0 ? "A" : "B") + t / 2;
                futures.add(pool.submit(() -> {
                    go.await();
                    for (int i = 0; i < steps; i++) {
                        step.run(server, writer, i);
                    }
                    return null;
                }));
            }
            go.countDown();
            for (Future<?> future : futures) {
                future.get(5, TimeUnit.MINUTES);
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
