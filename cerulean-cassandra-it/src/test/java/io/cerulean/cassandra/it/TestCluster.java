package io.cerulean.cassandra.it;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import io.cerulean.store.cassandra.CassandraKeyValueStore;
import io.cerulean.store.cassandra.CassandraStoreConfig;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/** The one node every test of the default suite shares, fresh keyspaces on it, and a session to look inside. */
final class TestCluster {
    /** The store's tables, as an operator would see them. */
    static final List<String> STORE_TABLES = List.of("schema_version", "space_generations", "records",
            "partition_directory", "pending_drops");

    private static final AtomicInteger KEYSPACES = new AtomicInteger();
    private static CqlSession session;

    private TestCluster() {
    }

    static CassandraNodes nodes() {
        return CassandraNodes.cluster(1);
    }

    /** A keyspace name no other test of this run uses (the nodes start empty every run). */
    static String newKeyspace(String purpose) {
        return purpose + "_" + KEYSPACES.incrementAndGet();
    }

    /** The store's settings for this run's node; requests wait longer than the default on a loaded machine. */
    static CassandraStoreConfig config(String keyspace) {
        return config(nodes(), keyspace);
    }

    /** The same, on other nodes than the default suite's. */
    static CassandraStoreConfig config(CassandraNodes nodes, String keyspace) {
        return CassandraStoreConfig.of(nodes.contactPoints()).withKeyspace(keyspace)
                .withRequestTimeout(Duration.ofSeconds(20));
    }

    /** A session of the tests' own, to read what the store wrote and to prepare keyspaces as an operator would. */
    static synchronized CqlSession session() {
        if (session == null || session.isClosed()) {
            String[] first = nodes().contactPoints().split(",")[0].split(":");
            session = CqlSession.builder()
                    .addContactPoint(new InetSocketAddress(first[0], Integer.parseInt(first[1])))
                    .withLocalDatacenter("datacenter1")
                    .withConfigLoader(DriverConfigLoader.programmaticBuilder()
                            .withString(DefaultDriverOption.PROTOCOL_VERSION, "V4")
                            .withString(DefaultDriverOption.REQUEST_CONSISTENCY, "QUORUM")
                            .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, Duration.ofSeconds(60))
                            .withDuration(DefaultDriverOption.RECONNECTION_MAX_DELAY, Duration.ofSeconds(2))
                            .build())
                    .build();
        }
        return session;
    }

    /**
     * A keyspace one test class reuses: the first store opened creates it, every later one starts
     * from its tables truncated, because a new schema per test costs about ten seconds on a loaded
     * machine and truncating one about a second.
     */
    static final class ReusedKeyspace {
        private final String name;
        private boolean created;

        ReusedKeyspace(String purpose) {
            this.name = newKeyspace(purpose);
        }

        /** A store on the keyspace, empty. */
        synchronized CassandraKeyValueStore fresh() {
            if (created) {
                truncate(name);
            }
            created = true;
            return CassandraKeyValueStore.open(config(name));
        }

        /** A store on the keyspace as it is. */
        CassandraKeyValueStore reopen() {
            return CassandraKeyValueStore.open(config(name));
        }
    }

    /**
     * Empties every table of the store in {@code keyspace} that holds data: a fresh store without the
     * cost of a new schema. The format row stays, as a new store would write it again.
     */
    static void truncate(String keyspace) {
        for (String table : STORE_TABLES.subList(1, STORE_TABLES.size())) {
            session().execute(SimpleStatement.newInstance("TRUNCATE " + keyspace + "." + table)
                    .setTimeout(Duration.ofSeconds(60)));
        }
    }
}
