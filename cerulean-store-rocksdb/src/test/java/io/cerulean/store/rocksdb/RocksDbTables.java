package io.cerulean.store.rocksdb;

import io.cerulean.storage.database.Database;
import java.nio.file.Path;

/** A database on RocksDB for the Table service's tests, shared as a server sharing its store opens it. */
final class RocksDbTables {
    private RocksDbTables() {
    }

    static Database database(Path directory) {
        return Database.open(RocksDbKeyValueStore.open(directory), false);
    }

    static Database database(Path directory, long cacheBytes) {
        return Database.open(RocksDbKeyValueStore.open(directory, cacheBytes), false);
    }
}
