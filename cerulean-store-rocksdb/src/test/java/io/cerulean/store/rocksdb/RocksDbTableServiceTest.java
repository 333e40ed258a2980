package io.cerulean.store.rocksdb;

import io.cerulean.core.storage.KeyValueTableStore;
import io.cerulean.core.service.TableServiceConformanceTest;
import io.cerulean.core.spi.TableStore;
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
