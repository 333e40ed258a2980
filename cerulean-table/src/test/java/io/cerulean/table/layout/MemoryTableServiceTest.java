package io.cerulean.table.layout;

import io.cerulean.storage.KeyValueStore;
import io.cerulean.store.memory.MemoryKeyValueStore;
import io.cerulean.table.service.TableServiceConformanceTest;

class MemoryTableServiceTest extends TableServiceConformanceTest {
    @Override
    protected KeyValueStore newStore() {
        return new MemoryKeyValueStore();
    }
}
