package io.cerulean.cassandra.it;

import io.cerulean.blob.service.BlobServiceConformanceTest;
import io.cerulean.storage.KeyValueStore;
import io.cerulean.storage.content.ChunkedContentStore;
import io.cerulean.storage.content.ContentStore;
import java.util.Optional;

/** The Blob service as servers sharing a cluster run it: records and blob bytes (as chunk rows) on Cassandra. */
class CassandraBlobServiceTest extends BlobServiceConformanceTest {
    private static final TestCluster.ReusedKeyspace KEYSPACE = new TestCluster.ReusedKeyspace("blobservice");

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
}
