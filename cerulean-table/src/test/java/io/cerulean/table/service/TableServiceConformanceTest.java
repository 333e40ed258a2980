package io.cerulean.table.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ErrorCode;
import io.cerulean.storage.KeyValueStore;
import io.cerulean.storage.database.Database;
import io.cerulean.storage.state.Lease;
import io.cerulean.table.error.TableError;
import io.cerulean.table.error.TableServiceException;
import io.cerulean.table.model.Entity;
import io.cerulean.table.model.EntityKey;
import io.cerulean.table.model.EntityView;
import io.cerulean.table.model.PropertyValue;
import io.cerulean.table.query.EntityQuery;
import io.cerulean.table.query.PageEnd;
import io.cerulean.table.query.PageSink;
import io.cerulean.table.query.TablePage;
import io.cerulean.table.query.filter.FilterParser;
import io.cerulean.table.layout.Condition;
import io.cerulean.table.layout.StoredTable;
import io.cerulean.table.layout.TableLayout;
import io.cerulean.table.time.HybridClock;
import io.cerulean.table.txn.EntityGroupTransaction;
import io.cerulean.table.txn.Operation;
import io.cerulean.table.txn.OperationKind;
import io.cerulean.table.txn.OperationResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The Table service's write and query semantics, run on every store: entity group transactions
 * (conditions, indexes of failures, atomicity, shared Timestamps), merges under contention, and
 * paging. Each store's test extends this class.
 */
public abstract class TableServiceConformanceTest {
    private static final String ACCOUNT = "devstoreaccount1";

    private Database database;
    private TableLayout store;
    private TableService service;
    private StoredTable table;

    /** A new, empty store, which the service runs on as a server sharing it with others would. */
    protected abstract KeyValueStore newStore();

    @BeforeEach
    void start() {
        database = Database.open(newStore(), false);
        store = TableLayout.open(database);
        service = new TableService(store, HybridClock.system(Lease.none()), Duration.ofSeconds(5));
        table = service.createTable(ACCOUNT, "semantics");
    }

    @AfterEach
    void stop() {
        service.close();
        database.close();
    }

    private static Operation op(OperationKind kind, String rk, Map<String, PropertyValue> props, Condition ifMatch) {
        return new Operation(kind, "p", rk, props, ifMatch);
    }

    private static Operation insert(String rk) {
        return op(OperationKind.INSERT, rk, Map.of("V", PropertyValue.ofInt32(1)), Condition.NONE);
    }

    private List<OperationResult> run(Operation... operations) {
        return service.execute(table, new EntityGroupTransaction("p", List.of(operations)));
    }

    private static void assertFails(ThrowingCallable call, ErrorCode code, int index) {
        assertThatThrownBy(call).isInstanceOfSatisfying(TableServiceException.class, e -> {
            assertThat(e.errorCode()).isEqualTo(code);
            assertThat(e.operationIndex()).isEqualTo(index);
        });
    }

    private Optional<Entity> read(String rk) {
        return store.get(table, "p", rk);
    }

    /** Get Entity refuses in one order: no such table, then the caller's grant, then keys that are not valid. */
    @Test
    void getEntityRefusesTheMissingTableThenTheGrantThenTheKeys() {
        run(insert("a"));
        Consumer<StoredTable> refuse = t -> {
            throw new TableServiceException(CommonError.AUTHORIZATION_PERMISSION_MISMATCH);
        };
        Consumer<StoredTable> admit = t -> { };
        assertFails(() -> service.readEntity(ACCOUNT, "nosuch", "p", "bad/key", refuse), TableError.TABLE_NOT_FOUND, -1);
        assertFails(() -> service.readEntity(ACCOUNT, "Semantics", "p", "bad/key", refuse),
                CommonError.AUTHORIZATION_PERMISSION_MISMATCH, -1);
        assertFails(() -> service.readEntity(ACCOUNT, "Semantics", "p", "bad/key", admit), CommonError.OUT_OF_RANGE_INPUT, -1);
        assertFails(() -> service.readEntity(ACCOUNT, "Semantics", "p", "a", refuse),
                CommonError.AUTHORIZATION_PERMISSION_MISMATCH, -1);
        assertThat(service.readEntity(ACCOUNT, "Semantics", "p", "a", admit).entity()).isPresent();
        assertThat(service.readEntity(ACCOUNT, "Semantics", "p", "b", admit).entity()).isEmpty();
    }

    @Test
    void insertOfAnExistingEntityFailsWithEntityAlreadyExists() {
        run(insert("a"));
        assertFails(() -> run(insert("a")), TableError.ENTITY_ALREADY_EXISTS, 0);
    }

    @Test
    void aFailingOperationNamesItsIndexAndNothingOfTheTransactionIsApplied() {
        run(insert("c"));
        assertFails(() -> run(insert("a"), insert("b"), insert("c")), TableError.ENTITY_ALREADY_EXISTS, 2);
        assertThat(read("a")).isEmpty();
        assertThat(read("b")).isEmpty();
        assertFails(() -> run(insert("x"), op(OperationKind.MERGE, "missing", Map.of(), Condition.MUST_EXIST)),
                CommonError.RESOURCE_NOT_FOUND, 1);
        assertThat(read("x")).isEmpty();
    }

    @Test
    void validationFailuresNameTheOperation() {
        Map<String, PropertyValue> badName = Map.of("1bad", PropertyValue.ofInt32(1));
        assertFails(() -> run(insert("a"), op(OperationKind.INSERT, "b", badName, Condition.NONE)),
                TableError.PROPERTY_NAME_INVALID, 1);
        assertFails(() -> run(insert("a"), insert("bad/key")), CommonError.OUT_OF_RANGE_INPUT, 1);
        assertThat(read("a")).isEmpty();
    }

    @Test
    void operationsOfOneTransactionShareOneTimestampAndLaterWritesGetLaterOnes() {
        List<OperationResult> first = run(insert("a"), insert("b"));
        assertThat(first.get(0).stored().timestamp()).isEqualTo(first.get(1).stored().timestamp());
        Entity replaced = run(op(OperationKind.INSERT_OR_REPLACE, "a", Map.of(), Condition.NONE)).get(0).stored();
        assertThat(replaced.timestamp()).isAfter(first.get(0).stored().timestamp());
        assertThat(replaced.etag()).isNotEqualTo(first.get(0).stored().etag());
    }

    @Test
    void replaceAndDeleteHonourIfMatch() {
        Entity v1 = run(insert("a")).get(0).stored();
        Entity v2 = run(op(OperationKind.REPLACE, "a", Map.of("W", PropertyValue.ofBoolean(true)),
                new Condition.TimestampEquals(v1.timestamp()))).get(0).stored();
        assertThat(read("a").orElseThrow().properties()).containsOnlyKeys("W");
        assertFails(() -> run(op(OperationKind.REPLACE, "a", Map.of(), new Condition.TimestampEquals(v1.timestamp()))),
                TableError.UPDATE_CONDITION_NOT_SATISFIED, 0);
        assertFails(() -> run(op(OperationKind.DELETE, "a", Map.of(), new Condition.TimestampEquals(v1.timestamp()))),
                TableError.UPDATE_CONDITION_NOT_SATISFIED, 0);
        assertFails(() -> run(op(OperationKind.REPLACE, "zz", Map.of(), Condition.MUST_EXIST)),
                CommonError.RESOURCE_NOT_FOUND, 0);
        run(op(OperationKind.DELETE, "a", Map.of(), new Condition.TimestampEquals(v2.timestamp())));
        assertThat(read("a")).isEmpty();
        assertFails(() -> run(op(OperationKind.DELETE, "a", Map.of(), Condition.MUST_EXIST)),
                CommonError.RESOURCE_NOT_FOUND, 0);
    }

    @Test
    void mergeKeepsOtherPropertiesAndUpsertMergeCreates() {
        run(op(OperationKind.INSERT, "a", Map.of("A", PropertyValue.ofInt32(1), "B", PropertyValue.ofInt32(2)),
                Condition.NONE));
        run(op(OperationKind.MERGE, "a", Map.of("B", PropertyValue.ofString("two"), "C", PropertyValue.ofInt32(3)),
                Condition.MUST_EXIST));
        assertThat(read("a").orElseThrow().properties()).containsEntry("A", PropertyValue.ofInt32(1))
                .containsEntry("B", PropertyValue.ofString("two")).containsEntry("C", PropertyValue.ofInt32(3));
        run(op(OperationKind.INSERT_OR_MERGE, "new", Map.of("X", PropertyValue.ofInt32(9)), Condition.NONE));
        assertThat(read("new").orElseThrow().properties()).containsOnlyKeys("X");
        assertFails(() -> run(op(OperationKind.MERGE, "nope", Map.of(), Condition.MUST_EXIST)),
                CommonError.RESOURCE_NOT_FOUND, 0);
    }

    @Test
    void concurrentMergesLoseNoUpdate() throws Exception {
        run(insert("hot"));
        int threads = 6;
        int each = 40; // 6 * 40 + 1 properties stay under the 252 limit
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int thread = t;
                futures.add(pool.submit(() -> {
                    for (int i = 0; i < each; i++) {
                        run(op(OperationKind.INSERT_OR_MERGE, "hot",
                                Map.of("T" + thread + "_" + i, PropertyValue.ofInt32(i)), Condition.NONE));
                    }
                    return null;
                }));
            }
            for (Future<?> f : futures) {
                f.get(60, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(read("hot").orElseThrow().properties()).hasSize(1 + threads * each);
    }

    @Test
    void pagesResumeExactlyWithFiltersAndSmallPages() {
        for (int i = 0; i < 60; i++) {
            run(op(OperationKind.INSERT, String.format("%03d", i), Map.of("N", PropertyValue.ofInt32(i)),
                    Condition.NONE));
        }
        var filter = Optional.of(FilterParser.parse("N ge 10 and N lt 50"));
        List<EntityKey> seen = new ArrayList<>();
        Optional<EntityKey> next = Optional.empty();
        int pages = 0;
        do {
            next = service.queryEntities(table, new EntityQuery(filter, 7, next), e -> seen.add(e.key())).next();
            pages++;
        } while (next.isPresent());
        assertThat(pages).isEqualTo(6);
        assertThat(seen).extracting(EntityKey::rowKey).containsExactlyElementsOf(
                java.util.stream.IntStream.range(10, 50).mapToObj(i -> String.format("%03d", i)).toList());
    }

    /** A sink that is full (a page's answer large enough) ends the page early; resuming loses and repeats nothing. */
    @Test
    void aFullSinkEndsThePageWithAContinuationAtTheNextEntity() {
        for (int i = 0; i < 50; i++) {
            run(op(OperationKind.INSERT, String.format("%03d", i), Map.of("N", PropertyValue.ofInt32(i)),
                    Condition.NONE));
        }
        var filter = Optional.of(FilterParser.parse("N ge 5 and N lt 45"));
        List<String> seen = new ArrayList<>();
        List<Integer> pageSizes = new ArrayList<>();
        Optional<EntityKey> next = Optional.empty();
        do {
            List<Entity> page = new ArrayList<>();
            PageSink fullAtThree = new PageSink() {
                @Override
                public void add(EntityView entity) {
                    page.add(entity.toEntity());
                }

                @Override
                public boolean full() {
                    return page.size() == 3;
                }
            };
            PageEnd end = service.queryEntities(table, new EntityQuery(filter, 1000, next), fullAtThree);
            assertThat(end.entitiesReturned()).isEqualTo(page.size());
            page.forEach(e -> seen.add(e.rowKey()));
            pageSizes.add(page.size());
            next = end.next();
        } while (next.isPresent());
        assertThat(seen).containsExactlyElementsOf(
                java.util.stream.IntStream.range(5, 45).mapToObj(i -> String.format("%03d", i)).toList());
        assertThat(pageSizes).hasSizeGreaterThanOrEqualTo(14).allMatch(size -> size <= 3);
    }

    @Test
    void anExhaustedTimeBudgetEndsThePageWithAContinuation() {
        TableService impatient = new TableService(store, HybridClock.system(Lease.none()), Duration.ZERO);
        for (int i = 0; i < 600; i++) {
            run(op(OperationKind.INSERT, String.format("%04d", i), Map.of(), Condition.NONE));
        }
        var never = Optional.of(FilterParser.parse("Missing eq 1"));
        List<Entity> entities = new ArrayList<>();
        PageEnd page = impatient.queryEntities(table, new EntityQuery(never, 1000, Optional.empty()), entity -> entities.add(entity.toEntity()));
        assertThat(entities).isEmpty();
        assertThat(page.next()).isPresent();
    }

    @Test
    void aRequestDeadlineBeforeTheBudgetEndsThePageWithAContinuation() {
        for (int i = 0; i < 600; i++) {
            run(op(OperationKind.INSERT, String.format("%04d", i), Map.of(), Condition.NONE));
        }
        var never = Optional.of(FilterParser.parse("Missing eq 1"));
        EntityQuery query = new EntityQuery(never, 1000, Optional.empty());
        PageEnd whole = service.queryEntities(table, query, entity -> { }, java.util.OptionalLong.empty());
        assertThat(whole.next()).as("the 5 s budget reads the table").isEmpty();
        PageEnd cut = service.queryEntities(table, query, entity -> { },
                java.util.OptionalLong.of(System.nanoTime()));
        assertThat(cut.next()).as("a deadline already reached ends the page early").isPresent();
    }

    @Test
    void tablesArePagedAndFiltered() {
        for (String name : List.of("alpha", "beta", "gamma", "delta")) {
            service.createTable(ACCOUNT, name);
        }
        TablePage first = service.queryTables(ACCOUNT, Optional.empty(), 2, Optional.empty());
        assertThat(first.tables()).extracting(StoredTable::name).containsExactly("alpha", "beta");
        TablePage second = service.queryTables(ACCOUNT, Optional.empty(), 2, first.next());
        assertThat(second.tables()).extracting(StoredTable::name).containsExactly("delta", "gamma");
        TablePage third = service.queryTables(ACCOUNT, Optional.empty(), 2, second.next());
        assertThat(third.tables()).extracting(StoredTable::name).containsExactly("semantics");
        assertThat(third.next()).isEmpty();
        var filter = Optional.of(FilterParser.parse("TableName ge 'b' and TableName lt 'e'"));
        assertThat(service.queryTables(ACCOUNT, filter, 1000, Optional.empty()).tables())
                .extracting(StoredTable::name).containsExactly("beta", "delta");
    }

    @Test
    void tableNamesAreValidated() {
        assertThatThrownBy(() -> service.createTable(ACCOUNT, "ab")).hasFieldOrPropertyWithValue("errorCode",
                CommonError.OUT_OF_RANGE_INPUT);
        assertThatThrownBy(() -> service.createTable(ACCOUNT, "1abc")).hasFieldOrPropertyWithValue("errorCode",
                CommonError.INVALID_RESOURCE_NAME);
        assertThatThrownBy(() -> service.createTable(ACCOUNT, "Tables")).hasFieldOrPropertyWithValue("errorCode",
                CommonError.INVALID_RESOURCE_NAME);
        assertThatThrownBy(() -> service.createTable(ACCOUNT, "SEMANTICS")).hasFieldOrPropertyWithValue("errorCode",
                TableError.TABLE_ALREADY_EXISTS);
    }

    /** A second server on the same store, whose clock's wall time stands still at {@code wallTicks}. */
    private TableService server(long wallTicks) {
        return new TableService(store, new HybridClock(() -> wallTicks, Lease.none()), Duration.ofSeconds(5));
    }

    private static EntityGroupTransaction one(OperationKind kind, String rk, Condition ifMatch) {
        return EntityGroupTransaction.of(op(kind, rk, Map.of("V", PropertyValue.ofInt32(kind.ordinal())), ifMatch));
    }

    /**
     * Regression: two servers whose clocks issue the same ticks gave one entity the same ETag twice,
     * as upserts were written without regard to the version they replaced.
     */
    @Test
    void serversWhoseClocksIssueTheSameTicksNeverGiveAnEntityOneEtagTwice() {
        TableService a = server(1_000_000L);
        TableService b = server(1_000_000L);
        List<Entity> written = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            for (TableService server : List.of(a, b)) {
                written.add(server.execute(table, one(OperationKind.INSERT_OR_REPLACE, "e", Condition.NONE)).get(0).stored());
                written.add(server.execute(table, one(OperationKind.INSERT_OR_MERGE, "e", Condition.NONE)).get(0).stored());
                written.add(server.execute(table, one(OperationKind.REPLACE, "e", Condition.MUST_EXIST)).get(0).stored());
                written.add(server.execute(table, one(OperationKind.MERGE, "e", Condition.MUST_EXIST)).get(0).stored());
            }
        }
        List<java.time.Instant> timestamps = written.stream().map(Entity::timestamp).toList();
        assertThat(timestamps).doesNotHaveDuplicates().isSorted();
        assertThat(read("e")).hasValueSatisfying(e -> assertThat(e.timestamp()).isEqualTo(timestamps.get(timestamps.size() - 1)));
    }

    /** A server whose clock is behind still writes after the version it replaces, so the ETag it replaced goes stale. */
    @Test
    void aServerWhoseClockIsBehindWritesAfterTheVersionItReplaces() {
        TableService ahead = server(900_000_000_000L);
        TableService behind = server(1_000L);
        Entity first = ahead.execute(table, one(OperationKind.INSERT, "e", Condition.NONE)).get(0).stored();
        Entity upserted = behind.execute(table, one(OperationKind.INSERT_OR_REPLACE, "e", Condition.NONE)).get(0).stored();
        assertThat(upserted.timestamp()).isAfter(first.timestamp());
        Entity replaced = behind.execute(table, one(OperationKind.REPLACE, "e",
                new Condition.TimestampEquals(upserted.timestamp()))).get(0).stored();
        assertThat(replaced.timestamp()).isAfter(upserted.timestamp());
        assertFails(() -> ahead.execute(table, one(OperationKind.REPLACE, "e", new Condition.TimestampEquals(first.timestamp()))),
                TableError.UPDATE_CONDITION_NOT_SATISFIED, 0);
        assertFails(() -> behind.execute(table, one(OperationKind.DELETE, "e", new Condition.TimestampEquals(upserted.timestamp()))),
                TableError.UPDATE_CONDITION_NOT_SATISFIED, 0);
        behind.execute(table, one(OperationKind.DELETE, "e", Condition.MUST_EXIST));
        assertThat(read("e")).isEmpty();
        assertFails(() -> ahead.execute(table, one(OperationKind.DELETE, "e", Condition.MUST_EXIST)),
                CommonError.RESOURCE_NOT_FOUND, 0);
    }

    /** A batch of upserts from a server whose clock is behind is one commit after every version it replaces. */
    @Test
    void aBatchFromAServerBehindWritesAfterEveryVersionItReplaces() {
        TableService ahead = server(900_000_000_000L);
        TableService behind = server(1_000L);
        Entity a = ahead.execute(table, one(OperationKind.INSERT, "a", Condition.NONE)).get(0).stored();
        List<OperationResult> batch = behind.execute(table, new EntityGroupTransaction("p", List.of(
                op(OperationKind.INSERT_OR_REPLACE, "a", Map.of(), Condition.NONE),
                op(OperationKind.INSERT_OR_MERGE, "b", Map.of(), Condition.NONE))));
        assertThat(batch.get(0).stored().timestamp()).isAfter(a.timestamp()).isEqualTo(batch.get(1).stored().timestamp());
    }
}
