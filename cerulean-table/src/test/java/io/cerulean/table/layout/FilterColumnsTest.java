package io.cerulean.table.layout;

import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.storage.ByteView;
import io.cerulean.storage.CommitOutcome;
import io.cerulean.storage.ForwardingKeyValueStore;
import io.cerulean.storage.KeyValueStore;
import io.cerulean.storage.RecordBound;
import io.cerulean.storage.RecordCursor;
import io.cerulean.storage.RecordKey;
import io.cerulean.storage.RecordMutation;
import io.cerulean.storage.RecordRange;
import io.cerulean.storage.RecordSnapshot;
import io.cerulean.storage.Space;
import io.cerulean.storage.database.Database;
import io.cerulean.storage.state.Lease;
import io.cerulean.table.model.Entity;
import io.cerulean.table.model.EntityKey;
import io.cerulean.table.model.EntityView;
import io.cerulean.table.model.PropertyValue;
import io.cerulean.table.query.EntityQuery;
import io.cerulean.table.query.PageEnd;
import io.cerulean.table.query.PageSink;
import io.cerulean.table.query.filter.Filter;
import io.cerulean.table.query.filter.FilterParser;
import io.cerulean.table.service.TableService;
import io.cerulean.table.time.HybridClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Filter columns, on every store a server may use alone: a filtered scan that finds a partition's
 * column answers exactly what reading every entity answers, reads from the store only the entities
 * that pass, and never answers from a column a commit has overtaken. Each store's test extends
 * this class and says how to make a fresh store.
 */
public abstract class FilterColumnsTest {
    private static final String ACCOUNT = "devstoreaccount1";

    private CountingStore records;
    private TableLayout store;
    private TableService service;
    private StoredTable table;
    private final AtomicLong tick = new AtomicLong(1_000_000);
    private ExecutorService helper;

    /** A new, empty store. */
    protected abstract KeyValueStore newKeyValueStore();

    @BeforeEach
    void open() {
        records = new CountingStore(newKeyValueStore());
        store = TableLayout.open(Database.open(records, true), 64L << 20, Duration.ZERO);
        helper = Executors.newSingleThreadExecutor();
        service = new TableService(store, HybridClock.system(Lease.none()), Duration.ofSeconds(30),
                helper);
        table = store.createTable(ACCOUNT, "columns").orElseThrow();
    }

    @AfterEach
    void close() {
        store.close();
        helper.shutdownNow();
    }

    private Entity entity(String pk, int row, Map<String, PropertyValue> properties) {
        return new Entity(pk, String.format("r%05d", row), Instant.EPOCH.plusMillis(tick.incrementAndGet()),
                properties);
    }

    private void commit(String pk, List<Mutation> mutations) {
        assertThat(store.commit(table, pk, mutations)).isEqualTo(CommitResult.APPLIED);
    }

    /** Partitions of {@code size} entities whose Age is row % 100 (and, for a few, missing or a string). */
    private void load(String pk, int size) {
        for (int from = 0; from < size; from += 100) {
            List<Mutation> batch = new ArrayList<>();
            for (int row = from; row < Math.min(size, from + 100); row++) {
                Map<String, PropertyValue> properties = new LinkedHashMap<>();
                if (row % 97 == 5) {
                    properties.put("Age", PropertyValue.ofString("42"));
                } else if (row % 89 != 7) {
                    properties.put("Age", PropertyValue.ofInt32(row % 100));
                }
                properties.put("Name", PropertyValue.ofString(pk + "-" + row));
                properties.put("Padding", PropertyValue.ofString("x".repeat(200)));
                batch.add(Mutation.put(entity(pk, row, properties), Condition.NONE));
            }
            commit(pk, batch);
        }
    }

    /** Every page of a query, followed through its continuations: the entities as "pk/rk/Age". */
    private List<String> query(String filter) {
        List<String> found = new ArrayList<>();
        Optional<EntityKey> next = Optional.empty();
        do {
            PageEnd end = service.queryEntities(table, new EntityQuery(Optional.of(FilterParser.parse(filter)), 1000,
                    next), new PageSink() {
                        @Override
                        public void add(EntityView view) {
                            found.add(describe(view.toEntity()));
                        }
                    });
            next = end.next();
        } while (next.isPresent());
        return found;
    }

    private static String describe(Entity entity) {
        PropertyValue age = entity.property("Age");
        return entity.partitionKey() + "/" + entity.rowKey() + "/" + (age == null ? "-" : age.value());
    }

    /** What reading every entity of the table answers: the oracle. */
    private List<String> everyEntity(String filter) {
        Filter parsed = FilterParser.parse(filter);
        List<String> found = new ArrayList<>();
        try (EntityCursor cursor = store.scan(table, KeyRange.all())) {
            Entity entity;
            while ((entity = cursor.next()) != null) {
                if (parsed.matches(entity)) {
                    found.add(describe(entity));
                }
            }
        }
        return found;
    }

    /** Scans the partition as a client would, until its column is built. */
    private void awaitColumn(String pk) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (store.filterColumns().find(table.id(), pk, "Age", Long.MAX_VALUE) == null) {
            assertThat(System.nanoTime() - deadline).as("the column of %s is built", pk).isNegative();
            query("PartitionKey eq '" + pk + "' and Age gt 30");
            Thread.sleep(10);
        }
    }

    @Test
    void aScanOfPartitionsWithColumnsReadsOnlyTheEntitiesThatPass() throws Exception {
        load("a", 2_000);
        load("b", 1_000);
        load("c", 10); // too small for a column: read entity by entity
        awaitColumn("a");
        awaitColumn("b");
        assertThat(store.filterColumns().find(table.id(), "c", "Age", Long.MAX_VALUE)).isNull();

        long before = records.landed.get();
        List<String> found = query("Age eq 42");
        long landed = records.landed.get() - before;

        assertThat(found).containsExactlyElementsOf(everyEntity("Age eq 42")).hasSizeGreaterThan(25);
        assertThat(found).allMatch(line -> line.endsWith("/42"));
        assertThat(landed).as("records read for 30 matches in 3,010 entities").isLessThan(100);
    }

    /** Filters of every shape on the column's property, the keys and Timestamp, over mixed types and gaps. */
    @Test
    void aColumnAnswersEveryFilterAsReadingEveryEntityDoes() throws Exception {
        load("a", 1_200);
        load("b", 600);
        load("c", 300);
        for (String pk : List.of("a", "b", "c")) {
            awaitColumn(pk);
        }
        Random random = new Random(31);
        String[] comparisons = {"eq", "ne", "gt", "ge", "lt", "le"};
        List<String> filters = new ArrayList<>(List.of("Age eq '42'", "Age ne 3", "not (Age lt 99)",
                "Age eq 7 or Age eq 8", "RowKey ge 'r00500' and Age eq 42", "PartitionKey eq 'b' and Age le 2",
                "PartitionKey ge 'b' and Age eq 13", "Timestamp lt datetime'1970-01-01T00:16:41Z' and Age eq 1",
                "Age eq 42L", "Age eq 42.0", "Age gt 97 and RowKey lt 'r00300'"));
        for (int i = 0; i < 60; i++) {
            String one = "Age " + comparisons[random.nextInt(6)] + " " + random.nextInt(110);
            String two = "Age " + comparisons[random.nextInt(6)] + " " + random.nextInt(110);
            filters.add(switch (random.nextInt(4)) {
                case 0 -> one;
                case 1 -> "(" + one + ") and (" + two + ")";
                case 2 -> "(" + one + ") or (RowKey eq 'r" + String.format("%05d", random.nextInt(1200)) + "')";
                default -> "PartitionKey eq '" + "abc".charAt(random.nextInt(3)) + "' and (" + one + ")";
            });
        }
        long used = store.filterColumns().used();
        for (String filter : filters) {
            assertThat(query(filter)).as(filter).containsExactlyElementsOf(everyEntity(filter));
        }
        assertThat(store.filterColumns().used()).as("scans given a column").isGreaterThan(used + 20);
    }

    /**
     * A scan long enough to be split (on a store with snapshots) whose columns end exactly where it
     * may split, where nothing passes, or where one partition alone is all it reads: the same answer
     * as reading every entity, no entity skipped where the second half starts.
     */
    @Test
    void aScanThatSplitsAcrossColumnsAnswersAsReadingEveryEntity() throws Exception {
        load("a", 1_024);
        load("b", 3_072);
        load("c", 3_000);
        load("d", 4_096);
        for (String pk : List.of("a", "b", "d")) {
            awaitColumn(pk);
        }
        for (String filter : List.of("Age eq 0", "Age eq 7", "Age eq 4242", "Age lt 2",
                "PartitionKey eq 'd' and Age eq 4242", "PartitionKey ge 'b' and Age eq 0")) {
            assertThat(query(filter)).as(filter).containsExactlyElementsOf(everyEntity(filter));
        }
    }

    /** Paged with $top, each page resuming inside a partition, the column carries on where the page stopped. */
    @Test
    void pagesThatStopInsideAPartitionResumeInItsColumn() throws Exception {
        load("a", 3_000);
        awaitColumn("a");
        List<String> found = new ArrayList<>();
        Optional<EntityKey> next = Optional.empty();
        int pages = 0;
        do {
            PageEnd end = service.queryEntities(table, new EntityQuery(Optional.of(FilterParser.parse("Age eq 42")), 7,
                    next), view -> found.add(view.toEntity().rowKey()));
            next = end.next();
            pages++;
        } while (next.isPresent());
        assertThat(found).hasSize(everyEntity("Age eq 42").size()).doesNotHaveDuplicates().isSorted();
        assertThat(pages).isGreaterThanOrEqualTo(found.size() / 7);
    }

    /**
     * Writers insert and delete groups of ten entities sharing a fresh Age, one commit per group,
     * while readers scan for those ages. A group committed before a scan and not deleted until it
     * ended is found whole; no scan finds part of one, or an entity whose Age is not the one asked.
     */
    @Test
    void scansNeverAnswerFromAColumnACommitHasOvertaken() throws Exception {
        load("a", 1_000);
        load("b", 1_000);
        awaitColumn("a");
        awaitColumn("b");
        Map<Integer, String> groups = new ConcurrentHashMap<>(); // age -> partition, while committed
        Map<Integer, Boolean> deleting = new ConcurrentHashMap<>();
        AtomicBoolean running = new AtomicBoolean(true);
        AtomicInteger nextAge = new AtomicInteger(1_000);
        AtomicInteger checked = new AtomicInteger();
        long usedBefore = store.filterColumns().used();
        ExecutorService threads = Executors.newFixedThreadPool(4);
        List<Future<?>> work = new ArrayList<>();
        for (int w = 0; w < 2; w++) {
            int writer = w;
            work.add(threads.submit(() -> {
                Random random = new Random(writer);
                List<Integer> mine = new ArrayList<>();
                while (running.get()) {
                    String pk = random.nextBoolean() ? "a" : "b";
                    if (mine.size() > 8 || (!mine.isEmpty() && random.nextInt(3) == 0)) {
                        int age = mine.remove(random.nextInt(mine.size()));
                        String at = groups.get(age);
                        deleting.put(age, true);
                        List<Mutation> delete = new ArrayList<>();
                        for (int i = 0; i < 10; i++) {
                            delete.add(Mutation.delete(String.format("s%07d-%d", age, i), Condition.MUST_EXIST));
                        }
                        commit(at, delete);
                        groups.remove(age);
                    } else {
                        int age = nextAge.getAndIncrement();
                        List<Mutation> insert = new ArrayList<>();
                        for (int i = 0; i < 10; i++) {
                            insert.add(Mutation.put(new Entity(pk, String.format("s%07d-%d", age, i),
                                    Instant.EPOCH.plusMillis(tick.incrementAndGet()),
                                    Map.of("Age", PropertyValue.ofInt32(age))), Condition.MUST_NOT_EXIST));
                        }
                        commit(pk, insert);
                        groups.put(age, pk);
                        mine.add(age);
                    }
                    sleepUpTo(random, 3);
                }
                return null;
            }));
        }
        for (int r = 0; r < 2; r++) {
            int reader = r;
            work.add(threads.submit(() -> {
                Random random = new Random(100 + reader);
                while (running.get()) {
                    int age = 1_000 + random.nextInt(Math.max(1, nextAge.get() - 1_000));
                    boolean committedBefore = groups.containsKey(age) && !deleting.containsKey(age);
                    String filter = random.nextBoolean() ? "Age eq " + age
                            : "PartitionKey eq '" + (random.nextBoolean() ? "a" : "b") + "' and Age eq " + age;
                    List<String> found = query(filter);
                    boolean untouched = committedBefore && !deleting.containsKey(age);
                    assertThat(found).as("%s", filter).allMatch(line -> line.endsWith("/" + age));
                    assertThat(found.size()).as("%s found %s", filter, found).isIn(0, 10);
                    if (untouched && filter.startsWith("Age")) {
                        assertThat(found).as("%s, committed before the scan", filter).hasSize(10);
                    }
                    checked.incrementAndGet();
                    // keep the columns coming back between commits
                    query("PartitionKey eq '" + (random.nextBoolean() ? "a" : "b") + "' and Age gt 30");
                }
                return null;
            }));
        }
        Thread.sleep(4_000);
        running.set(false);
        for (Future<?> task : work) {
            task.get(30, TimeUnit.SECONDS);
        }
        threads.shutdown();
        assertThat(checked.get()).isGreaterThan(50);
        assertThat(store.filterColumns().used()).as("scans given a column meanwhile").isGreaterThan(usedBefore);
        awaitColumn("a");
        awaitColumn("b");
        for (String filter : List.of("Age ge 1000", "Age lt 1000 and Age gt 95", "Age eq 1001")) {
            assertThat(query(filter)).as(filter).containsExactlyElementsOf(everyEntity(filter));
        }
    }

    /** A column found stale is dropped; the next scan of the partition asks for it again. */
    @Test
    void aCommitToAPartitionRetiresItsColumnUntilItIsReadAgain() throws Exception {
        load("a", 500);
        awaitColumn("a");
        commit("a", List.of(Mutation.put(entity("a", 7, Map.of("Age", PropertyValue.ofInt32(4242))), Condition.NONE)));
        assertThat(store.filterColumns().find(table.id(), "a", "Age", Long.MAX_VALUE)).isNull();
        assertThat(query("Age eq 4242")).containsExactly("a/r00007/4242");
        awaitColumn("a");
        assertThat(query("Age eq 4242")).containsExactly("a/r00007/4242");
    }

    /**
     * A commit the store has applied but whose end is not yet counted (as when its thread is
     * preempted between the two) keeps the partition's column out of use: the scan sees the entity.
     */
    @Test
    void aCommitUnderWayKeepsTheColumnOutOfUse() throws Exception {
        load("a", 500);
        awaitColumn("a");
        CountDownLatch applied = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        records.hold = new CountDownLatch[] {applied, release};
        ExecutorService writer = Executors.newSingleThreadExecutor();
        try {
            Future<?> commit = writer.submit(() -> commit("a", List.of(Mutation.put(
                    entity("a", 7, Map.of("Age", PropertyValue.ofInt32(4243))), Condition.NONE))));
            assertThat(applied.await(10, TimeUnit.SECONDS)).isTrue();
            assertThat(query("Age eq 4243")).containsExactly("a/r00007/4243");
            release.countDown();
            commit.get(10, TimeUnit.SECONDS);
        } finally {
            release.countDown();
            writer.shutdownNow();
        }
    }

    /**
     * A cursor opened before a commit and the column read after it answers from its own snapshot,
     * as a cursor that reads every entity does: a column installed after a cursor opened is not its.
     */
    @Test
    void aCursorOpenedBeforeAColumnWasInstalledDoesNotUseIt() throws Exception {
        load("a", 500);
        load("b", 500);
        awaitColumn("b"); // the table has columns: cursors look for them
        Filter filter = FilterParser.parse("Age eq 42");
        try (EntityCursor hinted = store.scan(table, KeyRange.all(), Optional.of("Age"));
             EntityCursor plain = store.scan(table, KeyRange.all())) {
            commit("a", List.of(Mutation.put(entity("a", 42, Map.of("Age", PropertyValue.ofInt32(4244))),
                    Condition.NONE)));
            awaitColumn("a");
            List<String> fromHinted = new ArrayList<>();
            while (hinted.advanceTo(filter::matches, Long.MAX_VALUE)) {
                fromHinted.add(describe(hinted.entity()));
            }
            List<String> fromPlain = new ArrayList<>();
            while (plain.advanceTo(filter::matches, Long.MAX_VALUE)) {
                fromPlain.add(describe(plain.entity()));
            }
            assertThat(fromHinted).containsExactlyElementsOf(fromPlain);
        }
    }

    @Test
    void deletingATableDropsItsColumns() throws Exception {
        load("a", 500);
        awaitColumn("a");
        long id = table.id();
        assertThat(store.deleteTable(ACCOUNT, "columns")).isTrue();
        assertThat(store.filterColumns().any(id)).isFalse();
        assertThat(store.filterColumns().find(id, "a", "Age", Long.MAX_VALUE)).isNull();
    }

    private static void sleepUpTo(Random random, int millis) {
        try {
            Thread.sleep(random.nextInt(millis + 1));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** A store that counts the records its cursors land on, by stepping or seeking. */
    private static final class CountingStore extends ForwardingKeyValueStore {
        final AtomicLong landed = new AtomicLong();
        /** When set, the next commit, once applied, signals the first latch and waits for the second. */
        volatile CountDownLatch[] hold;

        CountingStore(KeyValueStore store) {
            super(store);
        }

        @Override
        public RecordCursor scan(Space space, RecordRange range) {
            return new CountingCursor(store.scan(space, range));
        }

        @Override
        public Optional<RecordSnapshot> snapshot(Space space) {
            return store.snapshot(space).map(snapshot -> new RecordSnapshot() {
                @Override
                public RecordCursor scan(RecordRange range) {
                    return new CountingCursor(snapshot.scan(range));
                }

                @Override
                public Optional<RecordKey> middle(RecordRange range) {
                    return snapshot.middle(range);
                }

                @Override
                public void close() {
                    snapshot.close();
                }
            });
        }

        @Override
        public CommitOutcome commit(Space space, byte[] partition, List<RecordMutation> mutations) {
            CommitOutcome outcome = store.commit(space, partition, mutations);
            CountDownLatch[] latches = hold;
            if (latches != null) {
                hold = null;
                latches[0].countDown();
                try {
                    latches[1].await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return outcome;
        }

        private final class CountingCursor implements RecordCursor {
            private final RecordCursor cursor;

            CountingCursor(RecordCursor cursor) {
                this.cursor = cursor;
            }

            @Override
            public boolean advance() {
                boolean on = cursor.advance();
                if (on) {
                    landed.incrementAndGet();
                }
                return on;
            }

            @Override
            public boolean seek(RecordBound target) {
                boolean on = cursor.seek(target);
                if (on) {
                    landed.incrementAndGet();
                }
                return on;
            }

            @Override
            public ByteView partition() {
                return cursor.partition();
            }

            @Override
            public ByteView row() {
                return cursor.row();
            }

            @Override
            public long version() {
                return cursor.version();
            }

            @Override
            public ByteView payload() {
                return cursor.payload();
            }

            @Override
            public void close() {
                cursor.close();
            }
        }
    }
}
