package io.cerulean.table.layout;

import io.cerulean.storage.KeyValueStore;
import io.cerulean.store.memory.MemoryKeyValueStore;

class MemoryTableLayoutTest extends TableLayoutConformanceTest {
    @Override
    protected KeyValueStore newStore() {
        return new MemoryKeyValueStore();
    }
}
