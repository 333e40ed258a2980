package io.cerulean.store.rocksdb;

import io.cerulean.storage.KeyValueStore;
import io.cerulean.table.layout.FilterColumnsTest;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

class RocksDbFilterColumnsTest extends FilterColumnsTest {
    @TempDir
    Path dir;

    @Override
    protected KeyValueStore newKeyValueStore() {
        return RocksDbKeyValueStore.open(dir.resolve("db"));
    }
}
