package io.cerulean.store.rocksdb;

import io.cerulean.storage.KeyValueStore;
import io.cerulean.table.service.TableServiceConformanceTest;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

class RocksDbTableServiceTest extends TableServiceConformanceTest {
    @TempDir
    Path dir;

    @Override
    protected KeyValueStore newStore() {
        return RocksDbKeyValueStore.open(dir);
    }
}
