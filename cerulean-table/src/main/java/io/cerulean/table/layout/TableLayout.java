package io.cerulean.table.layout;

import io.cerulean.storage.ByteView;
import io.cerulean.storage.CommitOutcome;
import io.cerulean.storage.KeySpaces;
import io.cerulean.storage.KeyValueStore;
import io.cerulean.storage.Precondition;
import io.cerulean.storage.RecordCursor;
import io.cerulean.storage.RecordMutation;
import io.cerulean.storage.RecordRange;
import io.cerulean.storage.Space;
import io.cerulean.storage.StoredValue;
import io.cerulean.storage.database.Database;
import io.cerulean.storage.state.ServerState;
import io.cerulean.table.model.DateTimes;
import io.cerulean.table.model.Entity;
import io.cerulean.table.model.TableNames;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The Table service's tables and entities on a {@link Database}: the catalogue as
 * {@link TableCatalog} lays it out, each table's entities in its own instance of
 * {@code TABLE_ENTITIES} ({@link EntityKeys}, {@link EntityCodec}), table ids from the server
 * state's counter {@value #TABLE_IDS}. Deleting a table is one commit to the catalogue (the table
 * and its ACL) and one drop of its entities; ids are never reused, so a table created again under
 * that name never sees them.
 *
 * <p>Contract (held by {@code TableLayoutConformanceTest} on every store):
 * <ul>
 *   <li>Tables are named per account without regard to case; listing is in normalised-name order.</li>
 *   <li>Entities are read in (PartitionKey, RowKey) order, comparing UTF-16 code units.</li>
 *   <li>{@link #commit} is atomic within one partition: a reader sees all of it or none of it.
 *       It is visible when it returns {@link CommitResult.Applied}, and durable once a
 *       {@link #whenDurable} asked for after that has completed. Acknowledge a write only then.</li>
 *   <li>Deleting a table removes its entities as one operation, whatever their number, and its ACL
 *       in the same commit as the table.</li>
 * </ul>
 * Thread-safe. Closing it stops its filter columns; the database stays open.
 */
public final class TableLayout implements EntityReader, AutoCloseable {
    /** The server state's counter that names tables. */
    public static final String TABLE_IDS = "next-table-id";

    private final KeyValueStore store;
    private final ServerState state;
    private final ReentrantLock tableLock = new ReentrantLock();
    /**
     * Tables once looked up, when this process is the store's only user ({@link Database#exclusive}):
     * then only this process changes the catalogue, and it fills and empties this map under the table
     * lock, so that a lookup racing a Delete Table cannot put back what was deleted. Null when the
     * store is shared: another server may delete a table or create it again under a new id at any
     * time, so the catalogue row is read at every lookup.
     */
    private final Map<TableKey, StoredTable> knownTables;
    /**
     * On a shared store, the table each name was last found to be: never an answer, only the guess
     * under which {@link #tableAndEntity} reads an entity while the catalogue is read. Cleared when
     * it reaches {@link #MAX_GUESSES} names, so that made-up names cannot grow it without bound.
     */
    private final Map<TableKey, StoredTable> lastSeen = new ConcurrentHashMap<>();
    private static final int MAX_GUESSES = 10_000;
    /**
     * Filter columns, on a store this process alone uses (every commit to it passes here); null on
     * a shared store, where another server's commits would go unseen. An eighth of the heap.
     */
    private final FilterColumns columns;

    private TableLayout(Database database, long columnBudget, Duration columnRest) {
        this.store = database.records();
        this.state = database.state();
        this.knownTables = database.exclusive() ? new ConcurrentHashMap<>() : null;
        this.columns = database.exclusive() ? new FilterColumns(store, columnBudget, columnRest) : null;
    }

    /**
     * Tables on {@code database}, once its key format is checked (and recorded, on a store used for
     * the first time). On a database this process alone uses, what it reads of the catalogue stays
     * true until it changes it itself, so table lookups are kept rather than read again, and filter
     * columns are kept beside the entities.
     *
     * @throws io.cerulean.storage.StoreFormatException when the store holds tables in another format
     */
    public static TableLayout open(Database database) {
        return open(database, Runtime.getRuntime().maxMemory() / 8, FilterColumns.REST);
    }

    /** {@link #open} with the filter columns' budget in bytes and their pause after a failed build. */
    static TableLayout open(Database database, long columnBudget, Duration columnRest) {
        database.checkFormat(KeySpaces.TABLE_CATALOG, EntityKeys.FORMAT_VERSION);
        database.checkFormat(KeySpaces.TABLE_ENTITIES, EntityKeys.FORMAT_VERSION);
        return new TableLayout(database, columnBudget, columnRest);
    }

    /** The filter columns; null on a shared store. */
    FilterColumns filterColumns() {
        return columns;
    }

    /**
     * Read from the catalogue at every call on a shared store, never from a cache: another server
     * may have deleted the table or created it again under a new id since this one last looked.
     */
    public Optional<StoredTable> table(String account, String name) {
        TableKey key = new TableKey(account, TableNames.normalize(name));
        if (knownTables == null) {
            Optional<StoredTable> table = readTable(account, name);
            rememberGuess(key, table);
            return table;
        }
        StoredTable known = knownTables.get(key);
        if (known != null) {
            return Optional.of(known);
        }
        tableLock.lock();
        try {
            Optional<StoredTable> table = readTable(account, name);
            table.ifPresent(t -> knownTables.put(key, t));
            return table;
        } finally {
            tableLock.unlock();
        }
    }

    /**
     * On a shared store the catalogue row is read at every lookup (see {@link #table}); the entity is
     * read at the same time, under the table last seen by that name, and kept when the catalogue
     * names that same table: the request waits for one round trip to the store rather than two.
     * Tables are seldom deleted and created again, so the guess is nearly always right; when it is
     * not (or there is none yet) the entity is read afterwards, under the table the catalogue names.
     */
    public Optional<EntityInTable> tableAndEntity(String account, String name, String partitionKey, String rowKey) {
        if (knownTables != null) {
            return table(account, name).map(table -> new EntityInTable(table, get(table, partitionKey, rowKey)));
        }
        TableKey key = new TableKey(account, TableNames.normalize(name));
        StoredTable guess = lastSeen.get(key);
        byte[] partition = EntityKeys.partition(partitionKey);
        byte[] row = EntityKeys.row(rowKey);
        CompletableFuture<Optional<StoredValue>> guessed = guess == null ? null
                : store.getAsync(entities(guess), partition, row);
        Optional<StoredTable> table = readTable(account, name);
        rememberGuess(key, table);
        if (table.isEmpty()) {
            return Optional.empty();
        }
        Optional<StoredValue> value = guess != null && guess.id() == table.get().id() ? join(guessed)
                : store.get(entities(table.get()), partition, row);
        return Optional.of(new EntityInTable(table.get(),
                value.map(v -> EntityCodec.decode(partitionKey, rowKey, v))));
    }

    private void rememberGuess(TableKey key, Optional<StoredTable> table) {
        if (table.isEmpty()) {
            lastSeen.remove(key);
            return;
        }
        if (lastSeen.size() >= MAX_GUESSES && !lastSeen.containsKey(key)) {
            lastSeen.clear();
        }
        lastSeen.put(key, table.get());
    }

    private static Optional<StoredValue> join(CompletableFuture<Optional<StoredValue>> read) {
        try {
            return read.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException failure) {
                throw failure;
            }
            throw e;
        }
    }

    private Optional<StoredTable> readTable(String account, String name) {
        return store.get(TableCatalog.SPACE, TableCatalog.partition(account), TableCatalog.tableRow(name))
                .map(v -> TableCatalog.table(account, v.version(), v.bytes(), StoredValue.HEADROOM, v.payloadLength()));
    }

    /**
     * The table row's {@code MUST_NOT_EXIST} decides between servers creating one name at once; the
     * loser's id is never used.
     */
    public Optional<StoredTable> createTable(String account, String name) {
        tableLock.lock();
        try {
            if (readTable(account, name).isPresent()) {
                return Optional.empty();
            }
            StoredTable table = new StoredTable(account, name, state.nextId(TABLE_IDS));
            CommitOutcome outcome = store.commit(TableCatalog.SPACE, TableCatalog.partition(account), List.of(
                    RecordMutation.put(TableCatalog.tableRow(name), TableCatalog.tableValue(table),
                            Precondition.MUST_NOT_EXIST),
                    RecordMutation.delete(TableCatalog.aclRow(name), Precondition.NONE)));
            if (!(outcome instanceof CommitOutcome.Applied)) {
                return Optional.empty();
            }
            if (knownTables != null) {
                knownTables.put(new TableKey(account, TableNames.normalize(name)), table);
            }
            return Optional.of(table);
        } finally {
            tableLock.unlock();
        }
    }

    /**
     * Deletes the very table read, on its id: a table another server created again under the name
     * meanwhile is not touched (this delete then finds nothing to delete).
     */
    public boolean deleteTable(String account, String name) {
        tableLock.lock();
        try {
            Optional<StoredTable> table = readTable(account, name);
            if (table.isEmpty()) {
                return false;
            }
            CommitOutcome outcome = store.commit(TableCatalog.SPACE, TableCatalog.partition(account), List.of(
                    RecordMutation.delete(TableCatalog.tableRow(name), new Precondition.VersionEquals(table.get().id())),
                    RecordMutation.delete(TableCatalog.aclRow(name), Precondition.NONE)));
            if (knownTables != null) {
                knownTables.remove(new TableKey(account, TableNames.normalize(name)));
            }
            if (!(outcome instanceof CommitOutcome.Applied)) {
                return false;
            }
            store.drop(entities(table.get()));
            if (columns != null) {
                columns.dropTable(table.get().id());
            }
            return true;
        } finally {
            tableLock.unlock();
        }
    }

    /** Every account that has a table (or an ACL row), in name order. */
    public java.util.SortedSet<String> accounts() {
        return io.cerulean.storage.AccountPartitions.of(store, TableCatalog.SPACE);
    }

    /**
     * Up to {@code limit} tables of {@code account} in normalised-name order, starting at the
     * normalised name {@code fromKey} (inclusive; null for the first).
     */
    public List<StoredTable> listTables(String account, String fromKey, int limit) {
        List<StoredTable> result = new ArrayList<>();
        try (RecordCursor cursor = store.scan(TableCatalog.SPACE, TableCatalog.tables(account, fromKey))) {
            while (result.size() < limit && cursor.advance()) {
                ByteView payload = cursor.payload();
                result.add(TableCatalog.table(account, cursor.version(), payload.array(), payload.offset(),
                        payload.length()));
            }
        }
        return result;
    }

    @Override
    public Optional<Entity> get(StoredTable table, String partitionKey, String rowKey) {
        return store.get(entities(table), EntityKeys.partition(partitionKey), EntityKeys.row(rowKey))
                .map(value -> EntityCodec.decode(partitionKey, rowKey, value));
    }

    /** Every read sent before the first is waited for: on a cluster, one round trip for them all. */
    public List<Optional<StoredEntity>> readAll(StoredTable table, String partitionKey, List<String> rowKeys) {
        Space space = entities(table);
        byte[] partition = EntityKeys.partition(partitionKey);
        List<CompletableFuture<Optional<StoredValue>>> reads = new ArrayList<>(rowKeys.size());
        for (String rowKey : rowKeys) {
            reads.add(store.getAsync(space, partition, EntityKeys.row(rowKey)));
        }
        List<Optional<StoredEntity>> entities = new ArrayList<>(rowKeys.size());
        for (int i = 0; i < rowKeys.size(); i++) {
            String rowKey = rowKeys.get(i);
            entities.add(join(reads.get(i)).map(value -> new EncodedStoredEntity(partitionKey, rowKey, value)));
        }
        return entities;
    }

    /** A stored entity whose properties are decoded when asked for. */
    private record EncodedStoredEntity(String partitionKey, String rowKey, StoredValue value) implements StoredEntity {
        @Override
        public Instant timestamp() {
            return DateTimes.fromEpochTicks(value.version());
        }

        @Override
        public Entity entity() {
            return EntityCodec.decode(partitionKey, rowKey, value);
        }
    }

    /** The entities of {@code range} in key order, from one snapshot. */
    public EntityCursor scan(StoredTable table, KeyRange range) {
        return new RecordEntityCursor(store.scan(entities(table), EntityKeys.range(range)));
    }

    @Override
    public EntityCursor scan(StoredTable table, KeyRange range, Optional<String> filterProperty) {
        if (columns == null || filterProperty.isEmpty()) {
            return scan(table, range);
        }
        long epoch = columns.epoch(); // before the store's cursor takes its snapshot
        RecordRange records = EntityKeys.range(range);
        return new RecordEntityCursor(store.scan(entities(table), records), new RecordEntityCursor.ColumnScan(
                columns, epoch, table.id(), entities(table), records, filterProperty.get(), onePartition(range)));
    }

    /**
     * A snapshot of {@code table} to scan in pieces, on several threads at once; empty when the
     * store's cursors cannot share one state, and its scans are never split.
     */
    public Optional<ScanSnapshot> snapshot(StoredTable table) {
        return store.snapshot(entities(table)).map(RecordScanSnapshot::new);
    }

    @Override
    public Optional<ScanSnapshot> snapshot(StoredTable table, Optional<String> filterProperty) {
        if (columns == null || filterProperty.isEmpty()) {
            return snapshot(table);
        }
        long epoch = columns.epoch(); // before the snapshot is taken
        return store.snapshot(entities(table)).map(snapshot -> new RecordScanSnapshot(snapshot, range ->
                new RecordEntityCursor.ColumnScan(columns, epoch, table.id(), entities(table), EntityKeys.range(range),
                        filterProperty.get(), onePartition(range))));
    }

    private static boolean onePartition(KeyRange range) {
        return range.lower() != null && range.upper() != null
                && range.lower().partitionKey().equals(range.upper().partitionKey());
    }

    /**
     * Applies all of {@code mutations} (each naming a distinct RowKey of {@code partitionKey}) if
     * every condition holds, else none. Visible once it returns Applied; see {@link #whenDurable}.
     */
    public CommitResult commit(StoredTable table, String partitionKey, List<Mutation> mutations) {
        List<RecordMutation> records = new ArrayList<>(mutations.size());
        for (Mutation mutation : mutations) {
            byte[] row = EntityKeys.row(mutation.rowKey());
            Precondition precondition = precondition(mutation.condition());
            records.add(mutation.isDelete() ? RecordMutation.delete(row, precondition)
                    : RecordMutation.put(row, EntityCodec.encode(mutation.entity()), precondition));
        }
        byte[] partition = EntityKeys.partition(partitionKey);
        CommitOutcome outcome;
        if (columns == null) {
            outcome = store.commit(entities(table), partition, records);
        } else {
            int stripe = columns.begin(table.id(), partition);
            try {
                outcome = store.commit(entities(table), partition, records);
            } finally {
                columns.end(stripe);
            }
        }
        if (outcome instanceof CommitOutcome.PreconditionFailed failed) {
            StoredValue current = failed.current();
            return new CommitResult.ConditionFailed(failed.index(), current == null ? null
                    : EntityCodec.decode(partitionKey, mutations.get(failed.index()).rowKey(), current));
        }
        return CommitResult.APPLIED;
    }

    private static Precondition precondition(Condition condition) {
        if (condition instanceof Condition.None) {
            return Precondition.NONE;
        }
        if (condition instanceof Condition.MustNotExist) {
            return Precondition.MUST_NOT_EXIST;
        }
        if (condition instanceof Condition.MustExist) {
            return Precondition.MUST_EXIST;
        }
        return new Precondition.VersionEquals(DateTimes.toEpochTicks(((Condition.TimestampEquals) condition).timestamp()));
    }

    /**
     * Completes once every commit that returned before this call is durable, or exceptionally if
     * the store can no longer make it so. The caller acknowledges its writes when it completes,
     * without a thread held while the disk syncs, so that one sync can cover many writers.
     * Completes at once in a store whose commits are durable (or never) when they return.
     */
    public CompletableFuture<Void> whenDurable() {
        return store.whenDurable();
    }

    /** The table's stored access policies, as {@code AccessPolicies} encodes them; empty when it has none. */
    public byte[] acl(StoredTable table) {
        return store.get(TableCatalog.SPACE, TableCatalog.partition(table.account()), TableCatalog.aclRow(table.name()))
                .filter(v -> v.version() == table.id())
                .map(StoredValue::payload)
                .orElse(new byte[0]);
    }

    /** Rewrites the table's row unchanged in the same commit, on its version: the ACL lands only beside that very table. */
    public boolean setAcl(StoredTable table, byte[] acl) {
        CommitOutcome outcome = store.commit(TableCatalog.SPACE, TableCatalog.partition(table.account()), List.of(
                RecordMutation.put(TableCatalog.tableRow(table.name()), TableCatalog.tableValue(table),
                        new Precondition.VersionEquals(table.id())),
                RecordMutation.put(TableCatalog.aclRow(table.name()), StoredValue.of(table.id(), acl), Precondition.NONE)));
        return outcome instanceof CommitOutcome.Applied;
    }

    /** Stops the filter columns' work; the database is its owner's to close. */
    public void close() {
        if (columns != null) {
            columns.close();
        }
    }

    private record TableKey(String account, String normalizedName) {
    }

    private static Space entities(StoredTable table) {
        return KeySpaces.TABLE_ENTITIES.instance(table.id());
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
