package io.cerulean.table.service;

import io.cerulean.common.acl.AccessPolicies;
import io.cerulean.common.error.CommonError;
import io.cerulean.storage.database.Database;
import io.cerulean.table.error.TableError;
import io.cerulean.table.error.TableServiceException;
import io.cerulean.table.model.DateTimes;
import io.cerulean.table.model.Entity;
import io.cerulean.table.model.EntityValidator;
import io.cerulean.table.model.TableNames;
import io.cerulean.table.query.EntityQueries;
import io.cerulean.table.query.EntityQuery;
import io.cerulean.table.query.PageEnd;
import io.cerulean.table.query.PageSink;
import io.cerulean.table.query.TablePage;
import io.cerulean.table.query.filter.Filter;
import io.cerulean.table.layout.EntityInTable;
import io.cerulean.table.layout.StoredTable;
import io.cerulean.table.layout.TableLayout;
import io.cerulean.table.time.HybridClock;
import io.cerulean.table.txn.EntityGroupTransaction;
import io.cerulean.table.txn.OperationResult;
import io.cerulean.table.txn.TransactionExecutor;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * The Table service's operations on one store, with Azure's semantics: what the HTTP layer calls.
 * Thread-safe; holds no state of its own beyond the store, the clock and whether a scan helper is
 * busy.
 */
public final class TableService implements AutoCloseable {
    /**
     * The Table service's permission letters, in its canonical order (query, add, update, delete):
     * all a table's stored access policy may hold and a table SAS grant.
     */
    public static final String PERMISSIONS = "raud";
    private static final int TABLE_LIST_CHUNK = 256;

    private final TableLayout store;
    private final TransactionExecutor transactions;
    private final EntityQueries queries;

    /**
     * The Table service on {@code database}, as a server opens it: the layout checks (or records)
     * its key format, and entity Timestamps come from {@code wallClock} through a hybrid clock
     * whose lease the server state keeps. Closing the service leaves the database open.
     *
     * @param scanHelper where the second half of a long scan may run (see {@link EntityQueries}); null for none
     * @throws io.cerulean.storage.StoreFormatException when the store holds tables in another format
     */
    public static TableService open(Database database, Clock wallClock, Duration pageBudget, Executor scanHelper) {
        HybridClock clock = new HybridClock(() -> DateTimes.toEpochTicks(wallClock.instant()),
                database.state().lease(HybridClock.LEASE));
        return new TableService(TableLayout.open(database), clock, pageBudget, scanHelper);
    }

    /**
     * A service whose scans each run on the request's thread alone.
     *
     * @param pageBudget how long one query page may read before it returns what it has with a
     *                   continuation (the service uses 5 seconds)
     */
    public TableService(TableLayout store, HybridClock clock, Duration pageBudget) {
        this(store, clock, pageBudget, null);
    }

    /**
     * A service that may read the second half of a long scan on {@code scanHelper} when nothing
     * else is running (see {@link EntityQueries}); null for none.
     */
    public TableService(TableLayout store, HybridClock clock, Duration pageBudget, Executor scanHelper) {
        this.store = store;
        this.transactions = new TransactionExecutor(store, clock);
        this.queries = new EntityQueries(store, pageBudget, scanHelper);
    }

    /**
     * Completes once every entity write that returned before this call is durable: a write is
     * acknowledged only then (see {@link TableLayout#whenDurable}).
     */
    public CompletableFuture<Void> whenDurable() {
        return store.whenDurable();
    }

    /** Create Table. */
    public StoredTable createTable(String account, String name) {
        TableNames.validate(name);
        return store.createTable(account, name)
                .orElseThrow(() -> new TableServiceException(TableError.TABLE_ALREADY_EXISTS));
    }

    /** The service's own tables ({@link TableNames#isReserved}): Storage Analytics' metrics. */
    public ReservedTables reserved() {
        return new ReservedTables(this, store);
    }

    /** Delete Table: the table and all its entities, at once. */
    public void deleteTable(String account, String name) {
        if (!store.deleteTable(account, name)) {
            throw new TableServiceException(CommonError.RESOURCE_NOT_FOUND);
        }
    }

    /**
     * Deletes every table of the account, Storage Analytics' included, each as Delete Table does (its
     * entities and ACL with it): a reset. A table created meanwhile may survive it.
     *
     * @return how many tables were deleted
     */
    public long deleteAccount(String account) {
        long deleted = 0;
        while (true) {
            List<StoredTable> chunk = store.listTables(account, null, TABLE_LIST_CHUNK);
            long before = deleted;
            for (StoredTable table : chunk) {
                if (store.deleteTable(account, table.name())) {
                    deleted++;
                }
            }
            if (chunk.size() < TABLE_LIST_CHUNK || deleted == before) {
                return deleted;
            }
        }
    }

    /** Every account that has a table, in name order. */
    public java.util.SortedSet<String> accounts() {
        return store.accounts();
    }

    /** Get Table ACL: the table's stored access policies. */
    public AccessPolicies acl(StoredTable table) {
        return AccessPolicies.decode(store.acl(table));
    }

    /**
     * Set Table ACL: replaces all of the table's stored access policies.
     *
     * @throws io.cerulean.common.error.ServiceException InvalidXmlNodeValue when a policy holds a
     *                                                   letter other than {@link #PERMISSIONS}, and
     *                                                   nothing is changed
     */
    public void setAcl(StoredTable table, AccessPolicies acl) {
        if (!store.setAcl(table, acl.requirePermissions(PERMISSIONS).encode())) {
            throw new TableServiceException(TableError.TABLE_NOT_FOUND);
        }
    }

    public Optional<StoredTable> findTable(String account, String name) {
        return store.table(account, name);
    }

    /** The table an entity operation addresses; TableNotFound when there is none. */
    public StoredTable table(String account, String name) {
        return store.table(account, name).orElseThrow(() -> new TableServiceException(TableError.TABLE_NOT_FOUND));
    }

    /** Query Tables: up to {@code top} tables matching {@code filter}, from {@code fromKey} on. */
    public TablePage queryTables(String account, Optional<Filter> filter, int top, Optional<String> fromKey) {
        List<StoredTable> page = new ArrayList<>();
        String from = fromKey.orElse(null);
        while (true) {
            List<StoredTable> chunk = store.listTables(account, from, TABLE_LIST_CHUNK);
            for (StoredTable table : chunk) {
                if (TableNames.isReserved(table.name())
                        || filter.isPresent() && !filter.get().matches(Filter.tableNameSource(table.name()))) {
                    continue;
                }
                if (page.size() == top) {
                    return new TablePage(page, Optional.of(TableNames.normalize(table.name())));
                }
                page.add(table);
            }
            if (chunk.size() < TABLE_LIST_CHUNK) {
                return new TablePage(page, Optional.empty());
            }
            // Resume just after the last name seen: the smallest string greater than it.
            from = TableNames.normalize(chunk.get(chunk.size() - 1).name()) + '\0';
        }
    }

    /**
     * Get Entity (a point query by URL): the table and the entity at the keys, which may be absent. What is refused
     * is refused in this order: no such table (TableNotFound), then whatever {@code admit} throws for
     * the table (the caller's grant), then keys that are not valid.
     */
    public EntityInTable readEntity(String account, String tableName, String partitionKey, String rowKey,
                                    Consumer<StoredTable> admit) {
        try {
            EntityValidator.validateKey(Entity.PARTITION_KEY, partitionKey);
            EntityValidator.validateKey(Entity.ROW_KEY, rowKey);
        } catch (TableServiceException invalid) {
            admit.accept(table(account, tableName));
            throw invalid;
        }
        EntityInTable read = store.tableAndEntity(account, tableName, partitionKey, rowKey)
                .orElseThrow(() -> new TableServiceException(TableError.TABLE_NOT_FOUND));
        admit.accept(read.table());
        return read;
    }

    /** Any entity write, single or batch: all or nothing. */
    public List<OperationResult> execute(StoredTable table, EntityGroupTransaction transaction) {
        return transactions.execute(table, transaction);
    }

    /**
     * Query Entities: one page of the entities matching the query, handed to {@code sink} in key
     * order as they are read, so that a page is written out without being held. The page ends at
     * {@code top} entities, when the time budget is spent or when the sink is full, whichever is
     * first. A page of {@code top} entities continues at the next matching entity; a page cut
     * short, at the next entity not yet read.
     */
    public PageEnd queryEntities(StoredTable table, EntityQuery query, PageSink sink) {
        return queries.read(table, query, sink);
    }

    /** The same, the page ending by {@code endBy} (a {@link System#nanoTime()}) if that comes first. */
    public PageEnd queryEntities(StoredTable table, EntityQuery query, PageSink sink, java.util.OptionalLong endBy) {
        return queries.read(table, query, sink, endBy);
    }

    /** Stops what the service runs beside requests (its layout's filter columns); the database stays open. */
    @Override
    public void close() {
        store.close();
    }
}
