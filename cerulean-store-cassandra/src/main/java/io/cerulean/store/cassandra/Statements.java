package io.cerulean.store.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The store's CQL, prepared once per session. A record's Cassandra partition key is always bound
 * first, in the order {@code space, instance, generation, partition}.
 */
final class Statements {
    private static final String RECORD = "space = ? AND instance = ? AND generation = ? AND partition = ?";
    private static final String ROW = RECORD + " AND row = ?";

    final PreparedStatement get;
    final PreparedStatement insertIfAbsent;
    final PreparedStatement upsert;
    final PreparedStatement updateIfPresent;
    final PreparedStatement updateIfVersion;
    final PreparedStatement delete;
    final PreparedStatement deleteIfPresent;
    final PreparedStatement deleteIfVersion;
    final PreparedStatement deleteIfAbsent;
    final PreparedStatement markCommit;
    final PreparedStatement lastCommit;
    final PreparedStatement commitIds;
    final PreparedStatement dropPartition;
    final PreparedStatement readGeneration;
    final PreparedStatement insertGeneration;
    final PreparedStatement updateGeneration;
    final PreparedStatement addToDirectory;
    final PreparedStatement dropDirectoryBucket;
    final PreparedStatement requestDrop;
    final PreparedStatement pendingDrops;
    final PreparedStatement forgetDrop;

    private final CqlSession session;
    private final String keyspace;
    private final Map<String, PreparedStatement> ranges = new ConcurrentHashMap<>();

    Statements(CqlSession session, String keyspace) {
        this.session = session;
        this.keyspace = keyspace;
        String records = keyspace + ".records";
        get = prepare("SELECT version, payload FROM " + records + " WHERE " + ROW);
        String insert = "INSERT INTO " + records
                + " (space, instance, generation, partition, row, version, payload, commit_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)";
        insertIfAbsent = prepare(insert + " IF NOT EXISTS");
        // Unconditional only inside a conditional batch, where Paxos applies it with the rest.
        upsert = prepare(insert);
        String update = "UPDATE " + records + " SET version = ?, payload = ?, commit_id = ? WHERE " + ROW;
        updateIfPresent = prepare(update + " IF EXISTS");
        updateIfVersion = prepare(update + " IF version = ?");
        delete = prepare("DELETE FROM " + records + " WHERE " + ROW);
        deleteIfPresent = prepare("DELETE FROM " + records + " WHERE " + ROW + " IF EXISTS");
        deleteIfVersion = prepare("DELETE FROM " + records + " WHERE " + ROW + " IF version = ?");
        // A row that does not exist has no version: deleting it is a no-op that checks absence.
        deleteIfAbsent = prepare("DELETE FROM " + records + " WHERE " + ROW + " IF version = null");
        // Always true (the id is new), so every batch is conditional and names its commit.
        markCommit = prepare("UPDATE " + records + " SET last_commit = ? WHERE " + RECORD + " IF last_commit != ?");
        lastCommit = prepare("SELECT last_commit FROM " + records + " WHERE " + RECORD + " LIMIT 1");
        commitIds = prepare("SELECT row, commit_id FROM " + records + " WHERE " + RECORD + " AND row IN ?");
        dropPartition = prepare("DELETE FROM " + records + " WHERE " + RECORD);
        String generations = keyspace + ".space_generations";
        readGeneration = prepare("SELECT generation FROM " + generations + " WHERE space = ? AND instance = ?");
        insertGeneration = prepare("INSERT INTO " + generations + " (space, instance, generation) VALUES (?, ?, ?) IF NOT EXISTS");
        updateGeneration = prepare("UPDATE " + generations + " SET generation = ? WHERE space = ? AND instance = ? IF generation = ?");
        String directory = keyspace + ".partition_directory";
        addToDirectory = prepare("INSERT INTO " + directory + " (space, instance, generation, bucket, partition) VALUES (?, ?, ?, ?, ?)");
        dropDirectoryBucket = prepare("DELETE FROM " + directory + " WHERE space = ? AND instance = ? AND generation = ? AND bucket = ?");
        String drops = keyspace + ".pending_drops";
        requestDrop = prepare("INSERT INTO " + drops + " (space, instance, generation, requested_at) VALUES (?, ?, ?, ?)");
        pendingDrops = prepare("SELECT space, instance, generation, requested_at FROM " + drops);
        forgetDrop = prepare("DELETE FROM " + drops + " WHERE space = ? AND instance = ? AND generation = ?");
    }

    /**
     * The rows of one record partition between optional bounds ({@code >}, {@code >=}, {@code <},
     * {@code <=} or null): bound after the partition key, lower then upper.
     */
    PreparedStatement rows(String lowerOp, String upperOp) {
        return ranges.computeIfAbsent("rows" + lowerOp + upperOp, k -> prepare("SELECT row, version, payload FROM "
                + keyspace + ".records WHERE " + RECORD + bound("row", lowerOp) + bound("row", upperOp)));
    }

    /** One directory bucket's partitions between optional bounds, as {@link #rows}. */
    PreparedStatement directory(String lowerOp, String upperOp) {
        return ranges.computeIfAbsent("dir" + lowerOp + upperOp, k -> prepare("SELECT partition FROM " + keyspace
                + ".partition_directory WHERE space = ? AND instance = ? AND generation = ? AND bucket = ?"
                + bound("partition", lowerOp) + bound("partition", upperOp)));
    }

    private static String bound(String column, String op) {
        return op == null ? "" : " AND " + column + " " + op + " ?";
    }

    private PreparedStatement prepare(String cql) {
        return session.prepare(cql);
    }
}
