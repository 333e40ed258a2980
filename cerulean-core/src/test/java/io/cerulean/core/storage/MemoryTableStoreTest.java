package io.cerulean.core.storage;

import io.cerulean.store.memory.MemoryKeyValueStore;
import io.cerulean.core.spi.TableStore;
import io.cerulean.core.spi.TableStoreConformanceTest;

class MemoryTableStoreTest extends TableStoreConformanceTest {
    @Override
    protected TableStore newStore() {
        return KeyValueTableStore.open(new MemoryKeyValueStore());
    }
}
