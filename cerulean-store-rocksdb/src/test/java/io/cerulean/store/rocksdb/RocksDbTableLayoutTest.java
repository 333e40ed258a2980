package io.cerulean.store.rocksdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.cerulean.storage.KeySpaces;
import io.cerulean.storage.KeyValueStore;
import io.cerulean.storage.ServiceDocuments;
import io.cerulean.storage.Space;
import io.cerulean.storage.database.Database;
import io.cerulean.table.layout.TableLayout;
import io.cerulean.table.model.Entity;
import io.cerulean.table.model.PropertyValue;
import io.cerulean.table.layout.CommitResult;
import io.cerulean.table.layout.Condition;
import io.cerulean.table.layout.KeyRange;
import io.cerulean.table.layout.Mutation;
import io.cerulean.table.layout.StoredTable;
import io.cerulean.table.layout.TableLayoutConformanceTest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RocksDbTableLayoutTest extends TableLayoutConformanceTest {
    @TempDir
    Path dir;

    @Override
    protected KeyValueStore newStore() {
        return RocksDbKeyValueStore.open(dir.resolve("db"));
    }

    @Test
    void dataSurvivesReopening() {
        StoredTable table = store.createTable(ACCOUNT, "kept").orElseThrow();
        Entity written = entity("p", "r");
        put(table, written);
        ServiceDocuments.put(database.records(), ACCOUNT, "table", java.util.OptionalLong.empty(), new byte[] {7});
        reopen();
        assertThat(store.table(ACCOUNT, "kept")).contains(table);
        assertThat(store.get(table, "p", "r")).contains(written);
        assertThat(scanAll(table, KeyRange.all())).containsExactly(written);
        assertThat(ServiceDocuments.get(database.records(), ACCOUNT, "table")).isPresent();
        StoredTable next = store.createTable(ACCOUNT, "another").orElseThrow();
        assertThat(next.id()).isGreaterThan(table.id());
    }

    /** Past its last entity a cursor answers no lookup: its RocksDB iterator must not be read. */
    @Test
    void anExhaustedCursorRefusesLookups() {
        StoredTable table = store.createTable(ACCOUNT, "exhausted").orElseThrow();
        put(table, entity("p", "r"));
        try (var cursor = store.scan(table, KeyRange.all())) {
            assertThat(cursor.advance()).isTrue();
            var current = cursor.current();
            assertThat(current.property("RowKey")).isNotNull();
            assertThat(cursor.advance()).isFalse();
            assertThatThrownBy(() -> current.property("RowKey")).isInstanceOf(IllegalStateException.class);
            assertThatThrownBy(cursor::entity).isInstanceOf(IllegalStateException.class);
        }
    }

    @Test
    void aDurabilityRequestMadeBeforeClosingIsSyncedByTheClose() throws Exception {
        StoredTable table = store.createTable(ACCOUNT, "closing").orElseThrow();
        List<CompletableFuture<Void>> pending = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            put(table, entity("p", "r" + i));
            pending.add(store.whenDurable());
        }
        store.close();
        database.close();
        for (CompletableFuture<Void> durable : pending) {
            assertThat(durable).succeedsWithin(Duration.ofSeconds(5));
        }
        open();
        assertThat(scanAll(store.table(ACCOUNT, "closing").orElseThrow(), KeyRange.all())).hasSize(200);
    }

    /** Tables are looked up in memory once known; a lookup that fills that in must not undo a delete. */
    @Test
    void lookupsRacingDeleteTableNeverBringATableBack() throws Exception {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            names.add("raced" + i);
            store.createTable(ACCOUNT, names.get(i)).orElseThrow();
        }
        reopen(); // nothing known in memory: every first lookup reads
        AtomicBoolean deleting = new AtomicBoolean(true);
        ExecutorService readers = Executors.newFixedThreadPool(3);
        try {
            List<Future<?>> lookups = new ArrayList<>();
            for (int r = 0; r < 3; r++) {
                int offset = r;
                lookups.add(readers.submit(() -> {
                    while (deleting.get()) {
                        for (int i = offset; i < names.size(); i += 3) {
                            store.table(ACCOUNT, names.get(i));
                        }
                    }
                }));
            }
            for (String name : names) {
                assertThat(store.deleteTable(ACCOUNT, name)).isTrue();
            }
            deleting.set(false);
            for (Future<?> lookup : lookups) {
                lookup.get(10, TimeUnit.SECONDS);
            }
        } finally {
            readers.shutdownNow();
        }
        for (String name : names) {
            assertThat(store.table(ACCOUNT, name)).as("table %s after its deletion", name).isEmpty();
        }
    }

    @Test
    void aSecondOpenOfTheSameDirectoryIsRefusedWithAClearMessage() {
        assertThatThrownBy(() -> RocksDbKeyValueStore.open(dir.resolve("db")))
                .isInstanceOf(StoreOpenException.class)
                .hasMessageContaining("in use by another process");
    }

    @Test
    void aFileWhereTheDirectoryShouldBeIsRefused() throws Exception {
        Path file = Files.writeString(dir.resolve("file"), "x");
        assertThatThrownBy(() -> RocksDbKeyValueStore.open(file)).isInstanceOf(StoreOpenException.class)
                .hasMessageContaining(file.toString());
    }

    /**
     * Entity group transactions on different partitions do not wait for each other: while one
     * partition's commit is held (its lock taken here, as a commit in progress would), another
     * partition commits at once, and the held partition's next commit waits for it.
     */
    @Test
    void commitsOnDifferentPartitionsDoNotWaitForEachOther() throws Exception {
        RocksDbKeyValueStore rocks = (RocksDbKeyValueStore) database.records();
        StoredTable table = store.createTable(ACCOUNT, "independent").orElseThrow();
        Space entities = KeySpaces.TABLE_ENTITIES.instance(table.id());
        String held = "held";
        String other = IntStream.range(0, 100).mapToObj(i -> "other" + i)
                .filter(key -> rocks.partitionLock(entities, ascii(key)) != rocks.partitionLock(entities, ascii(held)))
                .findFirst().orElseThrow(() -> new AssertionError("every partition shares the held one's lock"));
        ExecutorService writers = Executors.newFixedThreadPool(2);
        var lock = rocks.partitionLock(entities, ascii(held));
        lock.lock();
        try {
            Future<?> otherCommit = writers.submit(() -> put(table, entity(other, "r")));
            otherCommit.get(10, TimeUnit.SECONDS);
            Future<?> heldCommit = writers.submit(() -> put(table, entity(held, "r")));
            Thread.sleep(200);
            assertThat(heldCommit).as("a commit on the held partition waits").isNotDone();
            lock.unlock();
            heldCommit.get(10, TimeUnit.SECONDS);
        } finally {
            if (lock.isHeldByCurrentThread()) {
                lock.unlock();
            }
            writers.shutdownNow();
        }
        assertThat(store.get(table, other, "r")).isPresent();
        assertThat(store.get(table, held, "r")).isPresent();
    }

    private static byte[] ascii(String key) {
        return key.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    }

    /** Table files are written with O_DIRECT exactly where the probe finds the file system takes it. */
    @Test
    void tableFilesAreWrittenAroundThePageCacheWhereTheFileSystemTakesIt() throws Exception {
        boolean supported = DirectWrites.supported(dir);
        assertThat(directWritesInLog(dir.resolve("db"))).isEqualTo(supported);
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(path -> path.getFileName().toString())).as("no probe file is left")
                    .containsExactly("db");
        }
        String type = Files.getFileStore(dir).type();
        if (List.of("ext4", "xfs", "btrfs").contains(type)) {
            assertThat(supported).as("direct writes on %s", type).isTrue();
        }
    }

    @Test
    void aDirectoryThatDoesNotExistTakesNoDirectWrites() {
        assertThat(DirectWrites.supported(dir.resolve("absent"))).isFalse();
        assertThat(dir.resolve("absent")).doesNotExist();
    }

    /**
     * Whatever the probe says of tmpfs (it refuses O_DIRECT before Linux 6.6), a store there opens,
     * flushes its memtables to table files and reads them back after reopening.
     */
    @Test
    void aStoreOnTmpfsFlushesAndReopens() throws Exception {
        Path shm = Path.of("/dev/shm");
        assumeTrue(Files.isDirectory(shm) && Files.isWritable(shm) && Files.getFileStore(shm).type().equals("tmpfs"),
                "a tmpfs at /dev/shm");
        Path db = Files.createTempDirectory(shm, "cerulean-test-");
        try {
            int count;
            try (Database database = RocksDbTables.database(db); TableLayout onTmpfs = TableLayout.open(database)) {
                assertThat(directWritesInLog(db)).isEqualTo(DirectWrites.supported(shm));
                count = fillPastTwoMemtables(onTmpfs, onTmpfs.createTable(ACCOUNT, "flushed").orElseThrow());
                awaitTableFile(db);
            }
            try (Database database = RocksDbTables.database(db); TableLayout reopened = TableLayout.open(database);
                 var cursor = reopened.scan(reopened.table(ACCOUNT, "flushed").orElseThrow(), KeyRange.all())) {
                int seen = 0;
                while (cursor.next() != null) {
                    seen++;
                }
                assertThat(seen).isEqualTo(count);
            }
        } finally {
            try (Stream<Path> files = Files.walk(db)) {
                files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
            }
        }
    }

    /** What RocksDB's LOG says it was opened with. */
    private static boolean directWritesInLog(Path db) throws Exception {
        String log = Files.readString(db.resolve("LOG"));
        assertThat(log).containsPattern("use_direct_io_for_flush_and_compaction: [01]\\b");
        return log.contains("use_direct_io_for_flush_and_compaction: 1");
    }

    private int fillPastTwoMemtables(TableLayout target, StoredTable table) {
        PropertyValue filler = PropertyValue.ofString("x".repeat(8 * 1024));
        int count = (int) (2 * RocksDbFiles.MEMTABLE_BYTES / (8 * 1024)) + 100;
        for (int i = 0; i < count; i++) {
            Entity entity = entity("p" + i / 100, String.format("r%06d", i), Map.of("Filler", filler));
            assertThat(target.commit(table, entity.partitionKey(),
                    List.of(Mutation.put(entity, Condition.NONE))))
                    .isEqualTo(CommitResult.APPLIED);
        }
        return count;
    }

    private static void awaitTableFile(Path db) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            try (Stream<Path> files = Files.list(db)) {
                if (files.anyMatch(path -> path.getFileName().toString().endsWith(".sst"))) {
                    return;
                }
            }
            Thread.sleep(50);
        }
        throw new AssertionError("no table file was flushed in " + db);
    }
}
