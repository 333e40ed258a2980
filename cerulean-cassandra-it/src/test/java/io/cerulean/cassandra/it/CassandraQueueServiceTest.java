package io.cerulean.cassandra.it;

import io.cerulean.queue.service.QueueServiceConformanceTest;
import io.cerulean.storage.KeyValueStore;
import java.util.Optional;

/** The Queue service's semantics (visibility, receipts, expiry, competing consumers) on Cassandra. */
class CassandraQueueServiceTest extends QueueServiceConformanceTest {
    private static final TestCluster.ReusedKeyspace KEYSPACE = new TestCluster.ReusedKeyspace("queueservice");

    @Override
    protected KeyValueStore newStore() {
        return KEYSPACE.fresh();
    }

    @Override
    protected Optional<KeyValueStore> reopen(KeyValueStore closed) {
        return Optional.of(KEYSPACE.reopen());
    }
}
