package io.cerulean.store.memory;

import io.cerulean.storage.content.ChunkedContentStore;
import io.cerulean.storage.content.ContentStore;
import io.cerulean.storage.content.ContentStoreConformanceTest;

/** Content as records (what a Cassandra cluster keeps), held to the content seam's contract on the memory store. */
class ChunkedContentStoreTest extends ContentStoreConformanceTest {
    private MemoryKeyValueStore records;

    @Override
    protected ContentStore newStore() {
        records = new MemoryKeyValueStore();
        return new ChunkedContentStore(records);
    }

    @Override
    protected ContentStore reopen(ContentStore closed) {
        closed.close();
        return new ChunkedContentStore(records);
    }
}
