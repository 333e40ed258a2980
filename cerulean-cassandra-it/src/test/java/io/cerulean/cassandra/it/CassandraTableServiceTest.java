package io.cerulean.cassandra.it;

import io.cerulean.storage.KeyValueStore;
import io.cerulean.table.service.TableServiceConformanceTest;

/** The Table service's semantics (queries, paging, ETags, batches) on Cassandra, below HTTP. */
class CassandraTableServiceTest extends TableServiceConformanceTest {
    private static final TestCluster.ReusedKeyspace KEYSPACE = new TestCluster.ReusedKeyspace("tableservice");

    @Override
    protected KeyValueStore newStore() {
        return KEYSPACE.fresh();
    }
}
