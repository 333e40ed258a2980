package io.cerulean.queue.service;

import io.cerulean.storage.KeyValueStore;
import io.cerulean.store.memory.MemoryKeyValueStore;

class MemoryQueueServiceTest extends QueueServiceConformanceTest {
    @Override
    protected KeyValueStore newStore() {
        return new MemoryKeyValueStore();
    }
}
