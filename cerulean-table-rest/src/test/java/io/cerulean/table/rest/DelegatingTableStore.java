package io.cerulean.table.rest;

import io.cerulean.store.memory.MemoryKeyValueStore;
import io.cerulean.table.layout.KeyValueTableStore;
import io.cerulean.table.model.Entity;
import io.cerulean.table.store.CommitResult;
import io.cerulean.table.store.EntityCursor;
import io.cerulean.table.store.KeyRange;
import io.cerulean.table.store.Mutation;
import io.cerulean.table.store.StoredTable;
import io.cerulean.table.store.TableStore;
import io.cerulean.table.store.VersionedDocument;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;

/** The in-memory store, for tests that change one of its answers by overriding that method. */
abstract class DelegatingTableStore implements TableStore {
    private final KeyValueTableStore memory = KeyValueTableStore.open(new MemoryKeyValueStore());

    @Override
    public CompletableFuture<Void> whenDurable() {
        return memory.whenDurable();
    }

    @Override
    public Optional<StoredTable> table(String account, String name) {
        return memory.table(account, name);
    }

    @Override
    public Optional<StoredTable> createTable(String account, String name) {
        return memory.createTable(account, name);
    }

    @Override
    public boolean deleteTable(String account, String name) {
        return memory.deleteTable(account, name);
    }

    @Override
    public List<StoredTable> listTables(String account, String fromKey, int limit) {
        return memory.listTables(account, fromKey, limit);
    }

    @Override
    public Optional<Entity> get(StoredTable table, String partitionKey, String rowKey) {
        return memory.get(table, partitionKey, rowKey);
    }

    @Override
    public EntityCursor scan(StoredTable table, KeyRange range) {
        return memory.scan(table, range);
    }

    @Override
    public CommitResult commit(StoredTable table, String partitionKey, List<Mutation> mutations) {
        return memory.commit(table, partitionKey, mutations);
    }

    @Override
    public byte[] acl(StoredTable table) {
        return memory.acl(table);
    }

    @Override
    public boolean setAcl(StoredTable table, byte[] acl) {
        return memory.setAcl(table, acl);
    }

    @Override
    public Optional<VersionedDocument> serviceProperties(String account, String service) {
        return memory.serviceProperties(account, service);
    }

    @Override
    public OptionalLong putServiceProperties(String account, String service, OptionalLong expected, byte[] document) {
        return memory.putServiceProperties(account, service, expected, document);
    }

    @Override
    public void close() {
        memory.close();
    }
}
