package io.cerulean.table.layout;

import io.cerulean.store.memory.MemoryKeyValueStore;
import io.cerulean.table.store.TableStore;
import io.cerulean.table.store.TableStoreConformanceTest;

class MemoryTableStoreTest extends TableStoreConformanceTest {
    @Override
    protected TableStore newStore() {
        return KeyValueTableStore.open(new MemoryKeyValueStore());
    }
}
