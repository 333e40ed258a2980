package io.cerulean.store.rocksdb;

import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.storage.database.Database;
import io.cerulean.table.layout.TableLayout;
import io.cerulean.table.model.DateTimes;
import io.cerulean.table.model.Entity;
import io.cerulean.table.model.EntityKey;
import io.cerulean.table.model.PropertyValue;
import io.cerulean.table.layout.CommitResult;
import io.cerulean.table.layout.Condition;
import io.cerulean.table.layout.EntityCursor;
import io.cerulean.table.layout.KeyBound;
import io.cerulean.table.layout.KeyRange;
import io.cerulean.table.layout.Mutation;
import io.cerulean.table.layout.ScanSnapshot;
import io.cerulean.table.layout.StoredTable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Splitting a scan: the middle RocksDB finds for a range, and one state for every cursor. */
class RocksDbScanSnapshotTest {
    private static final String PADDING = "x".repeat(200);

    @TempDir
    Path dir;

    private long tick;

    /** {@code partitions} partitions of {@code rows} entities of about 250 bytes each. */
    private StoredTable load(TableLayout store, int partitions, int rows) {
        StoredTable table = store.createTable("devstoreaccount1", "split").orElseThrow();
        for (int p = 0; p < partitions; p++) {
            String pk = String.format("p%02d", p);
            for (int from = 0; from < rows; from += 100) {
                List<Mutation> batch = new ArrayList<>();
                for (int r = from; r < Math.min(rows, from + 100); r++) {
                    batch.add(Mutation.put(entity(pk, String.format("r%06d", r)), Condition.NONE));
                }
                assertThat(store.commit(table, pk, batch)).isEqualTo(CommitResult.APPLIED);
            }
        }
        return table;
    }

    private Entity entity(String pk, String rk) {
        return new Entity(pk, rk, DateTimes.fromEpochTicks(++tick), Map.of("Padding", PropertyValue.ofString(PADDING)));
    }

    private static List<EntityKey> keys(ScanSnapshot snapshot, KeyRange range) {
        List<EntityKey> keys = new ArrayList<>();
        try (EntityCursor cursor = snapshot.scan(range)) {
            while (cursor.advance()) {
                keys.add(cursor.view().key());
            }
        }
        return keys;
    }

    /**
     * Where {@code middle} falls among the range's entities, as a share of them. RocksDB estimates
     * what a memtable holds from a sample, so the tests ask for a split between a fifth and four
     * fifths, not an exact half.
     */
    private static double shareBefore(List<EntityKey> keys, EntityKey middle) {
        int index = keys.indexOf(middle);
        assertThat(index).as("the middle is one of the range's entities").isPositive();
        return (double) index / keys.size();
    }

    /** Cache sizes: 96 MB keeps the 5 MB in memtables; 16 MB makes 4 MB memtables, so most is in table files. */
    @ParameterizedTest
    @ValueSource(longs = {96L << 20, 16L << 20})
    void theMiddleOfATableSplitsItsEntitiesNearHalf(long cacheBytes) {
        try (Database database = RocksDbTables.database(dir.resolve("db"), cacheBytes); TableLayout store = TableLayout.open(database)) {
            StoredTable table = load(store, 10, 2_000);
            try (ScanSnapshot snapshot = store.snapshot(table).orElseThrow()) {
                EntityKey middle = snapshot.middle(KeyRange.all()).orElseThrow();
                assertThat(shareBefore(keys(snapshot, KeyRange.all()), middle)).isBetween(0.2, 0.8);
            }
        }
    }

    @Test
    void theMiddleOfOnePartitionFallsBetweenItsRows() {
        try (Database database = RocksDbTables.database(dir.resolve("db")); TableLayout store = TableLayout.open(database)) {
            StoredTable table = load(store, 1, 20_000);
            try (ScanSnapshot snapshot = store.snapshot(table).orElseThrow()) {
                EntityKey middle = snapshot.middle(KeyRange.partition("p00")).orElseThrow();
                assertThat(shareBefore(keys(snapshot, KeyRange.partition("p00")), middle)).isBetween(0.2, 0.8);
            }
        }
    }

    @Test
    void theMiddleOfARangeLiesInsideIt() {
        try (Database database = RocksDbTables.database(dir.resolve("db")); TableLayout store = TableLayout.open(database)) {
            StoredTable table = load(store, 10, 2_000);
            KeyRange range = new KeyRange(KeyBound.inclusive("p03", "r000500"), KeyBound.partitionIncluded("p06"));
            try (ScanSnapshot snapshot = store.snapshot(table).orElseThrow()) {
                EntityKey middle = snapshot.middle(range).orElseThrow();
                assertThat(range.contains(middle)).isTrue();
                assertThat(shareBefore(keys(snapshot, range), middle)).isBetween(0.2, 0.8);
            }
        }
    }

    @Test
    void aSmallRangeIsNotSplit() {
        try (Database database = RocksDbTables.database(dir.resolve("db")); TableLayout store = TableLayout.open(database)) {
            StoredTable table = load(store, 10, 2_000);
            try (ScanSnapshot snapshot = store.snapshot(table).orElseThrow()) {
                assertThat(snapshot.middle(new KeyRange(KeyBound.inclusive("p03", "r000100"),
                        KeyBound.inclusive("p03", "r000900")))).isEmpty();
                assertThat(snapshot.middle(KeyRange.partition("nothing"))).isEmpty();
            }
        }
    }

    @Test
    void everyCursorOfASnapshotSeesTheTableAsItWasWhenItWasTaken() {
        try (Database database = RocksDbTables.database(dir.resolve("db")); TableLayout store = TableLayout.open(database)) {
            StoredTable table = load(store, 2, 1_000);
            try (ScanSnapshot snapshot = store.snapshot(table).orElseThrow()) {
                List<EntityKey> before = keys(snapshot, KeyRange.all());
                assertThat(store.commit(table, "p00", List.of(Mutation.delete("r000010", Condition.NONE),
                        Mutation.put(entity("p00", "r000010a"), Condition.NONE)))).isEqualTo(CommitResult.APPLIED);
                assertThat(keys(snapshot, KeyRange.partition("p00"))).isEqualTo(before.subList(0, 1_000));
                assertThat(keys(snapshot, KeyRange.all())).isEqualTo(before);
            }
            try (ScanSnapshot later = store.snapshot(table).orElseThrow()) {
                assertThat(keys(later, KeyRange.partition("p00"))).contains(new EntityKey("p00", "r000010a"))
                        .doesNotContain(new EntityKey("p00", "r000010"));
            }
        }
    }

    @Property
    void halfwayLiesBetweenItsEnds(@ForAll @Size(max = 12) byte[] a, @ForAll @Size(max = 12) byte[] b) {
        int order = Arrays.compareUnsigned(a, b);
        if (order == 0) {
            return;
        }
        byte[] low = order < 0 ? a : b;
        byte[] high = order < 0 ? b : a;
        if (Arrays.equals(Arrays.copyOf(low, high.length), high)) {
            return; // high is low and zero bytes: no key lies between them
        }
        byte[] halfway = RocksDbScanSnapshot.halfway(low, high);
        assertThat(Arrays.compareUnsigned(low, halfway)).isLessThanOrEqualTo(0);
        assertThat(Arrays.compareUnsigned(halfway, high)).isLessThan(0);
    }

    @Test
    void halfwayOfKeysThatShareAPrefixKeepsIt() {
        byte[] halfway = RocksDbScanSnapshot.halfway(new byte[] {1, 2, 0}, new byte[] {1, 2, 10});
        assertThat(halfway).startsWith(1, 2, 5);
        assertThat(Optional.of(halfway.length)).contains(4);
    }
}
