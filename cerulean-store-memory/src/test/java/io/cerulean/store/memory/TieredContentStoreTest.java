package io.cerulean.store.memory;

import io.cerulean.storage.content.ChunkedContentStore;
import io.cerulean.storage.content.ContentStore;
import io.cerulean.storage.content.ContentStoreConformanceTest;
import io.cerulean.storage.content.TieredContentStore;

/**
 * Small content as records, large content in another store, held to the content seam's contract;
 * the threshold is low so that the suite's contents land on both sides of it.
 */
class TieredContentStoreTest extends ContentStoreConformanceTest {
    private MemoryKeyValueStore records;
    private MemoryContentStore large;

    @Override
    protected ContentStore newStore() {
        records = new MemoryKeyValueStore();
        large = new MemoryContentStore();
        return new TieredContentStore(new ChunkedContentStore(records), large, 2);
    }

    @Override
    protected ContentStore reopen(ContentStore closed) {
        return null; // the memory content store keeps nothing once closed
    }
}
