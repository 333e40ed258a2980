package io.cerulean.store.memory;

import io.cerulean.storage.content.ContentStore;
import io.cerulean.storage.content.ContentStoreConformanceTest;

class MemoryContentStoreTest extends ContentStoreConformanceTest {
    @Override
    protected ContentStore newStore() {
        return new MemoryContentStore();
    }
}
