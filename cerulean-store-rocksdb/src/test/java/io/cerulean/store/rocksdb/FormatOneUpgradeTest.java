package io.cerulean.store.rocksdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cerulean.common.acl.AccessPolicies;
import io.cerulean.common.acl.StoredAccessPolicy;
import io.cerulean.storage.ServiceDocuments;
import io.cerulean.storage.StoreFormatException;
import io.cerulean.storage.database.Database;
import io.cerulean.table.layout.TableLayout;
import io.cerulean.table.time.HybridClock;
import io.cerulean.table.model.DateTimes;
import io.cerulean.table.model.Entity;
import io.cerulean.table.model.PropertyValue;
import io.cerulean.table.layout.EntityCursor;
import io.cerulean.table.layout.KeyRange;
import io.cerulean.table.layout.StoredTable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;

/**
 * A data directory written by release 0.1 (in {@code release-0.1-data}, made by that release's
 * RocksDbTableStore and left unflushed, as a killed server leaves it) opens with this one, upgraded
 * in place: tables, entities, ACLs, service properties, the clock lease and the next table id.
 */
class FormatOneUpgradeTest {
    private static final String DEV = "devstoreaccount1";
    private static final Instant T = Instant.parse("2026-11-25T10:00:00.1234567Z");

    @TempDir
    Path dir;

    private Path releaseZeroOneDirectory() throws IOException {
        Path db = dir.resolve("db");
        Files.createDirectories(db);
        for (String file : List.of("000004.log", "CURRENT", "IDENTITY", "MANIFEST-000005", "OPTIONS-000007")) {
            try (InputStream in = getClass().getResourceAsStream("/release-0.1-data/" + file)) {
                Files.copy(in, db.resolve(file));
            }
        }
        return db;
    }

    @Test
    void everythingReleaseZeroOneKeptIsThereAfterTheUpgrade() throws Exception {
        Path db = releaseZeroOneDirectory();
        try (Database database = RocksDbTables.database(db); TableLayout store = TableLayout.open(database)) {
            assertThat(store.listTables(DEV, null, 10)).extracting(StoredTable::name).containsExactly("People");
            assertThat(store.listTables("account2", null, 10)).extracting(StoredTable::name).containsExactly("Orders");
            StoredTable people = store.table(DEV, "people").orElseThrow();

            List<Entity> entities = scan(store, people);
            // UTF-16 code-unit order: the surrogate pair (0xD83D...) sorts before U+FFFD, and "Sales" before "été".
            assertThat(entities).extracting(e -> e.partitionKey() + "/" + e.rowKey()).containsExactly(
                    "Sales/a", "Sales/b", "Sales/z", "Sales/\uD83D\uDE00smile", "Sales/\uFFFDreplacement", "\u00e9t\u00e9/1");
            Entity smile = store.get(people, "Sales", "\uD83D\uDE00smile").orElseThrow();
            assertThat(smile.timestamp()).isEqualTo(T.plusNanos(200));
            assertThat(smile.properties()).containsEntry("Name", PropertyValue.ofString("row \uD83D\uDE00smile"))
                    .containsEntry("Age", PropertyValue.ofInt32(32))
                    .containsEntry("Big", PropertyValue.ofInt64(1L << 40))
                    .containsEntry("Score", PropertyValue.ofDouble(3.0))
                    .containsEntry("Active", PropertyValue.ofBoolean(true))
                    .containsEntry("When", PropertyValue.ofDateTime(T))
                    .containsEntry("Id", PropertyValue.ofGuid(UUID.fromString("c9da6455-213d-42c9-9a79-3e9149a57833")))
                    .containsEntry("Bytes", PropertyValue.ofBinary(new byte[] {1, 2, 3}));
            assertThat(smile.properties().keySet()).containsExactly("Name", "Age", "Big", "Score", "Active", "When",
                    "Id", "Bytes");

            AccessPolicies acl = AccessPolicies.decode(store.acl(people));
            assertThat(acl.policies()).containsExactly(new StoredAccessPolicy("readers", Optional.of(T),
                    Optional.of(T.plusSeconds(3600)), Optional.of("r")));
            assertThat(ServiceDocuments.get(database.records(), DEV, "table")).hasValueSatisfying(xml ->
                    assertThat(new String(xml.payload(), StandardCharsets.UTF_8)).contains("http://example.com"));
            assertThat(ServiceDocuments.get(database.records(), "account2", "table")).isEmpty();
            assertThat(database.state().lease(HybridClock.LEASE).load()).isEqualTo(640000000000000000L);

            // Ids 1 to 3 were used ("Gone", id 2, was deleted): a new table gets a new one, and
            // "Gone" created again sees nothing of the old one.
            StoredTable gone = store.createTable(DEV, "Gone").orElseThrow();
            assertThat(gone.id()).isGreaterThan(3);
            assertThat(scan(store, gone)).isEmpty();
            assertThat(store.acl(gone)).isEmpty();
        }
        try (Options options = new Options()) {
            assertThat(RocksDB.listColumnFamilies(options, db.toString()))
                    .extracting(name -> new String(name, StandardCharsets.UTF_8)).doesNotContain("tables");
        }
        try (Database database = RocksDbTables.database(db); TableLayout reopened = TableLayout.open(database)) {
            assertThat(reopened.listTables(DEV, null, 10)).extracting(StoredTable::name).containsExactly("Gone", "People");
            assertThat(scan(reopened, reopened.table(DEV, "People").orElseThrow())).hasSize(6);
            assertThat(reopened.get(reopened.table("account2", "Orders").orElseThrow(), "o", "1"))
                    .hasValueSatisfying(e -> assertThat(e.timestamp()).isEqualTo(DateTimes.fromEpochTicks(
                            DateTimes.toEpochTicks(T))));
        }
    }

    @Test
    void aDirectoryOfANewerStoreFormatIsRefusedUntouched() throws Exception {
        Path db = dir.resolve("db");
        RocksDbKeyValueStore.open(db).close();
        try (RocksDbFiles files = RocksDbFiles.open(db, RocksDbKeyValueStore.MIN_CACHE_BYTES)) {
            files.db().put(files.meta(), files.syncWrite(), StoreFormat.KEY,
                    RecordLayout.putLongArray(RecordLayout.STORE_FORMAT + 1));
        }
        assertThatThrownBy(() -> RocksDbKeyValueStore.open(db)).isInstanceOf(StoreFormatException.class)
                .hasMessageContaining("store format " + (RecordLayout.STORE_FORMAT + 1))
                .hasMessageContaining("reads format " + RecordLayout.STORE_FORMAT);
        assertThatThrownBy(() -> RocksDbKeyValueStore.open(db)).as("refused again: nothing was changed")
                .isInstanceOf(StoreFormatException.class);
    }

    private static List<Entity> scan(TableLayout store, StoredTable table) {
        List<Entity> entities = new ArrayList<>();
        try (EntityCursor cursor = store.scan(table, KeyRange.all())) {
            Entity e;
            while ((e = cursor.next()) != null) {
                entities.add(e);
            }
        }
        return entities;
    }
}
