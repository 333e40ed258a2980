package io.cerulean.store.rocksdb;

import io.cerulean.storage.KeySpace;
import io.cerulean.storage.KeySpaces;
import io.cerulean.storage.StoredValue;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.WriteBatch;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Upgrades a data directory of release 0.1 to store format 2, in place, when it is first opened.
 * The one place that knows release 0.1's layout, where this module held the table catalogue and
 * the settings itself:
 *
 * <pre>
 * column family "entities":  [table id: 8][PartitionKey][0x00][RowKey] -> [1][Timestamp: 8][properties]
 * column family "tables":    [account][0x00][normalised table name] -> [table id: 8][name]
 * default column family:     "store.next-table-id" -> [id: 8], "clock.lease" -> [ticks: 8],
 *                            "acl/{table id}" -> ACL, "account/{account}/service-properties" -> XML
 * </pre>
 *
 * Entities are already in format 2's layout (key space {@code entities}, instance the table id,
 * header [1][version]), so the upgrade never touches them, whatever their number: it rewrites the
 * catalogue and the settings into the Table service's key spaces as that service lays them out
 * ({@code io.cerulean.table.layout.TableCatalog} and {@code ServerState}, whose names it repeats
 * here; a test opens an upgraded release 0.1 directory through them). One synced batch writes
 * the new records, removes the old settings and records the format; the old catalogue's column
 * family is dropped after it (or at the next open, if the process stops in between).
 */
final class FormatOneUpgrade {
    static final String TABLES_FAMILY = "tables";
    private static final Logger log = LoggerFactory.getLogger(FormatOneUpgrade.class);

    private FormatOneUpgrade() {
    }

    static void run(RocksDbFiles files) throws RocksDBException {
        Map<Long, String[]> tablesById = new HashMap<>(); // id -> {account, normalised name}
        int settings = 0;
        try (WriteBatch batch = new WriteBatch()) {
            try (RocksIterator it = files.db().newIterator(files.legacyTables())) {
                for (it.seekToFirst(); it.isValid(); it.next()) {
                    byte[] key = it.key();
                    byte[] value = it.value();
                    int separator = indexOfZero(key);
                    String account = new String(key, 0, separator, StandardCharsets.UTF_8);
                    String normalized = new String(key, separator + 1, key.length - separator - 1, StandardCharsets.UTF_8);
                    long id = RecordLayout.getLong(value, 0);
                    tablesById.put(id, new String[] {account, normalized});
                    // The catalogue row's payload is release 0.1's value itself: [id][name].
                    put(batch, files, KeySpaces.TABLE_CATALOG, account, tagged('T', normalized), id, value);
                }
                it.status();
            }
            try (RocksIterator it = files.db().newIterator(files.meta())) {
                for (it.seekToFirst(); it.isValid(); it.next()) {
                    String name = new String(it.key(), StandardCharsets.UTF_8);
                    byte[] value = it.value();
                    settings++;
                    if (name.equals("store.next-table-id")) {
                        put(batch, files, KeySpaces.SERVER_STATE, "next-table-id", new byte[0], number(value), new byte[0]);
                    } else if (name.equals("clock.lease")) {
                        put(batch, files, KeySpaces.SERVER_STATE, "clock-lease", new byte[0], number(value), new byte[0]);
                    } else if (name.startsWith("acl/")) {
                        long id = Long.parseLong(name.substring("acl/".length()));
                        String[] table = tablesById.get(id);
                        if (table != null && value.length > 0) { // else the ACL of a deleted table
                            put(batch, files, KeySpaces.TABLE_CATALOG, table[0], tagged('A', table[1]), id, value);
                        }
                    } else if (name.startsWith("account/") && name.endsWith("/service-properties")) {
                        String account = name.substring("account/".length(), name.length() - "/service-properties".length());
                        put(batch, files, KeySpaces.SERVICE_PROPERTIES, account, utf8("table"), 0, value);
                    } else {
                        log.warn("release 0.1 setting {} is not known and was left out of the upgrade", name);
                    }
                    batch.delete(files.meta(), it.key());
                }
                it.status();
            }
            put(batch, files, KeySpaces.SERVER_STATE, "table-format", new byte[0], 1, new byte[0]);
            batch.put(files.meta(), StoreFormat.KEY, RecordLayout.putLongArray(RecordLayout.STORE_FORMAT));
            files.db().write(files.syncWrite(), batch);
        }
        files.dropLegacyTables();
        log.info("upgraded the data directory from release 0.1's layout to store format {}: {} tables, {} settings",
                RecordLayout.STORE_FORMAT, tablesById.size(), settings);
    }

    private static void put(WriteBatch batch, RocksDbFiles files, KeySpace space, String partition, byte[] row,
                            long version, byte[] payload) throws RocksDBException {
        ColumnFamilyHandle family = files.family(space);
        byte[] key = RecordLayout.key(0, utf8(partition), row);
        batch.put(family, key, RecordLayout.frame(StoredValue.of(version, payload)));
    }

    private static byte[] tagged(char tag, String normalizedName) {
        byte[] name = utf8(normalizedName);
        byte[] row = new byte[name.length + 1];
        row[0] = (byte) tag;
        System.arraycopy(name, 0, row, 1, name.length);
        return row;
    }

    private static long number(byte[] value) {
        return ByteBuffer.wrap(value).getLong();
    }

    private static int indexOfZero(byte[] key) {
        for (int i = 0; i < key.length; i++) {
            if (key[i] == 0) {
                return i;
            }
        }
        throw new IllegalStateException("a release 0.1 table key without separator");
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
