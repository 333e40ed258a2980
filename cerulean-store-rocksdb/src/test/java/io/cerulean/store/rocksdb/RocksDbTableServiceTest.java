package io.cerulean.store.rocksdb;

import io.cerulean.table.service.TableServiceConformanceTest;
import io.cerulean.table.store.TableStore;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

class RocksDbTableServiceTest extends TableServiceConformanceTest {
    @TempDir
    Path dir;

    @Override
    protected TableStore newStore() {
        return RocksDbTables.open(dir);
    }
}
