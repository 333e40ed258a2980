package io.cerulean.cassandra.it;

import io.cerulean.blob.service.UnnamedContentsConformanceTest;
import io.cerulean.storage.KeyValueStore;
import io.cerulean.storage.content.ChunkedContentStore;
import io.cerulean.storage.content.ContentStore;

/** Bytes left behind, as servers sharing a cluster keep them: chunk rows on Cassandra. */
class CassandraUnnamedContentsTest extends UnnamedContentsConformanceTest {
    private static final TestCluster.ReusedKeyspace KEYSPACE = new TestCluster.ReusedKeyspace("unnamedcontents");

    @Override
    protected KeyValueStore newStore() {
        return KEYSPACE.fresh();
    }

    @Override
    protected ContentStore newContents(KeyValueStore store) {
        return new ChunkedContentStore(store);
    }
}
