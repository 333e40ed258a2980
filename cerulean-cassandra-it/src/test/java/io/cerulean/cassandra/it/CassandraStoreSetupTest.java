package io.cerulean.cassandra.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import io.cerulean.storage.CommitOutcome;
import io.cerulean.storage.KeySpaces;
import io.cerulean.storage.Precondition;
import io.cerulean.storage.RecordMutation;
import io.cerulean.storage.StoreFormatException;
import io.cerulean.storage.StoredValue;
import io.cerulean.store.cassandra.CassandraKeyValueStore;
import io.cerulean.store.cassandra.CassandraStoreConfig;
import io.cerulean.store.cassandra.ClusterUnreachableException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Opening the store: what it creates, what it leaves as an operator made it, and what it refuses. */
class CassandraStoreSetupTest {

    @Test
    void aMissingKeyspaceIsCreatedWithTheConfiguredReplicationAndTheFormatRecorded() {
        String keyspace = TestCluster.newKeyspace("created");
        try (CassandraKeyValueStore store = CassandraKeyValueStore.open(TestCluster.config(keyspace))) {
            assertThat(store.commit(KeySpaces.SERVER_STATE.single(), "p".getBytes(), List.of(RecordMutation.put(
                    new byte[0], StoredValue.of(1, new byte[] {1}), Precondition.MUST_NOT_EXIST))))
                    .isEqualTo(CommitOutcome.APPLIED);
        }
        Row replication = TestCluster.session().execute(SimpleStatement.newInstance(
                "SELECT replication FROM system_schema.keyspaces WHERE keyspace_name = ?", keyspace)).one();
        assertThat(replication.getMap(0, String.class, String.class))
                .containsEntry("class", "org.apache.cassandra.locator.NetworkTopologyStrategy")
                .containsEntry("datacenter1", "1");
        assertThat(TestCluster.session().execute("SELECT version FROM " + keyspace
                + ".schema_version WHERE component = 'store'").one().getInt(0)).isEqualTo(1);
        assertThat(TestCluster.session().execute(SimpleStatement.newInstance(
                "SELECT table_name FROM system_schema.tables WHERE keyspace_name = ?", keyspace)).all())
                .extracting(r -> r.getString(0)).containsExactlyInAnyOrderElementsOf(TestCluster.STORE_TABLES);
    }

    @Test
    void aKeyspaceAnOperatorCreatedIsUsedAsItIs() {
        String keyspace = TestCluster.newKeyspace("operator");
        TestCluster.session().execute(SimpleStatement.newInstance("CREATE KEYSPACE " + keyspace
                + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}")
                .setTimeout(Duration.ofSeconds(60)));
        CassandraStoreConfig config = TestCluster.config(keyspace).withReplicationFactor(3);
        try (CassandraKeyValueStore store = CassandraKeyValueStore.open(config)) {
            store.commit(KeySpaces.SERVER_STATE.single(), "p".getBytes(), List.of(RecordMutation.put(new byte[0],
                    StoredValue.of(1, new byte[0]), Precondition.NONE)));
        }
        Map<String, String> replication = TestCluster.session().execute(SimpleStatement.newInstance(
                "SELECT replication FROM system_schema.keyspaces WHERE keyspace_name = ?", keyspace)).one()
                .getMap(0, String.class, String.class);
        assertThat(replication).containsEntry("class", "org.apache.cassandra.locator.SimpleStrategy")
                .containsEntry("replication_factor", "1");
    }

    @Test
    void aKeyspaceOfANewerFormatIsRefusedWithBothFormatsNamed() {
        String keyspace = TestCluster.newKeyspace("newer");
        CassandraKeyValueStore.open(TestCluster.config(keyspace)).close();
        TestCluster.session().execute("UPDATE " + keyspace + ".schema_version SET version = 2 WHERE component = 'store'");
        assertThatThrownBy(() -> CassandraKeyValueStore.open(TestCluster.config(keyspace)))
                .isInstanceOf(StoreFormatException.class)
                .hasMessageContaining("format 2").hasMessageContaining("format 1");
    }

    @Test
    void aClusterThatCannotBeReachedAtStartIsNamedInAnExceptionOfItsOwn() {
        TestCluster.nodes();
        long started = System.nanoTime();
        // Nothing listens on this port of a loopback address no node uses.
        CassandraStoreConfig config = CassandraStoreConfig.of("127.0.0.9:9042").withRequestTimeout(Duration.ofSeconds(3));
        assertThatThrownBy(() -> CassandraKeyValueStore.open(config))
                .isInstanceOf(ClusterUnreachableException.class)
                .hasMessageContaining("127.0.0.9:9042");
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(30));
    }
}
