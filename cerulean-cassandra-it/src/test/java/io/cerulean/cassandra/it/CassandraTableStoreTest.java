package io.cerulean.cassandra.it;

import io.cerulean.table.layout.KeyValueTableStore;
import io.cerulean.table.store.TableStore;
import io.cerulean.table.store.TableStoreConformanceTest;

/** The Table service's store contract (tables, entities, conditions, batches, scans) on Cassandra. */
class CassandraTableStoreTest extends TableStoreConformanceTest {
    private static final TestCluster.ReusedKeyspace KEYSPACE = new TestCluster.ReusedKeyspace("tablestore");

    @Override
    protected TableStore newStore() {
        return KeyValueTableStore.open(KEYSPACE.fresh());
    }
}
