package io.cerulean.cassandra.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.storage.CommitOutcome;
import io.cerulean.storage.KeySpaces;
import io.cerulean.storage.Precondition;
import io.cerulean.storage.RecordMutation;
import io.cerulean.storage.RecordRange;
import io.cerulean.storage.Space;
import io.cerulean.storage.StoreUnavailableException;
import io.cerulean.storage.StoredValue;
import io.cerulean.store.cassandra.CassandraKeyValueStore;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Three nodes on 127.0.0.1, .2 and .3 with replication factor 3: one killed with SIGKILL, the store
 * goes on, and nothing it acknowledged is lost, before or after the node returns. Runs in the
 * module's second test execution, which sets {@code -Dcassandra.it.threeNodes=true} and starts the
 * three nodes once for these tests and {@link FaultDrillTest}.
 */
@EnabledIfSystemProperty(named = "cassandra.it.threeNodes", matches = "true")
class ThreeNodeClusterTest {

    @Test
    void oneNodeKilledLosesNoAcknowledgedWrite() {
        CassandraNodes nodes = CassandraNodes.cluster(3);
        Space space = KeySpaces.TABLE_ENTITIES.instance(7);
        List<String> acknowledged = new ArrayList<>();
        int unknown = 0;
        try (CassandraKeyValueStore store = CassandraKeyValueStore.open(
                TestCluster.config(nodes, TestCluster.newKeyspace("three")).withReplicationFactor(3))) {
            unknown += write(store, space, "before", acknowledged);
            nodes.kill(2);
            try {
                unknown += write(store, space, "during", acknowledged);
                assertThat(keys(store, space)).containsAll(acknowledged);
            } finally {
                nodes.restart(2);
            }
            unknown += write(store, space, "after", acknowledged);
            assertThat(keys(store, space)).containsAll(acknowledged);
        }
        assertThat(acknowledged.size()).isGreaterThanOrEqualTo(90 - unknown);
    }

    /**
     * Eight writers race on one record through three coordinators' worth of Paxos: contention makes
     * Cassandra answer some commits that did apply with a write timeout. No two writers may be told
     * they won the same version, and no win may be lost; a commit the store could not settle is
     * answered as unavailable.
     */
    @Test
    void racingWritersOnThreeNodesHaveOneWinnerEach() throws Exception {
        CassandraNodes nodes = CassandraNodes.cluster(3);
        Space space = KeySpaces.TABLE_ENTITIES.instance(8);
        try (CassandraKeyValueStore store = CassandraKeyValueStore.open(
                TestCluster.config(nodes, TestCluster.newKeyspace("race")).withReplicationFactor(3))) {
            store.commit(space, "hot".getBytes(StandardCharsets.UTF_8), List.of(RecordMutation.put(
                    "r".getBytes(StandardCharsets.UTF_8), StoredValue.of(0, new byte[0]), Precondition.MUST_NOT_EXIST)));
            java.util.concurrent.atomic.AtomicInteger won = new java.util.concurrent.atomic.AtomicInteger();
            java.util.concurrent.atomic.AtomicInteger unsettled = new java.util.concurrent.atomic.AtomicInteger();
            java.util.concurrent.ExecutorService writers = java.util.concurrent.Executors.newFixedThreadPool(8);
            List<java.util.concurrent.Future<?>> futures = new ArrayList<>();
            for (int w = 0; w < 8; w++) {
                futures.add(writers.submit(() -> {
                    for (int i = 0; i < 15; i++) {
                        try {
                            long seen = store.get(space, "hot".getBytes(StandardCharsets.UTF_8),
                                    "r".getBytes(StandardCharsets.UTF_8)).orElseThrow().version();
                            CommitOutcome outcome = store.commit(space, "hot".getBytes(StandardCharsets.UTF_8),
                                    List.of(RecordMutation.put("r".getBytes(StandardCharsets.UTF_8),
                                            StoredValue.of(seen + 1, new byte[0]), new Precondition.VersionEquals(seen))));
                            if (outcome == CommitOutcome.APPLIED) {
                                won.incrementAndGet();
                            }
                        } catch (StoreUnavailableException e) {
                            unsettled.incrementAndGet();
                        }
                    }
                }));
            }
            for (java.util.concurrent.Future<?> future : futures) {
                future.get(10, java.util.concurrent.TimeUnit.MINUTES);
            }
            writers.shutdown();
            long last = store.get(space, "hot".getBytes(StandardCharsets.UTF_8), "r".getBytes(StandardCharsets.UTF_8))
                    .orElseThrow().version();
            System.err.println("[race] won " + won + ", unsettled " + unsettled + ", final version " + last);
            assertThat(won.get()).isPositive();
            assertThat(last).isBetween((long) won.get(), (long) won.get() + unsettled.get());
        }
    }

    /** 30 inserts, each its own partition; returns how many the store could not confirm. */
    private static int write(CassandraKeyValueStore store, Space space, String phase, List<String> acknowledged) {
        int unknown = 0;
        for (int i = 0; i < 30; i++) {
            String partition = phase + i;
            try {
                CommitOutcome outcome = store.commit(space, partition.getBytes(StandardCharsets.UTF_8), List.of(
                        RecordMutation.put("r".getBytes(StandardCharsets.UTF_8), StoredValue.of(i, new byte[] {1}),
                                Precondition.MUST_NOT_EXIST)));
                assertThat(outcome).isEqualTo(CommitOutcome.APPLIED);
                acknowledged.add(partition);
            } catch (StoreUnavailableException e) {
                unknown++;
            }
        }
        return unknown;
    }

    private static List<String> keys(CassandraKeyValueStore store, Space space) {
        List<String> found = new ArrayList<>();
        try (var cursor = store.scan(space, RecordRange.all())) {
            while (cursor.advance()) {
                found.add(new String(cursor.partition().toArray(), StandardCharsets.UTF_8));
            }
        }
        return found;
    }
}
