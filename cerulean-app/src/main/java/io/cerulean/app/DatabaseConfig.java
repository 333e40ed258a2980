package io.cerulean.app;

import io.cerulean.storage.KeyValueStore;
import io.cerulean.storage.content.ChunkedContentStore;
import io.cerulean.storage.content.TieredContentStore;
import io.cerulean.storage.database.Database;
import io.cerulean.store.cassandra.CassandraKeyValueStore;
import io.cerulean.store.cassandra.CassandraStoreConfig;
import io.cerulean.store.files.FileContentStore;
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

    /**
     * Opens the database.
     *
     * @throws io.cerulean.storage.StoreUnavailableException when the store cannot be reached
     * @throws io.cerulean.storage.StoreFormatException when it holds data in another format
     */
    Database open() {
        return switch (kind) {
            case MEMORY -> Database.open(new MemoryKeyValueStore(), new MemoryContentStore(), true);
            case SHARED -> Database.open(new UnclosedStore(sharedStore), false);
            case CASSANDRA -> Database.open(CassandraKeyValueStore.open(cassandra), false);
            case ROCKSDB -> {
                RocksDbKeyValueStore records = RocksDbKeyValueStore.open(dataDir, cacheBytes);
                FileContentStore files;
                try {
                    files = FileContentStore.open(dataDir.resolve("blobs"));
                } catch (RuntimeException e) {
                    records.close();
                    throw e;
                }
                yield Database.open(records, new TieredContentStore(
                        ChunkedContentStore.durableWithLaterCommits(records), files, SMALL_CONTENT_BYTES), true);
            }
        };
    }
}
