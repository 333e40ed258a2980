package io.cerulean.store.rocksdb;

import io.cerulean.storage.KeyValueStore;
import io.cerulean.storage.KeyValueStoreConformanceTest;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

class RocksDbKeyValueStoreTest extends KeyValueStoreConformanceTest {
    @TempDir
    Path dir;

    @Override
    protected KeyValueStore newStore() {
        return RocksDbKeyValueStore.open(dir.resolve("db"));
    }

    @Override
    protected KeyValueStore reopen(KeyValueStore closed) {
        closed.close();
        return RocksDbKeyValueStore.open(dir.resolve("db"));
    }
}
