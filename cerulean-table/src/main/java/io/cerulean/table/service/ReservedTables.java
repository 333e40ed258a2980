package io.cerulean.table.service;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import io.cerulean.table.error.TableError;
import io.cerulean.table.layout.Condition;
import io.cerulean.table.layout.EntityInTable;
import io.cerulean.table.layout.StoredTable;
import io.cerulean.table.layout.TableLayout;
import io.cerulean.table.model.Entity;
import io.cerulean.table.model.EntityKey;
import io.cerulean.table.model.PropertyValue;
import io.cerulean.table.model.TableNames;
import io.cerulean.table.query.EntityQuery;
import io.cerulean.table.query.PageEnd;
import io.cerulean.table.query.filter.FilterParser;
import io.cerulean.table.txn.EntityGroupTransaction;
import io.cerulean.table.txn.Operation;
import io.cerulean.table.txn.OperationKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * The service's own tables ({@link TableNames#isReserved}: Storage Analytics' metrics), written by the
 * server itself: created when first written, since no client may create them, and their entities
 * changed on the version read, so that servers sharing a store all add to them.
 */
public final class ReservedTables {
    /** Writes lost to other writers in a row before one gives up. */
    private static final int MAX_ATTEMPTS = 20;
    private static final int PAGE = 1000;

    private final TableService service;
    private final TableLayout store;

    ReservedTables(TableService service, TableLayout store) {
        this.service = service;
        this.store = store;
    }

    /**
     * Writes {@code change} of the entity's properties (empty when there is none yet) at the keys,
     * on the version read, reading again when another writer got there first; creates the table first
     * if it is not there. Durable when it returns.
     *
     * @throws IllegalStateException when others won {@value #MAX_ATTEMPTS} times in a row
     */
    public void update(String account, String name, String partitionKey, String rowKey,
                       UnaryOperator<Map<String, PropertyValue>> change) {
        StoredTable table = table(account, name);
        for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
            Optional<Entity> stored = service.readEntity(account, name, partitionKey, rowKey, found -> { }).entity();
            Map<String, PropertyValue> properties = change.apply(stored.map(Entity::properties).orElse(Map.of()));
            Operation write = new Operation(stored.isPresent() ? OperationKind.REPLACE : OperationKind.INSERT,
                    partitionKey, rowKey, properties, stored.<Condition>map(entity ->
                            new Condition.TimestampEquals(entity.timestamp())).orElse(Condition.NONE));
            try {
                service.execute(table, EntityGroupTransaction.of(write));
                service.whenDurable().join();
                return;
            } catch (ServiceException e) {
                if (e.errorCode() != TableError.ENTITY_ALREADY_EXISTS
                        && e.errorCode() != TableError.UPDATE_CONDITION_NOT_SATISFIED) {
                    throw e;
                }
            }
        }
        throw new IllegalStateException("the entity " + name + "/" + partitionKey + "/" + rowKey
                + " was written by others " + MAX_ATTEMPTS + " times in a row");
    }

    /** Whether the entity at the keys is there; a table that is not there has none. */
    public boolean contains(String account, String name, String partitionKey, String rowKey) {
        return store.tableAndEntity(account, name, partitionKey, rowKey)
                .flatMap(EntityInTable::entity).isPresent();
    }

    /**
     * Deletes the entities whose PartitionKey sorts before {@code bound} and passes {@code expired};
     * returns how many it deleted. A table that is not there has none.
     */
    public long deletePartitions(String account, String name, String bound, Predicate<String> expired) {
        Optional<StoredTable> table = store.table(account, name);
        if (table.isEmpty()) {
            return 0;
        }
        String filter = "PartitionKey lt '" + bound.replace("'", "''") + "'";
        List<EntityKey> doomed = new ArrayList<>();
        Optional<EntityKey> from = Optional.empty();
        do {
            List<EntityKey> page = new ArrayList<>();
            PageEnd end = service.queryEntities(table.get(), new EntityQuery(Optional.of(FilterParser.parse(filter)),
                    PAGE, from), entity -> page.add(entity.key()));
            page.stream().filter(key -> expired.test(key.partitionKey())).forEach(doomed::add);
            from = end.next();
        } while (from.isPresent());
        for (EntityKey key : doomed) {
            try {
                service.execute(table.get(), EntityGroupTransaction.of(new Operation(OperationKind.DELETE,
                        key.partitionKey(), key.rowKey(), Map.of(), Condition.NONE)));
            } catch (ServiceException e) {
                if (e.errorCode() != CommonError.RESOURCE_NOT_FOUND) {
                    throw e; // else another server's sweep deleted it first
                }
            }
        }
        if (!doomed.isEmpty()) {
            service.whenDurable().join();
        }
        return doomed.size();
    }

    private StoredTable table(String account, String name) {
        if (!TableNames.isReserved(name)) {
            throw new IllegalArgumentException("not a reserved table name: " + name);
        }
        Optional<StoredTable> found = store.table(account, name);
        if (found.isPresent()) {
            return found.get();
        }
        return store.createTable(account, name).or(() -> store.table(account, name))
                .orElseThrow(() -> new IllegalStateException("the table " + name + " was created and is gone"));
    }
}
