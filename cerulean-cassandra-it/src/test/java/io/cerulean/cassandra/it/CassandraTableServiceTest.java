package io.cerulean.cassandra.it;

import io.cerulean.table.layout.KeyValueTableStore;
import io.cerulean.table.service.TableServiceConformanceTest;
import io.cerulean.table.store.TableStore;

/** The Table service's semantics (queries, paging, ETags, batches) on Cassandra, below HTTP. */
class CassandraTableServiceTest extends TableServiceConformanceTest {
    private static final TestCluster.ReusedKeyspace KEYSPACE = new TestCluster.ReusedKeyspace("tableservice");

    @Override
    protected TableStore newStore() {
        return KeyValueTableStore.open(KEYSPACE.fresh());
    }
}
