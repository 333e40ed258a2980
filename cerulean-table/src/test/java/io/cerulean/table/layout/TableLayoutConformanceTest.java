package io.cerulean.table.layout;

import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.storage.KeyValueStore;
import io.cerulean.storage.ServiceDocuments;
import io.cerulean.storage.StoredValue;
import io.cerulean.storage.database.Database;
import io.cerulean.table.model.DateTimes;
import io.cerulean.table.model.Entity;
import io.cerulean.table.model.EntityKey;
import io.cerulean.table.model.EntityView;
import io.cerulean.table.model.HandedOverProperties;
import io.cerulean.table.model.PropertyValue;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The contract of {@link TableLayout}, run against every store: each store's test extends this
 * class and says how to make a fresh one, which the tables are laid out on as a server shares it
 * with others. Order, atomicity, conditions, table lifecycle.
 */
public abstract class TableLayoutConformanceTest {
    protected static final String ACCOUNT = "devstoreaccount1";

    protected Database database;
    protected TableLayout store;
    private long tick = DateTimes.toEpochTicks(Instant.parse("2026-01-01T00:00:00Z"));

    /** A new, empty store; or, called again by {@link #reopen}, the same store opened again. */
    protected abstract KeyValueStore newStore();

    @BeforeEach
    protected void open() {
        database = Database.open(newStore(), false);
        store = TableLayout.open(database);
    }

    @AfterEach
    protected void close() {
        store.close();
        database.close();
    }

    /** Closes the tables and their store, and opens them again. */
    protected void reopen() {
        close();
        open();
    }

    protected Instant nextTimestamp() {
        return DateTimes.fromEpochTicks(++tick);
    }

    protected Entity entity(String pk, String rk, Map<String, PropertyValue> properties) {
        return new Entity(pk, rk, nextTimestamp(), properties);
    }

    protected Entity entity(String pk, String rk) {
        return entity(pk, rk, Map.of("Value", PropertyValue.ofString(pk + "/" + rk)));
    }

    protected void put(StoredTable table, Entity entity) {
        assertThat(store.commit(table, entity.partitionKey(), List.of(Mutation.put(entity, Condition.NONE))))
                .isEqualTo(CommitResult.APPLIED);
    }

    protected List<Entity> scanAll(StoredTable table, KeyRange range) {
        List<Entity> result = new ArrayList<>();
        try (EntityCursor cursor = store.scan(table, range)) {
            Entity e;
            while ((e = cursor.next()) != null) {
                result.add(e);
            }
        }
        return result;
    }

    @Test
    void tablesAreNamedWithoutRegardToCaseAndKeepTheirCase() {
        StoredTable created = store.createTable(ACCOUNT, "MyTable").orElseThrow();
        assertThat(store.createTable(ACCOUNT, "mytable")).isEmpty();
        assertThat(store.table(ACCOUNT, "MYTABLE")).contains(created);
        assertThat(created.name()).isEqualTo("MyTable");
        assertThat(store.table("otheraccount", "MyTable")).isEmpty();
    }

    @Test
    void tablesAreListedInNameOrderFromAResumePoint() {
        for (String name : List.of("delta", "Alpha", "charlie", "Bravo")) {
            store.createTable(ACCOUNT, name);
        }
        store.createTable("other", "zulu");
        assertThat(store.listTables(ACCOUNT, null, 10)).extracting(StoredTable::name)
                .containsExactly("Alpha", "Bravo", "charlie", "delta");
        assertThat(store.listTables(ACCOUNT, "bravo", 2)).extracting(StoredTable::name)
                .containsExactly("Bravo", "charlie");
    }

    @Test
    void aTableAndOneOfItsEntitiesAreReadTogether() {
        StoredTable table = store.createTable(ACCOUNT, "Together").orElseThrow();
        Entity stored = entity("p", "r");
        put(table, stored);
        EntityInTable read = store.tableAndEntity(ACCOUNT, "TOGETHER", "p", "r").orElseThrow();
        assertThat(read.table()).isEqualTo(table);
        assertThat(read.entity().orElseThrow().properties()).isEqualTo(stored.properties());
        assertThat(store.tableAndEntity(ACCOUNT, "together", "p", "missing").orElseThrow().entity()).isEmpty();
        assertThat(store.tableAndEntity(ACCOUNT, "nosuchtable", "p", "r")).isEmpty();

        assertThat(store.deleteTable(ACCOUNT, "together")).isTrue();
        assertThat(store.tableAndEntity(ACCOUNT, "together", "p", "r")).isEmpty();
        StoredTable again = store.createTable(ACCOUNT, "together").orElseThrow();
        assertThat(store.tableAndEntity(ACCOUNT, "together", "p", "r"))
                .contains(new EntityInTable(again, Optional.empty()));
    }

    @Test
    void entitiesOfOnePartitionAreReadTogetherInTheOrderAskedFor() {
        StoredTable table = store.createTable(ACCOUNT, "readall").orElseThrow();
        Entity a = entity("p", "a");
        Entity c = entity("p", "c");
        put(table, a);
        put(table, c);
        put(table, entity("q", "b"));
        List<Optional<StoredEntity>> read = store.readAll(table, "p", List.of("c", "b", "a"));
        assertThat(read).hasSize(3);
        assertThat(read.get(0).orElseThrow().timestamp()).isEqualTo(c.timestamp());
        assertThat(read.get(0).orElseThrow().entity()).isEqualTo(c);
        assertThat(read.get(1)).as("b is in another partition").isEmpty();
        assertThat(read.get(2).orElseThrow().entity()).isEqualTo(a);
        assertThat(store.readAll(table, "p", List.of())).isEmpty();
    }

    @Test
    void deletingATableRemovesItsEntitiesAndANewTableOfThatNameIsEmpty() {
        StoredTable first = store.createTable(ACCOUNT, "doomed").orElseThrow();
        for (int i = 0; i < 500; i++) {
            put(first, entity("p" + (i % 7), "r" + i));
        }
        assertThat(store.table(ACCOUNT, "Doomed")).contains(first);
        assertThat(store.deleteTable(ACCOUNT, "DOOMED")).isTrue();
        assertThat(store.deleteTable(ACCOUNT, "doomed")).isFalse();
        assertThat(store.table(ACCOUNT, "doomed")).isEmpty();
        StoredTable second = store.createTable(ACCOUNT, "doomed").orElseThrow();
        assertThat(second.id()).isNotEqualTo(first.id());
        assertThat(scanAll(second, KeyRange.all())).isEmpty();
        assertThat(store.get(second, "p0", "r0")).isEmpty();
        assertThat(store.table(ACCOUNT, "doomed")).contains(second);
    }

    @Test
    void whenDurableCompletesForEveryCommitThatReturned() throws Exception {
        StoredTable table = store.createTable(ACCOUNT, "durable").orElseThrow();
        ExecutorService writers = Executors.newFixedThreadPool(8);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int w = 0; w < 8; w++) {
                String pk = "w" + w;
                done.add(writers.submit(() -> {
                    for (int i = 0; i < 50; i++) {
                        Entity written = entity(pk, "r" + i);
                        assertThat(store.commit(table, pk, List.of(Mutation.put(written, Condition.NONE))))
                                .isEqualTo(CommitResult.APPLIED);
                        store.whenDurable().get(10, TimeUnit.SECONDS);
                    }
                    return null;
                }));
            }
            for (Future<?> writer : done) {
                writer.get(60, TimeUnit.SECONDS);
            }
        } finally {
            writers.shutdownNow();
        }
        assertThat(scanAll(table, KeyRange.all())).hasSize(400);
        assertThat(store.whenDurable()).succeedsWithin(java.time.Duration.ofSeconds(10));
    }

    @Test
    void everyPropertyTypeRoundTrips() {
        StoredTable table = store.createTable(ACCOUNT, "types").orElseThrow();
        Map<String, PropertyValue> properties = new LinkedHashMap<>();
        properties.put("S", PropertyValue.ofString("h\u00e9llo \uD83D\uDE00 \uD800 lone"));
        properties.put("I", PropertyValue.ofInt32(Integer.MIN_VALUE));
        properties.put("L", PropertyValue.ofInt64(Long.MAX_VALUE));
        properties.put("D", PropertyValue.ofDouble(Double.NaN));
        properties.put("Neg", PropertyValue.ofDouble(-0.0));
        properties.put("B", PropertyValue.ofBoolean(true));
        properties.put("T", PropertyValue.ofDateTime(Instant.parse("1601-01-01T00:00:00.0000001Z")));
        properties.put("G", PropertyValue.ofGuid(UUID.fromString("a455c695-df98-5678-aaaa-81d3367e5a34")));
        properties.put("Bin", PropertyValue.ofBinary(new byte[] {0, -1, 127, -128}));
        properties.put("Empty", PropertyValue.ofBinary(new byte[0]));
        Entity written = entity("p\u00e9", "", properties);
        put(table, written);
        Entity read = store.get(table, "p\u00e9", "").orElseThrow();
        assertThat(read).isEqualTo(written);
        assertThat(List.copyOf(read.properties().keySet())).isEqualTo(List.copyOf(properties.keySet()));
    }

    @Test
    void aFailedConditionAppliesNothingAndNamesTheFirstFailure() {
        StoredTable table = store.createTable(ACCOUNT, "atomic").orElseThrow();
        Entity existing = entity("p", "b");
        put(table, existing);
        List<Mutation> batch = List.of(
                Mutation.put(entity("p", "a"), Condition.MUST_NOT_EXIST),
                Mutation.put(entity("p", "b"), Condition.MUST_NOT_EXIST),
                Mutation.delete("c", Condition.MUST_EXIST));
        CommitResult result = store.commit(table, "p", batch);
        assertThat(result).isEqualTo(new CommitResult.ConditionFailed(1, existing));
        assertThat(store.get(table, "p", "a")).isEmpty();
        assertThat(store.get(table, "p", "b")).contains(existing);
    }

    /**
     * A transaction's conditions are checked against what is stored whether its keys lie close
     * together or spread over a partition of many entities, and never against a neighbouring
     * partition's entity of the same RowKey. (A store may read them differently in each case.)
     */
    @Test
    void conditionsHoldWhereverATransactionsKeysLie() {
        StoredTable table = store.createTable(ACCOUNT, "spread").orElseThrow();
        Map<String, Entity> stored = new LinkedHashMap<>();
        for (int i = 0; i < 1200; i += 2) { // every other RowKey: r0000, r0002, ... r1198
            Entity e = entity("p", row(i));
            put(table, e);
            stored.put(row(i), e);
        }
        put(table, entity("o", row(1)));
        put(table, entity("p0", row(1)));
        put(table, entity("p0", row(1201)));

        List<Mutation> together = new ArrayList<>();
        for (int i = 101; i < 141; i += 2) {
            together.add(Mutation.put(entity("p", row(i)), Condition.MUST_NOT_EXIST));
        }
        assertThat(store.commit(table, "p", together)).isEqualTo(CommitResult.APPLIED);

        List<Mutation> bounded = new ArrayList<>(); // the first and the last key are stored
        bounded.add(Mutation.put(entity("p", row(400)), new Condition.TimestampEquals(stored.get(row(400)).timestamp())));
        for (int i = 365; i < 400; i += 2) {
            bounded.add(Mutation.put(entity("p", row(i)), Condition.MUST_NOT_EXIST));
        }
        bounded.add(Mutation.delete(row(364), Condition.MUST_EXIST));
        assertThat(store.commit(table, "p", bounded)).isEqualTo(CommitResult.APPLIED);
        assertThat(store.get(table, "p", row(364))).isEmpty();

        List<Mutation> clash = new ArrayList<>();
        for (int i = 201; i < 241; i += 2) {
            clash.add(Mutation.put(entity("p", row(i)), Condition.MUST_NOT_EXIST));
        }
        clash.add(7, Mutation.put(entity("p", row(214)), Condition.MUST_NOT_EXIST));
        assertThat(store.commit(table, "p", clash)).isEqualTo(new CommitResult.ConditionFailed(7, stored.get(row(214))));
        assertThat(store.get(table, "p", row(201))).isEmpty();

        List<Mutation> spread = new ArrayList<>();
        for (int i = 0; i < 1200; i += 60) {
            spread.add(Mutation.put(entity("p", row(i)), new Condition.TimestampEquals(stored.get(row(i)).timestamp())));
        }
        spread.add(Mutation.delete(row(1199), Condition.MUST_EXIST));
        assertThat(store.commit(table, "p", spread)).isEqualTo(new CommitResult.ConditionFailed(20, null));
        spread.remove(20);
        spread.add(Mutation.put(entity("p", row(1)), Condition.MUST_NOT_EXIST));
        spread.add(Mutation.put(entity("p", row(1201)), Condition.MUST_NOT_EXIST));
        assertThat(store.commit(table, "p", spread)).isEqualTo(CommitResult.APPLIED);
        assertThat(store.get(table, "p", row(0)).orElseThrow().timestamp()).isAfter(stored.get(row(0)).timestamp());
        assertThat(store.get(table, "p", row(1201))).isPresent();

        List<Mutation> stale = new ArrayList<>();
        for (int i = 2; i < 1200; i += 60) {
            stale.add(Mutation.delete(row(i), Condition.MUST_EXIST));
        }
        stale.add(Mutation.delete(row(0), new Condition.TimestampEquals(stored.get(row(0)).timestamp())));
        assertThat(store.commit(table, "p", stale))
                .isEqualTo(new CommitResult.ConditionFailed(20, store.get(table, "p", row(0)).orElseThrow()));
        assertThat(store.get(table, "p", row(2))).isPresent();

        // Together again, past the partition's last entity (p0 holds r1201 too) and before its first.
        List<Mutation> pastTheEnd = new ArrayList<>();
        pastTheEnd.add(Mutation.delete(row(1201), Condition.MUST_EXIST));
        for (int i = 1203; i < 1243; i += 2) {
            pastTheEnd.add(Mutation.put(entity("p", row(i)), Condition.MUST_NOT_EXIST));
        }
        assertThat(store.commit(table, "p", pastTheEnd)).isEqualTo(CommitResult.APPLIED);
        assertThat(store.get(table, "p0", row(1201))).isPresent();
        List<Mutation> beforeTheStart = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            beforeTheStart.add(Mutation.put(entity("p", "a" + i), Condition.MUST_NOT_EXIST));
        }
        beforeTheStart.add(Mutation.put(entity("p", row(1)), Condition.MUST_NOT_EXIST));
        assertThat(store.commit(table, "p", beforeTheStart)).isEqualTo(new CommitResult.ConditionFailed(20,
                store.get(table, "p", row(1)).orElseThrow()));
        beforeTheStart.set(20, Mutation.delete(row(1), Condition.MUST_EXIST));
        assertThat(store.commit(table, "p", beforeTheStart)).isEqualTo(CommitResult.APPLIED);
        assertThat(store.get(table, "o", row(1))).isPresent();
    }

    private static String row(int i) {
        return String.format("r%04d", i);
    }

    @Test
    void conditionsCompareTheStoredTimestamp() {
        StoredTable table = store.createTable(ACCOUNT, "conditions").orElseThrow();
        Entity v1 = entity("p", "r");
        put(table, v1);
        Entity v2 = entity("p", "r");
        assertThat(store.commit(table, "p", List.of(Mutation.put(v2, new Condition.TimestampEquals(nextTimestamp())))))
                .isEqualTo(new CommitResult.ConditionFailed(0, v1));
        assertThat(store.commit(table, "p", List.of(Mutation.put(v2, new Condition.TimestampEquals(v1.timestamp())))))
                .isEqualTo(CommitResult.APPLIED);
        assertThat(store.get(table, "p", "r")).contains(v2);
        assertThat(store.commit(table, "p", List.of(Mutation.delete("r", new Condition.TimestampEquals(v2.timestamp())))))
                .isEqualTo(CommitResult.APPLIED);
        assertThat(store.commit(table, "p", List.of(Mutation.delete("r", Condition.MUST_EXIST))))
                .isEqualTo(new CommitResult.ConditionFailed(0, null));
    }

    @Test
    void scansReturnUtf16OrdinalOrder() {
        StoredTable table = store.createTable(ACCOUNT, "order").orElseThrow();
        // U+FF21 sorts after a surrogate pair in UTF-16 but before it in code-point (UTF-8) order.
        List<String> keys = List.of("", "A", "B", "a", "aa", "ab", "b", "\u00e9", "\uFF21", "\uD83D\uDE00", "z");
        for (String pk : keys) {
            for (String rk : keys) {
                put(table, entity(pk, rk));
            }
        }
        List<EntityKey> expected = new ArrayList<>();
        for (String pk : keys) {
            for (String rk : keys) {
                expected.add(new EntityKey(pk, rk));
            }
        }
        expected.sort(EntityKey.ORDER);
        assertThat(scanAll(table, KeyRange.all())).extracting(Entity::key).containsExactlyElementsOf(expected);
        assertThat(scanAll(table, KeyRange.partition("a"))).extracting(Entity::key)
                .containsExactlyElementsOf(expected.stream().filter(k -> k.partitionKey().equals("a")).toList());
        assertThat(scanAll(table, KeyRange.point("aa", "\uFF21"))).extracting(Entity::key)
                .containsExactly(new EntityKey("aa", "\uFF21"));
    }

    @Test
    void scansReadExactlyTheirRange() {
        StoredTable table = store.createTable(ACCOUNT, "ranges").orElseThrow();
        List<String> keys = List.of("", "a", "aa", "ab", "b", "B", "\u00e9", "\uFF21", "\uD83D\uDE00", "m");
        List<EntityKey> all = new ArrayList<>();
        for (String pk : keys) {
            for (String rk : keys) {
                put(table, entity(pk, rk));
                all.add(new EntityKey(pk, rk));
            }
        }
        all.sort(EntityKey.ORDER);
        Random random = new Random(20261121);
        for (int i = 0; i < 400; i++) {
            KeyRange range = new KeyRange(randomBound(random, keys), randomBound(random, keys));
            List<EntityKey> expected = all.stream().filter(range::contains).toList();
            assertThat(scanAll(table, range)).as("scan of %s", range).extracting(Entity::key)
                    .containsExactlyElementsOf(expected);
            EntityKey resume = all.get(random.nextInt(all.size()));
            KeyRange resumed = range.resumingAt(resume);
            assertThat(scanAll(table, resumed)).as("scan of %s resumed at %s", range, resume).extracting(Entity::key)
                    .containsExactlyElementsOf(expected.stream().filter(k -> k.compareTo(resume) >= 0).toList());
        }
    }

    private static KeyBound randomBound(Random random, List<String> keys) {
        String pk = keys.get(random.nextInt(keys.size()));
        return switch (random.nextInt(4)) {
            case 0 -> null;
            case 1 -> new KeyBound(pk, null, random.nextBoolean());
            default -> new KeyBound(pk, keys.get(random.nextInt(keys.size())), random.nextBoolean());
        };
    }

    /**
     * A scan's filter looks at entities through {@link EntityCursor#current()} and takes few of
     * them whole: lookups must answer for the entity the cursor is on, whichever of its parts were
     * asked for before, including keys and values larger than a cursor's first buffers.
     */
    @Test
    void aCursorAnswersLookupsForTheEntityItIsOn() {
        StoredTable table = store.createTable(ACCOUNT, "lookups").orElseThrow();
        Random random = new Random(20261122);
        List<Entity> written = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            String pk = "p" + (i / 20) + "\u00e9".repeat(i % 7 == 0 ? 400 : 1);
            String rk = String.format("r%03d", i) + "x".repeat(i % 5 == 0 ? 1000 : i % 3);
            Map<String, PropertyValue> properties = new LinkedHashMap<>();
            properties.put("Text", PropertyValue.ofString("t".repeat(i % 4 == 0 ? 40_000 : 10) + i));
            properties.put("Age", PropertyValue.ofInt32(random.nextInt(100)));
            if (i % 2 == 0) {
                properties.put("Even", PropertyValue.ofBoolean(true));
            }
            Entity entity = entity(pk, rk, properties);
            put(table, entity);
            written.add(entity);
        }
        written.sort((a, b) -> a.key().compareTo(b.key()));
        try (EntityCursor cursor = store.scan(table, KeyRange.all())) {
            for (Entity expected : written) {
                assertThat(cursor.advance()).isTrue();
                var current = cursor.current();
                // Ask in a different order each time, and for the keys only sometimes.
                assertThat(current.property("Age")).isEqualTo(expected.properties().get("Age"));
                assertThat(current.property("Even")).isEqualTo(expected.properties().get("Even"));
                assertThat(current.property("Missing")).isNull();
                if (random.nextBoolean()) {
                    assertThat(current.property("RowKey")).isEqualTo(PropertyValue.ofString(expected.rowKey()));
                    assertThat(current.property("PartitionKey"))
                            .isEqualTo(PropertyValue.ofString(expected.partitionKey()));
                }
                assertThat(current.property("Timestamp")).isEqualTo(PropertyValue.ofDateTime(expected.timestamp()));
                if (random.nextBoolean()) {
                    assertThat(cursor.entity()).isEqualTo(expected);
                    assertThat(current.property("RowKey")).isEqualTo(PropertyValue.ofString(expected.rowKey()));
                }
            }
            assertThat(cursor.advance()).isFalse();
        }
    }

    /**
     * A query's page is written from the cursor's view of each entity: it must hand over the keys,
     * Timestamp (from which the ETag comes) and every property in order, text of every kind included, whether or not
     * the entity was taken whole before.
     */
    @Test
    void aCursorsViewHandsOverTheEntityItIsOn() {
        StoredTable table = store.createTable(ACCOUNT, "views").orElseThrow();
        List<String> texts = List.of("", "plain ascii", "\"quoted\" \\ and\ncontrol\u0001", "caf\u00e9 \u4e2d\u6587",
                "\ud55c\uad6d\uc5b4 (U+D000..U+D7FF start with 0xED too)", "emoji \ud83d\ude00 paired",
                "unpaired \ud800 high", "unpaired \udfff low", "x".repeat(5_000) + "\u00e9");
        List<Entity> written = new ArrayList<>();
        for (int i = 0; i < texts.size(); i++) {
            Map<String, PropertyValue> properties = new LinkedHashMap<>();
            properties.put("Text", PropertyValue.ofString(texts.get(i)));
            properties.put("N", PropertyValue.ofInt32(i));
            properties.put("Big", PropertyValue.ofInt64(-i * 10_000_000_000L));
            properties.put("D", PropertyValue.ofDouble(i / 3.0));
            properties.put("When", PropertyValue.ofDateTime(Instant.parse("2026-11-22T10:00:00.1234567Z")));
            properties.put("Id", PropertyValue.ofGuid(new UUID(i, -i)));
            properties.put("Bytes", PropertyValue.ofBinary(new byte[] {(byte) i, -1, 0}));
            properties.put("B", PropertyValue.ofBoolean(i % 2 == 0));
            properties.put("\u00c4\u00df" + i, PropertyValue.ofString(texts.get(texts.size() - 1 - i)));
            Entity entity = entity("p" + texts.get(i).length(), "r" + i, properties);
            put(table, entity);
            written.add(entity);
        }
        written.sort((a, b) -> a.key().compareTo(b.key()));
        try (EntityCursor cursor = store.scan(table, KeyRange.all())) {
            for (Entity expected : written) {
                assertThat(cursor.advance()).isTrue();
                if (expected.rowKey().equals("r3")) {
                    assertThat(cursor.entity()).isEqualTo(expected); // taken whole first: the view still answers
                }
                EntityView view = cursor.view();
                assertThat(view.partitionKey()).isEqualTo(expected.partitionKey());
                assertThat(view.rowKey()).isEqualTo(expected.rowKey());
                assertThat(view.key()).isEqualTo(expected.key());
                assertThat(view.timestamp()).isEqualTo(expected.timestamp());
                HandedOverProperties handedOver = new HandedOverProperties();
                view.forEachProperty(handedOver);
                assertThat(handedOver.properties()).containsExactlyElementsOf(expected.properties().entrySet());
                assertThat(view.toEntity()).isEqualTo(expected);
            }
            assertThat(cursor.advance()).isFalse();
        }
    }

    @Test
    void scansAreLimitedToTheirTable() {
        StoredTable one = store.createTable(ACCOUNT, "one").orElseThrow();
        StoredTable two = store.createTable(ACCOUNT, "two").orElseThrow();
        put(one, entity("p", "1"));
        put(two, entity("p", "2"));
        assertThat(scanAll(one, KeyRange.all())).extracting(Entity::rowKey).containsExactly("1");
        assertThat(scanAll(two, KeyRange.all())).extracting(Entity::rowKey).containsExactly("2");
    }

    @Test
    void servicePropertiesAreKeptPerAccountAndService() {
        assertThat(ServiceDocuments.get(database.records(), ACCOUNT, "table")).isEmpty();
        assertThat(ServiceDocuments.put(database.records(), ACCOUNT, "table", OptionalLong.empty(), new byte[] {1, 2})).isPresent();
        assertThat(ServiceDocuments.put(database.records(), "other", "table", OptionalLong.empty(), new byte[] {3})).isPresent();
        StoredValue first = ServiceDocuments.get(database.records(), ACCOUNT, "table").orElseThrow();
        assertThat(first.payload()).containsExactly(1, 2);
        assertThat(ServiceDocuments.get(database.records(), ACCOUNT, "queue")).isEmpty();
        assertThat(ServiceDocuments.put(database.records(), ACCOUNT, "table", OptionalLong.of(first.version()), new byte[] {4})).isPresent();
        StoredValue second = ServiceDocuments.get(database.records(), ACCOUNT, "table").orElseThrow();
        assertThat(second.payload()).containsExactly(4);
        assertThat(second.version()).isGreaterThan(first.version());
        assertThat(ServiceDocuments.get(database.records(), "other", "table")).hasValueSatisfying(v -> assertThat(v.payload()).containsExactly(3));
    }

    /** Two servers sharing a store: a change based on a version another has replaced is refused, not lost. */
    @Test
    void servicePropertiesChangeOnlyOnTheVersionRead() {
        assertThat(ServiceDocuments.put(database.records(), ACCOUNT, "table", OptionalLong.empty(), new byte[] {1})).isPresent();
        long read = ServiceDocuments.get(database.records(), ACCOUNT, "table").orElseThrow().version();
        assertThat(ServiceDocuments.put(database.records(), ACCOUNT, "table", OptionalLong.empty(), new byte[] {2})).isEmpty();
        assertThat(ServiceDocuments.put(database.records(), ACCOUNT, "table", OptionalLong.of(read), new byte[] {3})).isPresent();
        assertThat(ServiceDocuments.put(database.records(), ACCOUNT, "table", OptionalLong.of(read), new byte[] {4})).isEmpty();
        assertThat(ServiceDocuments.get(database.records(), ACCOUNT, "table").orElseThrow().payload()).containsExactly(3);
    }

    @Test
    void anAclIsKeptWithItsTableAndGoesWithIt() {
        StoredTable table = store.createTable(ACCOUNT, "guarded").orElseThrow();
        assertThat(store.acl(table)).isEmpty();
        assertThat(store.setAcl(table, new byte[] {9, 8})).isTrue();
        assertThat(store.acl(table)).containsExactly(9, 8);
        assertThat(store.acl(store.table(ACCOUNT, "GUARDED").orElseThrow())).containsExactly(9, 8);
        assertThat(store.deleteTable(ACCOUNT, "guarded")).isTrue();
        assertThat(store.setAcl(table, new byte[] {7})).as("an ACL for a table that is gone").isFalse();
        StoredTable again = store.createTable(ACCOUNT, "guarded").orElseThrow();
        assertThat(store.acl(again)).as("the ACL of a new table of an old name").isEmpty();
        assertThat(store.setAcl(table, new byte[] {7})).as("an ACL for the old table of that name").isFalse();
        assertThat(store.acl(again)).isEmpty();
    }
}
