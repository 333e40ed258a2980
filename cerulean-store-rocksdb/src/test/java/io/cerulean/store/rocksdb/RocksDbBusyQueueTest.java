package io.cerulean.store.rocksdb;

import io.cerulean.queue.service.BusyQueueConformanceTest;
import io.cerulean.storage.KeyValueStore;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

class RocksDbBusyQueueTest extends BusyQueueConformanceTest {
    @TempDir
    Path dir;

    @Override
    protected KeyValueStore newStore() {
        return RocksDbKeyValueStore.open(dir);
    }
}
