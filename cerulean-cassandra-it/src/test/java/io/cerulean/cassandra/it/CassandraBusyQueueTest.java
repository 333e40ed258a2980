package io.cerulean.cassandra.it;

import io.cerulean.queue.service.BusyQueueConformanceTest;
import io.cerulean.storage.KeyValueStore;

/** A busy queue on Cassandra: reads start past taken messages, and nothing written behind them is missed. */
class CassandraBusyQueueTest extends BusyQueueConformanceTest {
    private static final TestCluster.ReusedKeyspace KEYSPACE = new TestCluster.ReusedKeyspace("busyqueue");

    @Override
    protected KeyValueStore newStore() {
        return KEYSPACE.fresh();
    }
}
