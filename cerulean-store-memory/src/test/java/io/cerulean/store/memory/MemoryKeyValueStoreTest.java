package io.cerulean.store.memory;

import io.cerulean.storage.KeyValueStore;
import io.cerulean.storage.KeyValueStoreConformanceTest;

class MemoryKeyValueStoreTest extends KeyValueStoreConformanceTest {
    @Override
    protected KeyValueStore newStore() {
        return new MemoryKeyValueStore();
    }

    @Override
    protected boolean hasSnapshots() {
        return false;
    }
}
