package io.cerulean.cassandra.it;

import io.cerulean.blob.service.BlobVersionsConformanceTest;
import io.cerulean.storage.KeyValueStore;
import io.cerulean.storage.content.ChunkedContentStore;
import io.cerulean.storage.content.ContentStore;
import java.util.Optional;

/** Blob versions and soft delete as servers sharing a cluster keep them: records and chunk rows on Cassandra. */
class CassandraBlobVersionsTest extends BlobVersionsConformanceTest {
    private static final TestCluster.ReusedKeyspace KEYSPACE = new TestCluster.ReusedKeyspace("blobversions");

    @Override
    protected KeyValueStore newStore() {
        return KEYSPACE.fresh();
    }

    @Override
    protected ContentStore newContents(KeyValueStore store) {
        return new ChunkedContentStore(store);
    }

    @Override
    protected Optional<KeyValueStore> reopen(KeyValueStore closed) {
        return Optional.of(KEYSPACE.reopen());
    }

    @Override
    protected boolean reopens() {
        return true;
    }
}
