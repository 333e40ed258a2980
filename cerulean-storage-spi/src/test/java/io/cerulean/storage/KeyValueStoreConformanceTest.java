package io.cerulean.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The contract of {@link KeyValueStore}, run against every store: each store's test extends this
 * class and says how to make a fresh one, and which optional behaviours it has. Order (unsigned
 * bytes, across partitions), ranges, atomic conditional commits, disjoint spaces, drop, snapshots,
 * durability hooks and what a closed store answers.
 */
public abstract class KeyValueStoreConformanceTest {
    /** An instanced space, as a table's entities are. */
    protected static final Space TABLE_ONE = KeySpaces.TABLE_ENTITIES.instance(1);
    protected static final Space TABLE_TWO = KeySpaces.TABLE_ENTITIES.instance(2);
    protected static final Space STATE = KeySpaces.SERVER_STATE.single();

    protected KeyValueStore store;

    /** A new, empty store. */
    protected abstract KeyValueStore newStore();

    /** The same store closed and opened again, for stores that keep their data; null for those that do not. */
    protected KeyValueStore reopen(KeyValueStore closed) {
        return null;
    }

    /** Whether the store offers shared snapshots ({@link KeyValueStore#snapshot}). */
    protected boolean hasSnapshots() {
        return true;
    }

    @BeforeEach
    void open() {
        store = newStore();
    }

    @AfterEach
    void closeStore() {
        if (store != null) {
            store.close();
        }
    }

    protected static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    protected static StoredValue value(long version, String payload) {
        return StoredValue.of(version, bytes(payload));
    }

    protected void put(Space space, String partition, String row, long version, String payload) {
        assertThat(store.commit(space, bytes(partition), List.of(
                RecordMutation.put(bytes(row), value(version, payload), Precondition.NONE))))
                .isEqualTo(CommitOutcome.APPLIED);
    }

    /** Partition, row and payload of each record in range, as "p|r=payload@version". */
    protected List<String> scan(Space space, RecordRange range) {
        List<String> found = new ArrayList<>();
        try (RecordCursor cursor = store.scan(space, range)) {
            while (cursor.advance()) {
                found.add(describe(cursor));
            }
        }
        return found;
    }

    private static String describe(RecordCursor cursor) {
        return text(cursor.partition()) + "|" + text(cursor.row()) + "=" + text(cursor.payload()) + "@"
                + cursor.version();
    }

    private static String text(ByteView view) {
        return new String(view.array(), view.offset(), view.length(), StandardCharsets.ISO_8859_1);
    }

    private Optional<String> get(Space space, String partition, String row) {
        return store.get(space, bytes(partition), bytes(row))
                .map(v -> new String(v.payload(), StandardCharsets.ISO_8859_1) + "@" + v.version());
    }

    @Test
    void aRecordPutIsReadBackWithItsVersion() {
        assertThat(get(TABLE_ONE, "p", "r")).isEmpty();
        put(TABLE_ONE, "p", "r", 42, "hello");
        assertThat(get(TABLE_ONE, "p", "r")).contains("hello@42");
        put(TABLE_ONE, "p", "r", 43, "");
        assertThat(get(TABLE_ONE, "p", "r")).contains("@43");
        assertThat(get(TABLE_ONE, "p", "r2")).isEmpty();
        assertThat(get(TABLE_ONE, "p2", "r")).isEmpty();
    }

    /** Reads answered later agree with reads answered at once, several in flight together. */
    @Test
    void aReadAnsweredLaterSeesWhatAReadNowSees() {
        put(TABLE_ONE, "p", "r", 42, "hello");
        put(TABLE_TWO, "p", "r", 7, "other");
        List<CompletableFuture<Optional<StoredValue>>> reads = List.of(
                store.getAsync(TABLE_ONE, bytes("p"), bytes("r")),
                store.getAsync(TABLE_TWO, bytes("p"), bytes("r")),
                store.getAsync(TABLE_ONE, bytes("p"), bytes("missing")));
        List<Optional<String>> answers = reads.stream().map(read -> read.orTimeout(30, TimeUnit.SECONDS).join()
                .map(v -> new String(v.payload(), StandardCharsets.ISO_8859_1) + "@" + v.version())).toList();
        assertThat(answers).containsExactly(Optional.of("hello@42"), Optional.of("other@7"), Optional.empty());
        store.drop(TABLE_ONE);
        assertThat(store.getAsync(TABLE_ONE, bytes("p"), bytes("r")).orTimeout(30, TimeUnit.SECONDS).join()).isEmpty();
    }

    @Test
    void manyReadsAtOnceAnswerEachInTheOrderAsked() {
        for (int i = 0; i < 300; i++) {
            put(TABLE_ONE, "p" + i, "r", i + 1, "v" + i);
        }
        put(TABLE_TWO, "p5", "r", 9, "other space");
        List<RecordKey> keys = new ArrayList<>();
        List<Optional<String>> expected = new ArrayList<>();
        for (int i = 299; i >= 0; i -= 3) { // not in key order, and some absent
            keys.add(new RecordKey(bytes("p" + i), bytes(i % 2 == 0 ? "r" : "s")));
            expected.add(i % 2 == 0 ? Optional.of("v" + i + "@" + (i + 1)) : Optional.empty());
        }
        keys.add(new RecordKey(bytes("p3"), bytes("r")));
        expected.add(Optional.of("v3@4"));

        List<Optional<String>> answers = store.getAll(TABLE_ONE, keys).stream()
                .map(read -> read.map(v -> new String(v.payload(), StandardCharsets.ISO_8859_1) + "@" + v.version()))
                .toList();

        assertThat(answers).containsExactlyElementsOf(expected);
        assertThat(store.getAll(TABLE_TWO, List.of())).isEmpty();
        store.drop(TABLE_ONE);
        assertThat(store.getAll(TABLE_ONE, keys)).hasSize(keys.size()).allMatch(Optional::isEmpty);
    }

    /** Unsigned bytes: 0x7F before 0x80 before 0xFF; a partition before a longer one it prefixes. */
    @Test
    void recordsComeInUnsignedByteOrderOfPartitionThenRow() {
        String[] partitions = {"\u00ff", "a", "a\u0001", "ab", "\u0080", "\u007f", "b"};
        String[] rows = {"", "\u00ff", "x", "\u0000", "\u0080", "x\u0000"};
        for (String p : partitions) {
            for (String r : rows) {
                put(TABLE_ONE, p, r, 1, p + r);
            }
        }
        List<String> expected = new ArrayList<>();
        for (String p : List.of("a", "a\u0001", "ab", "b", "\u007f", "\u0080", "\u00ff")) {
            for (String r : List.of("", "\u0000", "x", "x\u0000", "\u0080", "\u00ff")) {
                expected.add(p + "|" + r + "=" + p + r + "@1");
            }
        }
        assertThat(scan(TABLE_ONE, RecordRange.all())).containsExactlyElementsOf(expected);
    }

    @Test
    void aPartitionKeyWithAZeroByteIsRefused() {
        assertThatThrownBy(() -> store.commit(TABLE_ONE, bytes("a\u0000b"),
                List.of(RecordMutation.put(bytes("r"), value(1, "x"), Precondition.NONE))))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(scan(TABLE_ONE, RecordRange.all())).isEmpty();
    }

    /** Four partitions of four rows each, one a prefix of another, in TABLE_ONE; each record as {@link #scan} describes it. */
    private TreeMap<RecordKey, String> putSixteen() {
        TreeMap<RecordKey, String> all = new TreeMap<>();
        for (String p : new String[] {"a", "ab", "b", "\u0090"}) {
            for (String r : new String[] {"", "1", "2", "3"}) {
                put(TABLE_ONE, p, r, 7, p + r);
                all.put(new RecordKey(bytes(p), bytes(r)), p + "|" + r + "=" + p + r + "@7");
            }
        }
        return all;
    }

    /** Every kind of bound, against {@link RecordRange#contains}: what a scan returns is exactly what lies in its range. */
    @Test
    void aScanReadsExactlyItsRange() {
        TreeMap<RecordKey, String> all = putSixteen();
        List<RecordBound> bounds = new ArrayList<>();
        bounds.add(null);
        for (String p : new String[] {"", "a", "aa", "ab", "b", "c", "\u0090", "\u00ff"}) {
            bounds.add(RecordBound.partitionIncluded(bytes(p)));
            bounds.add(RecordBound.partitionExcluded(bytes(p)));
            for (String r : new String[] {"", "0", "1", "2", "3", "4"}) {
                bounds.add(RecordBound.inclusive(bytes(p), bytes(r)));
                bounds.add(RecordBound.exclusive(bytes(p), bytes(r)));
            }
        }
        Random random = new Random(19);
        for (int i = 0; i < 600; i++) {
            RecordRange range = new RecordRange(bounds.get(random.nextInt(bounds.size())),
                    bounds.get(random.nextInt(bounds.size())));
            List<String> expected = all.entrySet().stream().filter(e -> range.contains(e.getKey()))
                    .map(java.util.Map.Entry::getValue).toList();
            assertThat(scan(TABLE_ONE, range)).as("%s", describe(range)).containsExactlyElementsOf(expected);
        }
        assertThat(scan(TABLE_ONE, RecordRange.partition(bytes("a"))))
                .containsExactly("a|=a@7", "a|1=a1@7", "a|2=a2@7", "a|3=a3@7");
    }

    /**
     * Seeks and steps mixed at random within random ranges, against the same walk over a sorted map:
     * a seek lands on the first record of the range at or after its target, never moves back, and
     * past the range's end leaves the cursor exhausted.
     */
    @Test
    void aSeekLandsOnTheFirstRecordAtOrAfterItsTargetAndNeverMovesBack() {
        TreeMap<RecordKey, String> all = putSixteen();
        put(TABLE_TWO, "a", "0", 1, "other");
        List<RecordBound> bounds = new ArrayList<>();
        for (String p : new String[] {"", "a", "aa", "ab", "b", "c", "\u0090", "\u00ff"}) {
            bounds.add(RecordBound.partitionIncluded(bytes(p)));
            bounds.add(RecordBound.partitionExcluded(bytes(p)));
            for (String r : new String[] {"", "1", "2", "4"}) {
                bounds.add(RecordBound.inclusive(bytes(p), bytes(r)));
                bounds.add(RecordBound.exclusive(bytes(p), bytes(r)));
            }
        }
        Random random = new Random(23);
        for (int i = 0; i < 400; i++) {
            RecordRange range = random.nextInt(4) == 0 ? RecordRange.all()
                    : new RecordRange(bounds.get(random.nextInt(bounds.size())), bounds.get(random.nextInt(bounds.size())));
            List<RecordKey> inRange = all.keySet().stream().filter(range::contains).toList();
            List<String> walk = new ArrayList<>();
            List<String> expected = new ArrayList<>();
            try (RecordCursor cursor = store.scan(TABLE_ONE, range)) {
                boolean on = cursor.advance();
                int at = 0;
                assertThat(on).isEqualTo(!inRange.isEmpty());
                while (on) {
                    walk.add(describe(cursor));
                    expected.add(all.get(inRange.get(at)));
                    if (random.nextBoolean()) {
                        on = cursor.advance();
                        at++;
                    } else {
                        RecordBound target = bounds.get(random.nextInt(bounds.size()));
                        RecordRange from = new RecordRange(target, null);
                        walk.add("seek " + describe(target));
                        expected.add("seek " + describe(target));
                        on = cursor.seek(target);
                        while (at < inRange.size() && !from.contains(inRange.get(at))) {
                            at++;
                        }
                    }
                    assertThat(on).as("%s after %s", describe(range), walk).isEqualTo(at < inRange.size());
                }
                assertThat(cursor.advance()).isFalse();
            }
            assertThat(walk).as("%s", describe(range)).containsExactlyElementsOf(expected);
        }
    }

    private static String describe(RecordRange range) {
        return describe(range.lower()) + " .. " + describe(range.upper());
    }

    private static String describe(RecordBound bound) {
        if (bound == null) {
            return "unbounded";
        }
        return Arrays.toString(bound.partition()) + (bound.isPartitionEdge() ? " edge" : " " + Arrays.toString(bound.row()))
                + (bound.inclusive() ? " inclusive" : " exclusive");
    }

    @Test
    void spacesAndTheirInstancesAreDisjoint() {
        put(TABLE_ONE, "p", "r", 1, "one");
        put(TABLE_TWO, "p", "r", 2, "two");
        put(STATE, "p", "r", 3, "state");
        put(KeySpaces.SERVICE_PROPERTIES.single(), "p", "r", 4, "properties");
        assertThat(get(TABLE_ONE, "p", "r")).contains("one@1");
        assertThat(get(TABLE_TWO, "p", "r")).contains("two@2");
        assertThat(scan(TABLE_ONE, RecordRange.all())).containsExactly("p|r=one@1");
        assertThat(scan(STATE, RecordRange.all())).containsExactly("p|r=state@3");
        assertThat(scan(KeySpaces.TABLE_ENTITIES.instance(3), RecordRange.all())).isEmpty();
        assertThat(scan(KeySpaces.TABLE_ENTITIES.instance(0), RecordRange.all())).isEmpty();
        assertThat(scan(KeySpaces.TABLE_ENTITIES.instance(Long.MAX_VALUE), RecordRange.all())).isEmpty();
    }

    @Test
    void preconditionsDecideWhetherACommitApplies() {
        CommitOutcome created = store.commit(TABLE_ONE, bytes("p"),
                List.of(RecordMutation.put(bytes("r"), value(1, "v1"), Precondition.MUST_NOT_EXIST)));
        assertThat(created).isEqualTo(CommitOutcome.APPLIED);
        CommitOutcome again = store.commit(TABLE_ONE, bytes("p"),
                List.of(RecordMutation.put(bytes("r"), value(2, "v2"), Precondition.MUST_NOT_EXIST)));
        assertThat(again).isInstanceOfSatisfying(CommitOutcome.PreconditionFailed.class, failed -> {
            assertThat(failed.index()).isZero();
            assertThat(failed.current().version()).isEqualTo(1);
            assertThat(failed.current().payload()).isEqualTo(bytes("v1"));
        });
        assertThat(store.commit(TABLE_ONE, bytes("p"), List.of(RecordMutation.put(bytes("r"), value(3, "v3"),
                new Precondition.VersionEquals(2))))).isInstanceOf(CommitOutcome.PreconditionFailed.class);
        assertThat(store.commit(TABLE_ONE, bytes("p"), List.of(RecordMutation.put(bytes("r"), value(3, "v3"),
                new Precondition.VersionEquals(1))))).isEqualTo(CommitOutcome.APPLIED);
        assertThat(store.commit(TABLE_ONE, bytes("p"), List.of(RecordMutation.put(bytes("absent"), value(4, "x"),
                Precondition.MUST_EXIST)))).isInstanceOfSatisfying(CommitOutcome.PreconditionFailed.class,
                        failed -> assertThat(failed.current()).isNull());
        assertThat(store.commit(TABLE_ONE, bytes("p"), List.of(RecordMutation.delete(bytes("r"),
                new Precondition.VersionEquals(1))))).isInstanceOf(CommitOutcome.PreconditionFailed.class);
        assertThat(store.commit(TABLE_ONE, bytes("p"), List.of(RecordMutation.delete(bytes("r"),
                Precondition.MUST_EXIST)))).isEqualTo(CommitOutcome.APPLIED);
        assertThat(get(TABLE_ONE, "p", "r")).isEmpty();
        assertThat(get(TABLE_ONE, "p", "absent")).isEmpty();
        assertThat(store.commit(TABLE_ONE, bytes("p"), List.of(RecordMutation.delete(bytes("r"),
                Precondition.NONE)))).as("deleting what is absent, unconditionally").isEqualTo(CommitOutcome.APPLIED);
    }

    /** All or nothing, and the first failing mutation is the one named, whichever that is. */
    @Test
    void aCommitWithAFailingPreconditionChangesNothing() {
        put(TABLE_ONE, "p", "keep", 5, "kept");
        put(TABLE_ONE, "p", "gone", 5, "present");
        for (int failing = 0; failing < 4; failing++) {
            List<RecordMutation> mutations = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                mutations.add(RecordMutation.put(bytes("new" + i), value(9, "n"),
                        i == failing ? Precondition.MUST_EXIST : Precondition.MUST_NOT_EXIST));
            }
            mutations.add(RecordMutation.delete(bytes("gone"), new Precondition.VersionEquals(5)));
            mutations.add(RecordMutation.put(bytes("keep"), value(9, "changed"), Precondition.NONE));
            CommitOutcome outcome = store.commit(TABLE_ONE, bytes("p"), mutations);
            int expected = failing;
            assertThat(outcome).isInstanceOfSatisfying(CommitOutcome.PreconditionFailed.class,
                    failed -> assertThat(failed.index()).isEqualTo(expected));
            assertThat(scan(TABLE_ONE, RecordRange.all())).containsExactly("p|gone=present@5", "p|keep=kept@5");
        }
        List<RecordMutation> all = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            all.add(RecordMutation.put(bytes(String.format("row%03d", i)), value(i, "v" + i), Precondition.MUST_NOT_EXIST));
        }
        assertThat(store.commit(TABLE_ONE, bytes("q"), all)).isEqualTo(CommitOutcome.APPLIED);
        assertThat(scan(TABLE_ONE, RecordRange.partition(bytes("q")))).hasSize(100).first().isEqualTo("q|row000=v0@0");
    }

    @Test
    void dropRemovesOneInstanceWholeAndItMayBeWrittenAgain() {
        for (int i = 0; i < 500; i++) {
            put(TABLE_ONE, "p" + (i % 7), "r" + i, i, "x");
        }
        put(TABLE_TWO, "p0", "r0", 1, "other");
        store.drop(TABLE_ONE);
        assertThat(scan(TABLE_ONE, RecordRange.all())).isEmpty();
        assertThat(get(TABLE_ONE, "p0", "r0")).isEmpty();
        assertThat(scan(TABLE_TWO, RecordRange.all())).containsExactly("p0|r0=other@1");
        put(TABLE_ONE, "p", "r", 2, "again");
        assertThat(scan(TABLE_ONE, RecordRange.all())).containsExactly("p|r=again@2");
        store.drop(KeySpaces.TABLE_ENTITIES.instance(99)); // nothing there: nothing happens
        assertThat(scan(TABLE_TWO, RecordRange.all())).hasSize(1);
    }

    @Test
    void whenDurableCompletesAfterCommitsAndTheyOutliveReopening() throws Exception {
        put(TABLE_ONE, "p", "r", 1, "durable");
        store.drop(TABLE_TWO);
        store.whenDurable().get(30, TimeUnit.SECONDS);
        KeyValueStore reopened = reopen(store);
        assumeTrue(reopened != null, "the store keeps nothing");
        store = reopened;
        assertThat(get(TABLE_ONE, "p", "r")).contains("durable@1");
    }

    @Test
    void aCursorLendsWhatItReadUntilItMoves() {
        put(TABLE_ONE, "p", "a", 1, "first");
        put(TABLE_ONE, "p", "b", 2, "second");
        try (RecordCursor cursor = store.scan(TABLE_ONE, RecordRange.all())) {
            assertThat(cursor.advance()).isTrue();
            StoredValue kept = cursor.value();
            RecordKey key = cursor.key();
            assertThat(cursor.advance()).isTrue();
            assertThat(kept.payload()).isEqualTo(bytes("first"));
            assertThat(kept.version()).isEqualTo(1);
            assertThat(key).isEqualTo(new RecordKey(bytes("p"), bytes("a")));
            assertThat(cursor.advance()).isFalse();
            assertThat(cursor.advance()).isFalse();
        }
    }

    /** A scan reads one state: commits made while it runs are all or nothing in what it returns. */
    @Test
    void aScanSeesEachCommitWholeOrNotAtAll() throws Exception {
        int rows = 50;
        AtomicBoolean stop = new AtomicBoolean();
        ExecutorService writer = Executors.newSingleThreadExecutor();
        Future<?> writes = writer.submit(() -> {
            for (long version = 1; !stop.get() && version < 5_000; version++) {
                List<RecordMutation> mutations = new ArrayList<>();
                for (int r = 0; r < rows; r++) {
                    mutations.add(RecordMutation.put(bytes(String.format("r%02d", r)), value(version, "v"),
                            Precondition.NONE));
                }
                store.commit(TABLE_ONE, bytes("p"), mutations);
            }
        });
        try {
            for (int i = 0; i < 200; i++) {
                List<Long> versions = new ArrayList<>();
                try (RecordCursor cursor = store.scan(TABLE_ONE, RecordRange.partition(bytes("p")))) {
                    while (cursor.advance()) {
                        versions.add(cursor.version());
                    }
                }
                boolean whole = versions.isEmpty()
                        || versions.size() == rows && versions.stream().distinct().count() == 1;
                assertThat(whole).as("one scan saw versions %s", versions).isTrue();
            }
        } finally {
            stop.set(true);
            writes.get(30, TimeUnit.SECONDS);
            writer.shutdown();
        }
    }

    @Test
    void aSnapshotIsOneStateForEveryCursorOpenedOnIt() {
        assumeTrue(hasSnapshots(), "the store has no shared snapshots");
        for (int i = 0; i < 2_000; i++) {
            put(TABLE_ONE, "p" + (i % 10), String.format("r%05d", i), 1, "x".repeat(200));
        }
        try (RecordSnapshot snapshot = store.snapshot(TABLE_ONE).orElseThrow()) {
            put(TABLE_ONE, "p0", "later", 2, "after the snapshot");
            store.drop(TABLE_ONE);
            List<RecordKey> keys = new ArrayList<>();
            try (RecordCursor cursor = snapshot.scan(RecordRange.all())) {
                while (cursor.advance()) {
                    keys.add(cursor.key());
                }
            }
            assertThat(keys).hasSize(2_000).isSorted();
            Optional<RecordKey> middle = snapshot.middle(RecordRange.all());
            middle.ifPresent(key -> {
                assertThat(keys).contains(key);
                assertThat(key).isNotEqualTo(keys.get(0));
            });
            RecordRange partition = RecordRange.partition(bytes("p3"));
            snapshot.middle(partition).ifPresent(key -> assertThat(partition.contains(key)).isTrue());
        }
        assertThat(scan(TABLE_ONE, RecordRange.all())).isEmpty();
    }

    @Test
    void aClosedStoreAnswersThatItIsUnavailable() {
        put(TABLE_ONE, "p", "r", 1, "x");
        store.close();
        KeyValueStore closed = store;
        store = null;
        assertThatThrownBy(() -> closed.get(TABLE_ONE, bytes("p"), bytes("r")))
                .isInstanceOf(StoreUnavailableException.class);
        assertThatThrownBy(() -> closed.scan(TABLE_ONE, RecordRange.all()))
                .isInstanceOf(StoreUnavailableException.class);
        assertThatThrownBy(() -> closed.getAll(TABLE_ONE, List.of(new RecordKey(bytes("p"), bytes("r")))))
                .isInstanceOf(StoreUnavailableException.class);
        assertThatThrownBy(() -> closed.commit(TABLE_ONE, bytes("p"), List.of(RecordMutation.delete(bytes("r"),
                Precondition.NONE)))).isInstanceOf(StoreUnavailableException.class);
        assertThatThrownBy(() -> closed.drop(TABLE_ONE)).isInstanceOf(StoreUnavailableException.class);
        assertThat(closed.getAsync(TABLE_ONE, bytes("p"), bytes("r"))).failsWithin(30, TimeUnit.SECONDS)
                .withThrowableOfType(ExecutionException.class).withCauseInstanceOf(StoreUnavailableException.class);
        assertThat(closed.whenDurable()).isCompletedExceptionally();
        closed.close(); // a second close does nothing
    }
}
