package io.cerulean.store.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import io.cerulean.storage.StoreFormatException;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;

/**
 * Makes the keyspace ready: creates it when missing (NetworkTopologyStrategy, the configured
 * replication factor in the local data centre), leaves one an operator created as it is, creates
 * the tables that are missing, and records the format, refusing a keyspace of a newer one. Only
 * what is missing is created, so an operator may create everything beforehand and run Cerulean
 * without the right to change the schema.
 */
final class CassandraSchema {
    /** Schema changes wait for every node to agree, which takes seconds on a busy cluster. */
    private static final Duration SCHEMA_CHANGE = Duration.ofSeconds(60);

    private CassandraSchema() {
    }

    static void prepare(CqlSession session, CassandraStoreConfig config) {
        String keyspace = config.keyspace();
        if (session.execute(SimpleStatement.newInstance(
                "SELECT keyspace_name FROM system_schema.keyspaces WHERE keyspace_name = ?", keyspace)).one() == null) {
            change(session, "CREATE KEYSPACE IF NOT EXISTS " + keyspace + " WITH replication = "
                    + "{'class': 'NetworkTopologyStrategy', '" + config.localDatacenter().replace("'", "''") + "': "
                    + config.replicationFactor() + "}");
        }
        Set<String> tables = new HashSet<>();
        for (Row row : session.execute(SimpleStatement.newInstance(
                "SELECT table_name FROM system_schema.tables WHERE keyspace_name = ?", keyspace))) {
            tables.add(row.getString(0));
        }
        for (int i = 0; i < CassandraLayout.TABLE_NAMES.size(); i++) {
            if (!tables.contains(CassandraLayout.TABLE_NAMES.get(i))) {
                change(session, CassandraLayout.tables(keyspace).get(i));
            }
        }
        ResultSet written = session.execute(SimpleStatement.newInstance("INSERT INTO " + keyspace
                + ".schema_version (component, version) VALUES (?, ?) IF NOT EXISTS", CassandraLayout.COMPONENT,
                CassandraLayout.FORMAT));
        if (!written.wasApplied()) {
            int found = written.one().getInt("version");
            if (found > CassandraLayout.FORMAT) {
                throw new StoreFormatException("keyspace " + keyspace + " holds Cerulean's Cassandra format " + found
                        + ", written by a newer release; this build reads format " + CassandraLayout.FORMAT);
            }
            // Older formats would be migrated here; format 1 is the first.
        }
    }

    private static void change(CqlSession session, String cql) {
        session.execute(SimpleStatement.newInstance(cql).setTimeout(SCHEMA_CHANGE));
    }
}
