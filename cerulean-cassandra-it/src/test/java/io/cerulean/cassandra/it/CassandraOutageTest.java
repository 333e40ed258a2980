package io.cerulean.cassandra.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The cluster goes away while the store runs: every call answers that the store is unavailable
 * within its timeout instead of hanging, and once the node is back the same store answers again by
 * itself, with every write it had acknowledged.
 */
class CassandraOutageTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(5);
    private static final Duration COMMIT_LOG_SYNC = Duration.ofSeconds(1);

    @Test
    void aStoppedClusterIsUnavailableWithinTheTimeoutAndTheStoreRecoversByItself() throws Exception {
        CassandraNodes nodes = TestCluster.nodes();
        Space space = KeySpaces.TABLE_ENTITIES.instance(1);
        try (CassandraKeyValueStore store = CassandraKeyValueStore.open(
                TestCluster.config(TestCluster.newKeyspace("outage")).withRequestTimeout(TIMEOUT))) {
            for (int i = 0; i < 20; i++) {
                assertThat(store.commit(space, bytes("p" + i), List.of(RecordMutation.put(bytes("r"),
                        StoredValue.of(i, bytes("v" + i)), Precondition.MUST_NOT_EXIST)))).isEqualTo(CommitOutcome.APPLIED);
            }
            // A node syncs its commit log once a period (a second in the tests' nodes): what it
            // acknowledged since is lost with the process. With replication factor 3 and QUORUM
            // another replica still holds it; with one node, only synced writes outlive a SIGKILL.
            Thread.sleep(COMMIT_LOG_SYNC.multipliedBy(2).toMillis());
            nodes.kill(0);
            try {
                assertUnavailableInTime(() -> store.get(space, bytes("p1"), bytes("r")));
                assertUnavailableInTime(() -> store.commit(space, bytes("p1"), List.of(RecordMutation.put(bytes("r"),
                        StoredValue.of(99, bytes("lost")), Precondition.NONE))));
                assertUnavailableInTime(() -> {
                    try (var cursor = store.scan(space, RecordRange.all())) {
                        cursor.advance();
                    }
                });
                assertUnavailableInTime(() -> store.drop(KeySpaces.TABLE_ENTITIES.instance(2)));
            } finally {
                nodes.restart(0);
            }
            long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
            while (true) {
                try {
                    store.get(space, bytes("p0"), bytes("r"));
                    break;
                } catch (StoreUnavailableException e) {
                    if (System.nanoTime() > deadline) {
                        throw e;
                    }
                    Thread.sleep(500);
                }
            }
            List<Long> versions = new java.util.ArrayList<>();
            for (int i = 0; i < 20; i++) {
                versions.add(store.get(space, bytes("p" + i), bytes("r")).map(StoredValue::version).orElse(-1L));
            }
            assertThat(versions).as("versions read back after the restart (-1: missing)")
                    .isEqualTo(java.util.stream.LongStream.range(0, 20).boxed().toList());
            assertThat(store.commit(space, bytes("p1"), List.of(RecordMutation.put(bytes("r"),
                    StoredValue.of(100, bytes("after")), new Precondition.VersionEquals(1))))).isEqualTo(CommitOutcome.APPLIED);
        }
    }

    private static void assertUnavailableInTime(Runnable call) {
        long started = System.nanoTime();
        assertThatThrownBy(call::run).isInstanceOf(StoreUnavailableException.class);
        // The request timeout, and as much again for a read back after a commit that got no answer.
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(TIMEOUT.multipliedBy(3));
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
