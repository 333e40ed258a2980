package io.cerulean.table.layout;

import io.cerulean.storage.KeyValueStore;
import io.cerulean.store.memory.MemoryKeyValueStore;

class MemoryFilterColumnsTest extends FilterColumnsTest {
    @Override
    protected KeyValueStore newKeyValueStore() {
        return new MemoryKeyValueStore();
    }
}
