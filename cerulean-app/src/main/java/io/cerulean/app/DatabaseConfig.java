package io.cerulean.app;

import io.cerulean.app.backup.OpenDataDirectory;
import io.cerulean.app.metrics.StoreMeters;
import io.cerulean.storage.KeyValueStore;
import io.cerulean.storage.content.ChunkedContentStore;
import io.cerulean.storage.content.TieredContentStore;
import io.cerulean.storage.database.Database;
import io.cerulean.store.cassandra.CassandraKeyValueStore;
import io.cerulean.store.cassandra.CassandraStoreConfig;
import io.cerulean.store.memory.MemoryContentStore;
import io.cerulean.store.memory.MemoryKeyValueStore;
import io.cerulean.store.rocksdb.RocksDbKeyValueStore;
import java.nio.file.Path;

/**
 * The database a server runs on, and how it is opened: the one place that knows every store.
 *
 * <ul>
 *   <li>RocksDB in {@code dataDir}: records in RocksDB; blob content up to
 *       {@link #SMALL_CONTENT_BYTES} as chunk records in RocksDB itself, whose log's group commit
 *       syncs many at once, and larger content as files beside it (written once and synced, never
 *       rewritten by compaction nor written twice through the log). Exclusive: the directory lock
 *       keeps other processes out.</li>
 *   <li>Memory: records and content in memory, exclusive.</li>
 *   <li>Cassandra, or a store passed in: records in it and content as chunk records in it too, since
 *       servers share it; not exclusive.</li>
 * </ul>
 *
 * @param sharedStore a store the caller opened and closes (null for none)
 * @param cassandra   a Cassandra cluster's settings (null for none)
 */
record DatabaseConfig(Kind kind, Path dataDir, long cacheBytes, KeyValueStore sharedStore,
                      CassandraStoreConfig cassandra) {
    /** Blob content this small is kept in RocksDB, not in a file of its own. */
    static final int SMALL_CONTENT_BYTES = 64 * 1024;

    /** Where the data lives. */
    enum Kind { ROCKSDB, MEMORY, CASSANDRA, SHARED }

    /** Whether the data lives in {@link #dataDir}, which a failed first start should leave as it found it. */
    boolean keepsDataDir() {
        return kind == Kind.ROCKSDB;
    }

    /** What an operator calls the store the records are in, as the readiness check names it. */
    String storeName() {
        return switch (kind) {
            case ROCKSDB -> "RocksDB";
            case MEMORY -> "memory";
            case CASSANDRA -> "Cassandra";
            case SHARED -> sharedStore instanceof RocksDbKeyValueStore ? "RocksDB"
                    : sharedStore instanceof CassandraKeyValueStore ? "Cassandra" : "the store";
        };
    }

    /**
     * Opens the database, its stores metered into {@code meters}' registry (records timed under
     * {@code store="<kind>"}, content counted under {@code store="files"} for files and
     * {@code "records"} for chunk records, RocksDB's statistics and the Cassandra driver's metrics
     * beside them); closing it removes them.
     *
     * @throws io.cerulean.storage.StoreUnavailableException when the store cannot be reached
     * @throws io.cerulean.storage.StoreFormatException when it holds data in another format
     */
    Opened open(StoreMeters meters) {
        return switch (kind) {
            case MEMORY -> new Opened(Database.open(meters.records(new MemoryKeyValueStore(), "memory"),
                    meters.contents(new MemoryContentStore(), "memory"), true), null);
            case SHARED -> new Opened(chunked(meters.records(new UnclosedStore(sharedStore), "shared"), meters), null);
            case CASSANDRA -> new Opened(chunked(meters.records(
                    CassandraKeyValueStore.open(cassandra, meters.driverRegistry()), "cassandra"), meters), null);
            case ROCKSDB -> {
                OpenDataDirectory local = OpenDataDirectory.open(dataDir, cacheBytes);
                KeyValueStore records = meters.rocksDb(local.records());
                yield new Opened(Database.open(records, new TieredContentStore(
                        meters.contents(ChunkedContentStore.durableWithLaterCommits(records), "records"),
                        meters.contents(local.blobs(), "files"), SMALL_CONTENT_BYTES), true), local);
            }
        };
    }

    /** A database on a store shared with other servers, content as its records. */
    private static Database chunked(KeyValueStore records, StoreMeters meters) {
        return Database.open(records, meters.contents(new ChunkedContentStore(records), "records"), false);
    }

    /**
     * An open database, and its data directory when it has one (RocksDB): what the control socket's
     * backups read. Closing the database closes the directory's stores.
     */
    record Opened(Database database, OpenDataDirectory dataDirectory) {
    }
}
