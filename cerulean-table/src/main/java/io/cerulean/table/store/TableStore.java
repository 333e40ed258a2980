package io.cerulean.table.store;

import io.cerulean.table.model.Entity;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;

/**
 * Where the Table service keeps its tables and entities: the one implementation,
 * {@code io.cerulean.table.layout.KeyValueTableStore}, lays them out on the storage seam
 * ({@code io.cerulean.storage.KeyValueStore}) that every store implements. Everything else
 * (validation, merging, filters, paging, ETag rules) happens above it.
 *
 * <p>Contract for every implementation:
 * <ul>
 *   <li>Tables are named per account without regard to case; listing is in normalised-name order.</li>
 *   <li>Entities are read in (PartitionKey, RowKey) order, comparing UTF-16 code units.</li>
 *   <li>{@link #commit} is atomic within one partition: a reader sees all of it or none of it.
 *       It is visible when it returns {@link CommitResult.Applied}, and durable once a
 *       {@link #whenDurable} asked for after that has completed. Acknowledge a write only then.</li>
 *   <li>Deleting a table removes its entities as one operation, whatever their number, and its ACL
 *       in the same commit as the table.</li>
 * </ul>
 * Implementations are thread-safe.
 */
public interface TableStore extends AutoCloseable {

    /** The table named {@code name} (any case) in {@code account}, if it exists. */
    Optional<StoredTable> table(String account, String name);

    /** Creates a table; empty when one of that name (any case) exists already. */
    Optional<StoredTable> createTable(String account, String name);

    /** Deletes a table and all its entities; false when it does not exist. */
    boolean deleteTable(String account, String name);

    /**
     * Up to {@code limit} tables of {@code account} in normalised-name order, starting at the
     * normalised name {@code fromKey} (inclusive; null for the first).
     */
    List<StoredTable> listTables(String account, String fromKey, int limit);

    /** One entity, if present. */
    Optional<Entity> get(StoredTable table, String partitionKey, String rowKey);

    /**
     * The entities at {@code rowKeys} of one partition, each empty when absent, in the order asked
     * for: what a transaction is planned from. A store whose reads wait on the network sends them
     * all before it waits for one.
     */
    default List<Optional<StoredEntity>> readAll(StoredTable table, String partitionKey, List<String> rowKeys) {
        List<Optional<StoredEntity>> read = new ArrayList<>(rowKeys.size());
        for (String rowKey : rowKeys) {
            read.add(get(table, partitionKey, rowKey).map(StoredEntity::of));
        }
        return read;
    }

    /**
     * The table named {@code name} (any case) in {@code account} and its entity at the keys, if the
     * table exists: {@link #table} and then {@link #get}, or both at once where the store can.
     */
    default Optional<EntityInTable> tableAndEntity(String account, String name, String partitionKey, String rowKey) {
        return table(account, name).map(table -> new EntityInTable(table, get(table, partitionKey, rowKey)));
    }

    /** The entities of {@code range} in key order, from one snapshot. */
    EntityCursor scan(StoredTable table, KeyRange range);

    /**
     * {@link #scan}, for a filter that reads {@code filterProperty} (besides the keys and Timestamp):
     * a store may test it without reading each entity. The default reads every entity.
     */
    default EntityCursor scan(StoredTable table, KeyRange range, Optional<String> filterProperty) {
        return scan(table, range);
    }

    /** {@link #snapshot}, whose cursors serve a filter that reads {@code filterProperty}, as {@link #scan} does. */
    default Optional<ScanSnapshot> snapshot(StoredTable table, Optional<String> filterProperty) {
        return snapshot(table);
    }

    /**
     * A snapshot of {@code table} to scan in pieces, on several threads at once; empty (the
     * default) when the store's cursors cannot share one state, and its scans are never split.
     */
    default Optional<ScanSnapshot> snapshot(StoredTable table) {
        return Optional.empty();
    }

    /**
     * Applies all of {@code mutations} (each naming a distinct RowKey of {@code partitionKey}) if
     * every condition holds, else none. Visible once it returns Applied; see {@link #whenDurable}.
     */
    CommitResult commit(StoredTable table, String partitionKey, List<Mutation> mutations);

    /**
     * Completes once every commit that returned before this call is durable, or exceptionally if
     * the store can no longer make it so. The caller acknowledges its writes when it completes,
     * without a thread held while the disk syncs, so that one sync can cover many writers.
     * Completes at once in a store whose commits are durable (or never) when they return.
     */
    CompletableFuture<Void> whenDurable();

    /** The table's stored access policies, as {@code AccessPolicies} encodes them; empty when it has none. */
    byte[] acl(StoredTable table);

    /**
     * Replaces the table's stored access policies; false, and nothing written, when the table is no
     * longer there. Deleting the table removes them with it.
     */
    boolean setAcl(StoredTable table, byte[] acl);

    /** The account's properties for one service (its XML document) and their version, if ever set. */
    Optional<VersionedDocument> serviceProperties(String account, String service);

    /**
     * Sets the account's properties for one service if they are still at version {@code expected}
     * (empty: never set), so that servers sharing a store never lose one another's changes.
     *
     * @return their new version; empty, and nothing written, when another writer changed them first
     */
    OptionalLong putServiceProperties(String account, String service, OptionalLong expected, byte[] document);

    /**
     * Whether this process is the store's only user (RocksDB's directory lock makes it so): then what
     * it reads stays true until it changes it itself, and may be kept. False when servers may share
     * the store, as they share a Cassandra cluster: then nothing read may be kept, since another
     * server may change it at any time.
     */
    default boolean exclusive() {
        return false;
    }

    @Override
    void close();
}
