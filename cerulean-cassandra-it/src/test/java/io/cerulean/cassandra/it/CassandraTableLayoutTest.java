package io.cerulean.cassandra.it;

import io.cerulean.storage.KeyValueStore;
import io.cerulean.table.layout.TableLayoutConformanceTest;

/** The Table service's store contract (tables, entities, conditions, batches, scans) on Cassandra. */
class CassandraTableLayoutTest extends TableLayoutConformanceTest {
    private static final TestCluster.ReusedKeyspace KEYSPACE = new TestCluster.ReusedKeyspace("tablestore");

    @Override
    protected KeyValueStore newStore() {
        return KEYSPACE.fresh();
    }
}
