package io.cerulean.cassandra.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import io.cerulean.storage.CommitOutcome;
import io.cerulean.storage.KeySpaces;
import io.cerulean.storage.Precondition;
import io.cerulean.storage.RecordBound;
import io.cerulean.storage.RecordCursor;
import io.cerulean.storage.RecordKey;
import io.cerulean.storage.RecordMutation;
import io.cerulean.storage.RecordRange;
import io.cerulean.storage.Space;
import io.cerulean.storage.StoreUnavailableException;
import io.cerulean.storage.StoredValue;
import io.cerulean.store.cassandra.CassandraKeyValueStore;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** What a user of Cerulean on Cassandra would notice: order, continuation, drops, failed conditions, races. */
class CassandraStoreBehaviourTest {
    private static final String KEYSPACE = TestCluster.newKeyspace("behaviour");
    private static CassandraKeyValueStore store;

    @BeforeAll
    static void open() {
        store = CassandraKeyValueStore.open(TestCluster.config(KEYSPACE));
    }

    @AfterAll
    static void close() {
        if (store != null) {
            store.close();
        }
    }

    /**
     * Keys as the Table service writes them: CESU-8, one UTF-16 code unit at a time, so that unsigned
     * byte order is UTF-16 order. In UTF-8 U+1F600 would sort after U+FFFD; here it sorts before, as
     * Azure sorts it. The directory's buckets and Cassandra's token order must not show through.
     */
    @Test
    void recordsComeInUtf16OrderAcrossPartitionsAndResumeExactly() {
        Space space = KeySpaces.TABLE_ENTITIES.instance(11);
        List<String> keys = new ArrayList<>(List.of("a", "Z", "z", "\u00e9", "\u00ff", "\u4e2d", "\ue000", "\ufffd",
                "\ud83d\ude00", "\ud800\udc00", "A\ud83d\ude00", "A\uffff", "", "a\u0001"));
        Random random = new Random(7);
        for (int i = 0; i < 40; i++) {
            int c = 0x20 + random.nextInt(0xFFFD - 0x20 - 0x800);
            keys.add((char) (c < 0xD800 ? c : c + 0x800) + Integer.toString(i)); // no lone surrogates
        }
        List<String> expected = new ArrayList<>();
        for (String partition : keys) {
            List<RecordMutation> rows = new ArrayList<>();
            for (String row : List.of("\ud83d\ude00", "\ufffd", "x", "")) {
                rows.add(RecordMutation.put(cesu8(row), StoredValue.of(1, cesu8(partition + "/" + row)),
                        Precondition.MUST_NOT_EXIST));
            }
            assertThat(store.commit(space, cesu8(partition), rows)).isEqualTo(CommitOutcome.APPLIED);
        }
        List<String> sorted = keys.stream().sorted().toList(); // String order is UTF-16 order
        for (String partition : sorted) {
            for (String row : List.of("", "x", "\ud83d\ude00", "\ufffd")) {
                expected.add(partition + "/" + row);
            }
        }
        assertThat(scan(space, RecordRange.all())).containsExactlyElementsOf(expected);

        // Pages of 7 records, each resuming just after the last record of the one before.
        List<String> paged = new ArrayList<>();
        RecordBound resume = null;
        while (true) {
            List<RecordKey> page = keys(space, new RecordRange(resume, null), 7);
            if (page.isEmpty()) {
                break;
            }
            for (RecordKey key : page) {
                paged.add(fromCesu8(key.partition()) + "/" + fromCesu8(key.row()));
            }
            RecordKey last = page.get(page.size() - 1);
            resume = RecordBound.exclusive(last.partition(), last.row());
        }
        assertThat(paged).containsExactlyElementsOf(expected);

        // A range over some partitions: exactly theirs, in order.
        String from = sorted.get(3);
        String to = sorted.get(9);
        assertThat(scan(space, new RecordRange(RecordBound.inclusive(cesu8(from), cesu8("x")),
                RecordBound.partitionExcluded(cesu8(to)))))
                .containsExactlyElementsOf(expected.subList(3 * 4 + 1, 9 * 4));
    }

    @Test
    void aDroppedInstanceWrittenAgainNeverShowsOldRecordsAndTheOldOnesAreRemoved() throws Exception {
        Space space = KeySpaces.TABLE_ENTITIES.instance(21);
        for (int p = 0; p < 30; p++) {
            List<RecordMutation> rows = new ArrayList<>();
            for (int r = 0; r < 10; r++) {
                rows.add(RecordMutation.put(bytes("r" + r), StoredValue.of(1, bytes("old")), Precondition.NONE));
            }
            store.commit(space, bytes("p" + p), rows);
        }
        store.drop(space);
        assertThat(scan(space, RecordRange.all())).isEmpty();
        store.commit(space, bytes("p3"), List.of(RecordMutation.put(bytes("r3"), StoredValue.of(2, bytes("new")),
                Precondition.MUST_NOT_EXIST)));
        assertThat(scan(space, RecordRange.all())).containsExactly("p3/r3");
        assertThat(store.get(space, bytes("p4"), bytes("r4"))).isEmpty();
        assertThat(store.get(space, bytes("p3"), bytes("r3"))).hasValueSatisfying(
                v -> assertThat(v.payload()).isEqualTo(bytes("new")));
        // Another server opened afterwards sees the same.
        try (CassandraKeyValueStore other = CassandraKeyValueStore.open(TestCluster.config(KEYSPACE))) {
            assertThat(scan(other, space, RecordRange.all())).containsExactly("p3/r3");
        }
        // In the background, the old generation's 300 records go.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        long left;
        do {
            Thread.sleep(500);
            left = rowsOfInstance(21).stream().filter(generation -> generation == 0).count();
        } while (left > 0 && System.nanoTime() < deadline);
        assertThat(left).as("records of the dropped generation still stored").isZero();
        assertThat(rowsOfInstance(21)).containsExactly(1L);
    }

    /** A commit whose last mutation fails changes nothing, as another server and Cassandra itself see it. */
    @Test
    void aFailedPreconditionLeavesNothingApplied() {
        Space space = KeySpaces.TABLE_ENTITIES.instance(31);
        store.commit(space, bytes("p"), List.of(RecordMutation.put(bytes("existing"), StoredValue.of(5, bytes("v5")),
                Precondition.MUST_NOT_EXIST)));
        List<RecordMutation> mutations = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            mutations.add(RecordMutation.put(bytes("new" + i), StoredValue.of(9, bytes("n")),
                    i % 2 == 0 ? Precondition.NONE : Precondition.MUST_NOT_EXIST));
        }
        mutations.add(RecordMutation.delete(bytes("absent"), Precondition.NONE));
        mutations.add(RecordMutation.put(bytes("existing"), StoredValue.of(10, bytes("v10")),
                new Precondition.VersionEquals(4)));
        CommitOutcome outcome = store.commit(space, bytes("p"), mutations);
        assertThat(outcome).isInstanceOfSatisfying(CommitOutcome.PreconditionFailed.class, failed -> {
            assertThat(failed.index()).isEqualTo(21);
            assertThat(failed.current().version()).isEqualTo(5);
            assertThat(failed.current().payload()).isEqualTo(bytes("v5"));
        });
        try (CassandraKeyValueStore other = CassandraKeyValueStore.open(TestCluster.config(KEYSPACE))) {
            assertThat(scan(other, space, RecordRange.all())).containsExactly("p/existing");
        }
        List<Row> stored = TestCluster.session().execute(SimpleStatement.newInstance(
                "SELECT row, version FROM " + KEYSPACE + ".records WHERE space = 3 AND instance = 31 AND generation = 0 "
                        + "AND partition = ?", java.nio.ByteBuffer.wrap(bytes("p")))).all();
        assertThat(stored).extracting(r -> r.getByteBuffer("row") == null ? null : new String(
                bytes(r.getByteBuffer("row")), StandardCharsets.ISO_8859_1)).containsExactly("existing");
        assertThat(stored.get(0).getLong("version")).isEqualTo(5);
    }

    /**
     * Eight writers race to move one record from the version each read to the next: no two may both
     * be told they won, and no win is lost. A commit whose outcome the store could not learn is
     * answered as unavailable, and may or may not have applied.
     */
    @Test
    void racingConditionalWritesHaveOneWinnerEach() throws Exception {
        Space space = KeySpaces.TABLE_ENTITIES.instance(41);
        store.commit(space, bytes("hot"), List.of(RecordMutation.put(bytes("r"), StoredValue.of(0, bytes("0")),
                Precondition.MUST_NOT_EXIST)));
        AtomicInteger won = new AtomicInteger();
        AtomicInteger unknown = new AtomicInteger();
        ExecutorService writers = Executors.newFixedThreadPool(8);
        List<Future<?>> futures = new ArrayList<>();
        for (int w = 0; w < 8; w++) {
            futures.add(writers.submit(() -> {
                for (int i = 0; i < 25; i++) {
                    long seen = store.get(space, bytes("hot"), bytes("r")).orElseThrow().version();
                    try {
                        CommitOutcome outcome = store.commit(space, bytes("hot"), List.of(RecordMutation.put(bytes("r"),
                                StoredValue.of(seen + 1, bytes(Long.toString(seen + 1))),
                                new Precondition.VersionEquals(seen))));
                        if (outcome == CommitOutcome.APPLIED) {
                            won.incrementAndGet();
                        }
                    } catch (StoreUnavailableException e) {
                        unknown.incrementAndGet();
                    }
                }
            }));
        }
        for (Future<?> future : futures) {
            future.get(5, TimeUnit.MINUTES);
        }
        writers.shutdown();
        long last = store.get(space, bytes("hot"), bytes("r")).orElseThrow().version();
        assertThat(won.get()).isPositive();
        assertThat(last).isBetween((long) won.get(), (long) won.get() + unknown.get());
    }

    /** The generations of an entity space instance that still have rows stored, read straight from Cassandra. */
    private static List<Long> rowsOfInstance(long instance) {
        return TestCluster.session().execute("SELECT space, instance, generation, row FROM " + KEYSPACE + ".records")
                .all().stream()
                .filter(r -> r.getInt("space") == KeySpaces.TABLE_ENTITIES.id() && r.getLong("instance") == instance)
                .filter(r -> r.getByteBuffer("row") != null)
                .map(r -> r.getLong("generation"))
                .distinct().sorted().toList();
    }

    private List<String> scan(Space space, RecordRange range) {
        return scan(store, space, range);
    }

    private static List<String> scan(CassandraKeyValueStore on, Space space, RecordRange range) {
        List<String> found = new ArrayList<>();
        try (RecordCursor cursor = on.scan(space, range)) {
            while (cursor.advance()) {
                found.add(fromCesu8(cursor.partition().toArray()) + "/" + fromCesu8(cursor.row().toArray()));
            }
        }
        return found;
    }

    private static List<RecordKey> keys(Space space, RecordRange range, int limit) {
        List<RecordKey> found = new ArrayList<>();
        try (RecordCursor cursor = store.scan(space, range)) {
            while (found.size() < limit && cursor.advance()) {
                found.add(cursor.key());
            }
        }
        return found;
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    private static byte[] bytes(java.nio.ByteBuffer buffer) {
        byte[] bytes = new byte[buffer.remaining()];
        buffer.duplicate().get(bytes);
        return bytes;
    }

    /** CESU-8: Java's modified UTF-8 without its length prefix (the keys hold no U+0000). */
    static byte[] cesu8(String s) {
        try {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            new DataOutputStream(out).writeUTF(s);
            return Arrays.copyOfRange(out.toByteArray(), 2, out.size());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String fromCesu8(byte[] bytes) {
        try {
            byte[] prefixed = new byte[bytes.length + 2];
            prefixed[0] = (byte) (bytes.length >>> 8);
            prefixed[1] = (byte) bytes.length;
            System.arraycopy(bytes, 0, prefixed, 2, bytes.length);
            return new java.io.DataInputStream(new java.io.ByteArrayInputStream(prefixed)).readUTF();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
