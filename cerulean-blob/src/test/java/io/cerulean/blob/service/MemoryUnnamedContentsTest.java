package io.cerulean.blob.service;

import io.cerulean.storage.KeyValueStore;
import io.cerulean.storage.content.ContentStore;
import io.cerulean.store.memory.MemoryContentStore;
import io.cerulean.store.memory.MemoryKeyValueStore;

class MemoryUnnamedContentsTest extends UnnamedContentsConformanceTest {
    @Override
    protected KeyValueStore newStore() {
        return new MemoryKeyValueStore();
    }

    @Override
    protected ContentStore newContents(KeyValueStore store) {
        return new MemoryContentStore();
    }
}
