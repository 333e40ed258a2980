package io.cerulean.cassandra.it;

import io.cerulean.storage.KeyValueStore;
import io.cerulean.storage.KeyValueStoreConformanceTest;
import io.cerulean.store.cassandra.CassandraKeyValueStore;
import io.cerulean.store.cassandra.CassandraStoreConfig;

/**
 * The seam's contract on a real Cassandra node. The first store creates the keyspace; every later
 * one starts from its tables truncated, because creating a schema per test costs ten seconds on a
 * loaded machine and truncating one about a second.
 */
class CassandraKeyValueStoreConformanceTest extends KeyValueStoreConformanceTest {
    private static final String KEYSPACE = TestCluster.newKeyspace("conformance");
    private static boolean created;

    private final CassandraStoreConfig config = TestCluster.config(KEYSPACE);

    @Override
    protected KeyValueStore newStore() {
        if (created) {
            TestCluster.truncate(KEYSPACE);
        }
        created = true;
        return CassandraKeyValueStore.open(config);
    }

    @Override
    protected KeyValueStore reopen(KeyValueStore closed) {
        closed.close();
        return CassandraKeyValueStore.open(config);
    }

    /** Cassandra has no snapshot several cursors can share: scans on it are never split. */
    @Override
    protected boolean hasSnapshots() {
        return false;
    }
}
