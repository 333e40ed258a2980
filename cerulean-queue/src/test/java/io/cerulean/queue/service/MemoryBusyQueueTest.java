package io.cerulean.queue.service;

import io.cerulean.storage.KeyValueStore;
import io.cerulean.store.memory.MemoryKeyValueStore;

class MemoryBusyQueueTest extends BusyQueueConformanceTest {
    @Override
    protected KeyValueStore newStore() {
        return new MemoryKeyValueStore();
    }
}
