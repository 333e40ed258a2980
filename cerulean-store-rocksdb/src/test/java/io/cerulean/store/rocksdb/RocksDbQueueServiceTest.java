package io.cerulean.store.rocksdb;

import io.cerulean.queue.service.QueueServiceConformanceTest;
import io.cerulean.storage.KeyValueStore;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.io.TempDir;

class RocksDbQueueServiceTest extends QueueServiceConformanceTest {
    @TempDir
    Path dir;

    @Override
    protected KeyValueStore newStore() {
        return RocksDbKeyValueStore.open(dir);
    }

    @Override
    protected Optional<KeyValueStore> reopen(KeyValueStore closed) {
        return Optional.of(RocksDbKeyValueStore.open(dir));
    }
}
