package io.cerulean.store.rocksdb;

import io.cerulean.table.layout.KeyValueTableStore;
import java.nio.file.Path;

/** The Table service's store on RocksDB, as the server opens it. */
final class RocksDbTables {
    private RocksDbTables() {
    }

    static KeyValueTableStore open(Path directory) {
        return KeyValueTableStore.open(RocksDbKeyValueStore.open(directory));
    }

    static KeyValueTableStore open(Path directory, long cacheBytes) {
        return KeyValueTableStore.open(RocksDbKeyValueStore.open(directory, cacheBytes));
    }
}
