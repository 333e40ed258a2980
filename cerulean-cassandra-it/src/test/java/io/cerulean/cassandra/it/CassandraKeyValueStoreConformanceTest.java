package io.cerulean.cassandra.it;

import io.cerulean.storage.KeyValueStore;
import io.cerulean.storage.KeyValueStoreConformanceTest;

/** The seam's contract on a real Cassandra node, each test on an empty keyspace. */
class CassandraKeyValueStoreConformanceTest extends KeyValueStoreConformanceTest {
    private static final TestCluster.ReusedKeyspace KEYSPACE = new TestCluster.ReusedKeyspace("conformance");

    @Override
    protected KeyValueStore newStore() {
        return KEYSPACE.fresh();
    }

    @Override
    protected KeyValueStore reopen(KeyValueStore closed) {
        closed.close();
        return KEYSPACE.reopen();
    }

    /** Cassandra has no snapshot several cursors can share: scans on it are never split. */
    @Override
    protected boolean hasSnapshots() {
        return false;
    }
}
