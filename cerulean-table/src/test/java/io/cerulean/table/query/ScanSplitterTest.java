package io.cerulean.table.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cerulean.table.model.Entity;
import io.cerulean.table.model.EntityKey;
import io.cerulean.table.model.EntityView;
import io.cerulean.table.model.PropertyValue;
import io.cerulean.table.query.filter.FilterParser;
import io.cerulean.table.layout.EntityCursor;
import io.cerulean.table.layout.EntityReader;
import io.cerulean.table.layout.KeyRange;
import io.cerulean.table.layout.ScanSnapshot;
import io.cerulean.table.layout.StoredTable;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Long filtered scans read in two halves, the second on a helper thread: pages hold the same
 * entities, in the same order, as when one thread reads them, and their continuations lead to the
 * same rest. The store here splits a range at its median key.
 */
class ScanSplitterTest {
    private static final StoredTable TABLE = new StoredTable("account", "table", 1);
    private static final String HELPER = "scan-helper";
    private static final ExecutorService helper = Executors.newSingleThreadExecutor(task -> {
        Thread thread = new Thread(task, HELPER);
        thread.setDaemon(true);
        return thread;
    });

    /** {@code count} entities in {@code partitions} partitions; entity i has Age {@code age(i)}. */
    private static SortedStore store(int count, int partitions, java.util.function.IntUnaryOperator age) {
        SortedStore store = new SortedStore();
        int perPartition = (count + partitions - 1) / partitions;
        for (int i = 0; i < count; i++) {
            String pk = String.format("p%03d", i / perPartition);
            String rk = String.format("r%06d", i);
            store.rows.put(new EntityKey(pk, rk), Entity.unstamped(pk, rk, Map.of("Age", PropertyValue.ofInt32(age.applyAsInt(i))))
                    .withTimestamp(Instant.EPOCH));
        }
        return store;
    }

    private static EntityQueries service(EntityReader store, boolean split) {
        return new EntityQueries(store, Duration.ofSeconds(30), split ? helper : null);
    }

    /** Every page of the query, following continuations, each as the keys it returned. */
    private static List<List<EntityKey>> pages(EntityQueries service, String filter, int top, int sinkCapacity) {
        List<List<EntityKey>> pages = new ArrayList<>();
        Optional<EntityKey> from = Optional.empty();
        do {
            List<EntityKey> page = new ArrayList<>();
            PageEnd end = service.read(TABLE, new EntityQuery(Optional.of(FilterParser.parse(filter)), top, from),
                    new CappedSink(page, sinkCapacity));
            assertThat(page).hasSizeLessThanOrEqualTo(top);
            assertThat(end.entitiesReturned()).isEqualTo(page.size());
            pages.add(page);
            from = end.next();
        } while (from.isPresent());
        return pages;
    }

    private static List<EntityKey> matching(SortedStore store, Predicate<Entity> filter) {
        return store.rows.values().stream().filter(filter).map(Entity::key).toList();
    }

    private static int ageOf(Entity entity) {
        return entity.property("Age").asInt32();
    }

    @Test
    void aLoneLongScanSplitsAndItsPageHoldsWhatOneThreadFinds() {
        SortedStore store = store(20_000, 10, i -> i % 100);
        List<List<EntityKey>> split = pages(service(store, true), "Age eq 42", 1000, Integer.MAX_VALUE);
        assertThat(store.secondHalves.get()).isEqualTo(1);
        assertThat(split).isEqualTo(pages(service(store, false), "Age eq 42", 1000, Integer.MAX_VALUE));
        assertThat(split).hasSize(1);
        assertThat(split.get(0)).isEqualTo(matching(store, e -> ageOf(e) == 42)).hasSize(200);
    }

    /**
     * A scan that tests most entities in filter columns reads few records, which a second thread
     * would barely share: it stays on one thread until it reads records, and then splits.
     */
    @Test
    void aScanSplitsOnlyOnceItReadsMostlyRecordsRatherThanColumns() {
        SortedStore store = store(20_000, 10, i -> i % 100);
        store.inColumns = pk -> true;
        List<List<EntityKey>> inColumns = pages(service(store, true), "Age eq 42", 1000, Integer.MAX_VALUE);
        assertThat(store.secondHalves.get()).isZero();
        assertThat(inColumns.get(0)).isEqualTo(matching(store, e -> ageOf(e) == 42));

        store.inColumns = pk -> pk.compareTo("p004") <= 0; // the first 10,000 entities
        List<List<EntityKey>> partly = pages(service(store, true), "Age eq 42", 1000, Integer.MAX_VALUE);
        assertThat(store.secondHalves.get()).isEqualTo(1);
        assertThat(partly).isEqualTo(inColumns);
    }

    @Test
    void entitiesReadCountsBothHalves() {
        SortedStore store = store(20_000, 10, i -> i % 100);
        PageEnd end = service(store, true).read(TABLE,
                new EntityQuery(Optional.of(FilterParser.parse("Age eq 42")), 1000, Optional.empty()),
                new CappedSink(new ArrayList<>(), Integer.MAX_VALUE));
        assertThat(store.secondHalves.get()).isEqualTo(1);
        assertThat(end.entitiesRead()).isEqualTo(20_000L);
        assertThat(end.next()).isEmpty();
    }

    @Test
    void aPageThatFillsInTheSecondHalfContinuesWhereItsEntitiesEnd() {
        // Few matches in the first half, then every entity matches.
        SortedStore store = store(20_000, 4, i -> i < 12_000 ? (i % 500 == 0 ? 1 : 0) : 1);
        List<List<EntityKey>> split = pages(service(store, true), "Age eq 1", 300, Integer.MAX_VALUE);
        assertThat(store.secondHalves.get()).isPositive();
        assertThat(split.get(0)).hasSize(300);
        assertThat(split.stream().flatMap(List::stream).toList()).isEqualTo(matching(store, e -> ageOf(e) == 1));
    }

    @Test
    void aSinkThatFillsInTheSecondHalfContinuesAtItsNextEntity() {
        // About 240 matches before the middle, 400 in all: the sink fills with the helper's.
        SortedStore store = store(20_000, 10, i -> i % 50);
        List<List<EntityKey>> split = pages(service(store, true), "Age eq 7", 1000, 300);
        assertThat(store.secondHalves.get()).isPositive();
        assertThat(split.get(0)).hasSize(300);
        assertThat(split.stream().flatMap(List::stream).toList()).isEqualTo(matching(store, e -> ageOf(e) == 7));
    }

    @Test
    void aPageThatEndsInTheFirstHalfStopsTheHelper() {
        // Nothing matches in the second half, which the helper would read to its end.
        SortedStore store = store(40_000, 10, i -> i >= 6_000 && i < 20_000 ? 1 : 0);
        store.slowSecondHalf = true; // 18,000 entities would take it 180 ms
        List<EntityKey> first = new ArrayList<>();
        service(store, true).read(TABLE, new EntityQuery(Optional.of(FilterParser.parse("Age eq 1")), 1000,
                Optional.empty()), new CappedSink(first, Integer.MAX_VALUE));
        assertThat(store.secondHalves.get()).isEqualTo(1);
        assertThat(first).isEqualTo(matching(store, e -> ageOf(e) == 1).subList(0, 1000));
        // Cancelled within a few hundred entities of the first half's end, not left to read 17,000.
        assertThat(store.secondHalfReads.get()).isLessThan(5_000);
    }

    @Test
    void whatASlowHelperHasNotReachedIsReadByTheRequestsThread() {
        SortedStore store = store(40_000, 10, i -> i % 100);
        store.slowSecondHalf = true; // its 18,000 entities would take it 180 ms
        List<List<EntityKey>> split = pages(service(store, true), "Age eq 42", 1000, Integer.MAX_VALUE);
        assertThat(store.secondHalves.get()).isEqualTo(1);
        assertThat(split).hasSize(1);
        assertThat(split.get(0)).isEqualTo(matching(store, e -> ageOf(e) == 42)).hasSize(400);
        assertThat(store.secondHalfReads.get()).isLessThan(10_000);
    }

    @Test
    void aSinkFullOnTheFirstHalfsLastEntityContinuesInTheSecondHalf() {
        // The rest is [4096, 20000), its middle 12048: the first half ends at 12047.
        SortedStore store = store(20_000, 1, i -> i == 12_047 || i == 15_000 ? 1 : 0);
        List<List<EntityKey>> split = pages(service(store, true), "Age eq 1", 1000, 1);
        assertThat(store.secondHalves.get()).isPositive();
        assertThat(split.stream().flatMap(List::stream).toList()).isEqualTo(matching(store, e -> ageOf(e) == 1));
    }

    @Test
    void aBudgetSpentOnTheFirstHalfsLastEntityContinuesInTheSecondHalf() {
        // The rest is [4096, 20480), its middle 12288: the first half ends at 12287, the page's
        // 12,288th entity, where it looks at the clock.
        SortedStore store = store(20_480, 1, i -> i == 100 || i == 15_000 ? 1 : 0);
        store.sleepAfter = new EntityKey("p000", "r012287");
        EntityQueries service = new EntityQueries(store, Duration.ofSeconds(1), helper);
        List<EntityKey> all = new ArrayList<>();
        Optional<EntityKey> from = Optional.empty();
        do {
            List<EntityKey> page = new ArrayList<>();
            PageEnd end = service.read(TABLE, new EntityQuery(Optional.of(FilterParser.parse("Age eq 1")), 1000,
                    from), new CappedSink(page, Integer.MAX_VALUE));
            all.addAll(page);
            from = end.next();
        } while (from.isPresent());
        assertThat(store.secondHalves.get()).isPositive();
        assertThat(all).isEqualTo(matching(store, e -> ageOf(e) == 1));
    }

    @Test
    void theHelperIsFreeAgainAfterEachScanAndAfterAFailureToSplit() {
        SortedStore store = store(20_000, 10, i -> i % 100);
        EntityQueries service = service(store, true);
        pages(service, "Age eq 42", 1000, Integer.MAX_VALUE);
        pages(service, "Age eq 43", 1000, Integer.MAX_VALUE);
        assertThat(store.secondHalves.get()).isEqualTo(2);
        store.failMiddle = true;
        assertThatThrownBy(() -> pages(service, "Age eq 42", 1000, Integer.MAX_VALUE)).hasMessage("a read error");
        pages(service, "Age eq 44", 1000, Integer.MAX_VALUE);
        assertThat(store.secondHalves.get()).isEqualTo(3);
    }

    @Test
    void aHelperThatNoLongerTakesWorkLeavesTheScanToTheRequestsThread() {
        ExecutorService closed = Executors.newSingleThreadExecutor();
        closed.shutdown();
        SortedStore store = store(20_000, 10, i -> i % 100);
        EntityQueries service = new EntityQueries(store, Duration.ofSeconds(30), closed);
        assertThat(pages(service, "Age eq 42", 1000, Integer.MAX_VALUE).get(0))
                .isEqualTo(matching(store, e -> ageOf(e) == 42));
    }

    @Test
    void aFailureInTheSecondHalfFailsTheQuery() {
        SortedStore store = store(20_000, 10, i -> i % 100);
        store.failSecondHalf = true;
        assertThatThrownBy(() -> pages(service(store, true), "Age eq 42", 1000, Integer.MAX_VALUE))
                .isInstanceOf(IllegalStateException.class).hasMessage("the disk is on fire");
        store.failSecondHalf = false;
        assertThat(pages(service(store, true), "Age eq 42", 1000, Integer.MAX_VALUE).get(0)).hasSize(200);
    }

    /** The query held is filtered (a scan that could split itself) or not (a page of keys that could not). */
    @ParameterizedTest
    @CsvSource({"Age eq 42, 1000", "RowKey ge 'r', 500"})
    void aScanDoesNotSplitWhileAnotherQueryRuns(String heldFilter, int holdAt) throws Exception {
        SortedStore store = store(20_000, 10, i -> i % 100);
        EntityQueries service = service(store, true);
        store.holdFirstScanAt = holdAt;
        CompletableFuture<List<EntityKey>> held = CompletableFuture.supplyAsync(
                () -> pages(service, heldFilter, 1000, Integer.MAX_VALUE).get(0));
        assertThat(store.held.await(10, TimeUnit.SECONDS)).isTrue();
        int snapshots = store.snapshots.get();
        List<List<EntityKey>> alone = pages(service, "Age eq 41", 1000, Integer.MAX_VALUE);
        assertThat(store.secondHalves.get()).isZero();
        assertThat(store.snapshots.get()).as("snapshots taken beside the held query").isEqualTo(snapshots);
        store.release.countDown();
        assertThat(held.get(10, TimeUnit.SECONDS)).isNotEmpty();
        assertThat(alone.get(0)).isEqualTo(matching(store, e -> ageOf(e) == 41));
    }

    @Property(tries = 60)
    void splitAndUnsplitScansReturnTheSameEntitiesInOrder(@ForAll @IntRange(min = 3_000, max = 14_000) int count,
                                                          @ForAll @IntRange(min = 1, max = 12) int partitions,
                                                          @ForAll @IntRange(min = 2, max = 400) int ages,
                                                          @ForAll @IntRange(min = 1, max = 1000) int top,
                                                          @ForAll @IntRange(min = 1, max = 2000) int sinkCapacity) {
        SortedStore store = store(count, partitions, i -> (int) ((i * 2_654_435_761L) % ages));
        List<List<EntityKey>> split = pages(service(store, true), "Age eq 1", top, sinkCapacity);
        List<List<EntityKey>> unsplit = pages(service(store, false), "Age eq 1", top, sinkCapacity);
        List<EntityKey> expected = matching(store, e -> ageOf(e) == 1);
        assertThat(split.stream().flatMap(List::stream).toList()).isEqualTo(expected);
        assertThat(unsplit.stream().flatMap(List::stream).toList()).isEqualTo(expected);
        // Both fill their first page alike: as many of the matches as $top and the sink allow.
        assertThat(split.get(0)).isEqualTo(unsplit.get(0));
    }

    /** Keeps the keys it is given, and is full after {@code capacity} of them. */
    private record CappedSink(List<EntityKey> keys, int capacity) implements PageSink {
        @Override
        public void add(EntityView entity) {
            keys.add(entity.key());
        }

        @Override
        public boolean full() {
            return keys.size() >= capacity;
        }
    }

    /**
     * One table's entities in a sorted map, read without writes, split at a range's median key:
     * enough of a store for queries.
     */
    private static final class SortedStore implements EntityReader {
        final TreeMap<EntityKey, Entity> rows = new TreeMap<>();
        final AtomicInteger secondHalves = new AtomicInteger();
        final AtomicInteger snapshots = new AtomicInteger();
        final AtomicInteger secondHalfReads = new AtomicInteger();
        volatile boolean failSecondHalf;
        volatile boolean slowSecondHalf;
        volatile boolean failMiddle;
        volatile EntityKey sleepAfter;
        /** Partitions whose entities the cursors test as a filter column would: moved onto, but no record read. */
        volatile Predicate<String> inColumns = pk -> false;
        volatile int holdFirstScanAt = -1;
        final CountDownLatch held = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);

        private List<Entity> in(KeyRange range) {
            return rows.values().stream().filter(e -> range.contains(e.key())).toList();
        }

        @Override
        public EntityCursor scan(StoredTable table, KeyRange range, Optional<String> filterProperty) {
            return scan(table, range);
        }

        EntityCursor scan(StoredTable table, KeyRange range) {
            List<Entity> entities = in(range);
            boolean second = Thread.currentThread().getName().equals(HELPER);
            if (second) {
                secondHalves.incrementAndGet();
            }
            int holdAt = holdFirstScanAt;
            holdFirstScanAt = -1;
            Predicate<String> columns = inColumns;
            return new EntityCursor() {
                private int next;
                private int records;
                private Entity current;

                @Override
                public long entitiesRead() {
                    return next; // the entities moved onto, each once
                }

                @Override
                public long recordsRead() {
                    return records;
                }

                @Override
                public boolean advance() {
                    if (second) {
                        secondHalfReads.incrementAndGet();
                        if (failSecondHalf) {
                            throw new IllegalStateException("the disk is on fire");
                        }
                        if (slowSecondHalf && next % 100 == 0) {
                            pause();
                        }
                    }
                    if (next == holdAt) {
                        held.countDown();
                        try {
                            release.await();
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    }
                    current = next < entities.size() ? entities.get(next++) : null;
                    if (current != null && !columns.test(current.partitionKey())) {
                        records++;
                    }
                    if (!second && current != null && current.key().equals(sleepAfter)) {
                        try {
                            Thread.sleep(1_500);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    }
                    return current != null;
                }

                @Override
                public Entity current() {
                    return current;
                }

                @Override
                public Entity entity() {
                    return current;
                }

                @Override
                public void close() {
                }
            };
        }

        private static void pause() {
            try {
                Thread.sleep(1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        @Override
        public Optional<ScanSnapshot> snapshot(StoredTable table, Optional<String> filterProperty) {
            snapshots.incrementAndGet();
            return Optional.of(new ScanSnapshot() {
                @Override
                public EntityCursor scan(KeyRange range) {
                    return SortedStore.this.scan(table, range);
                }

                @Override
                public Optional<EntityKey> middle(KeyRange range) {
                    if (failMiddle) {
                        failMiddle = false;
                        throw new IllegalStateException("a read error");
                    }
                    List<Entity> entities = in(range);
                    return entities.size() < 2 ? Optional.empty() : Optional.of(entities.get(entities.size() / 2).key());
                }

                @Override
                public void close() {
                }
            });
        }

        @Override
        public Optional<Entity> get(StoredTable table, String partitionKey, String rowKey) {
            return Optional.ofNullable(rows.get(new EntityKey(partitionKey, rowKey)));
        }

    }
}
