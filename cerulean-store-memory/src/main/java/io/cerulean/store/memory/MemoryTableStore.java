package io.cerulean.store.memory;

import io.cerulean.core.model.Entity;
import io.cerulean.core.model.TableNames;
import io.cerulean.core.spi.CommitResult;
import io.cerulean.core.spi.EntityCursor;
import io.cerulean.core.spi.KeyRange;
import io.cerulean.core.spi.Mutation;
import io.cerulean.core.spi.StoredTable;
import io.cerulean.core.spi.TableStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A {@link TableStore} in memory: the reference implementation the conformance suite checks the
 * others against, and the store behind {@code --in-memory}. Nothing survives the process.
 *
 * <p>Tables live in a sorted map per account; each table guards its rows with its own lock (see
 * {@link MemoryTable}). Creating and deleting tables is atomic per name.
 */
public final class MemoryTableStore implements TableStore {
    private final Map<String, ConcurrentSkipListMap<String, MemoryTable>> accounts = new ConcurrentHashMap<>();
    private final Map<String, byte[]> settings = new ConcurrentHashMap<>();
    private final AtomicLong nextTableId = new AtomicLong(1);

    private ConcurrentSkipListMap<String, MemoryTable> tables(String account) {
        return accounts.computeIfAbsent(account, a -> new ConcurrentSkipListMap<>());
    }

    @Override
    public Optional<StoredTable> table(String account, String name) {
        return Optional.ofNullable(tables(account).get(TableNames.normalize(name))).map(MemoryTable::stored);
    }

    @Override
    public Optional<StoredTable> createTable(String account, String name) {
        MemoryTable created = new MemoryTable(new StoredTable(account, name, nextTableId.getAndIncrement()));
        MemoryTable existing = tables(account).putIfAbsent(TableNames.normalize(name), created);
        return existing == null ? Optional.of(created.stored()) : Optional.empty();
    }

    @Override
    public boolean deleteTable(String account, String name) {
        return tables(account).remove(TableNames.normalize(name)) != null;
    }

    /** Nothing here outlives the process, so there is nothing to wait for. */
    @Override
    public CompletableFuture<Void> whenDurable() {
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public List<StoredTable> listTables(String account, String fromKey, int limit) {
        var tail = fromKey == null ? tables(account) : tables(account).tailMap(fromKey, true);
        List<StoredTable> result = new ArrayList<>(Math.min(limit, 64));
        for (MemoryTable table : tail.values()) {
            if (result.size() == limit) {
                break;
            }
            result.add(table.stored());
        }
        return result;
    }

    @Override
    public Optional<Entity> get(StoredTable table, String partitionKey, String rowKey) {
        return live(table).map(t -> t.get(partitionKey, rowKey));
    }

    @Override
    public EntityCursor scan(StoredTable table, KeyRange range) {
        return live(table).map(t -> t.scan(range)).orElseGet(() -> EntityCursor.of(List.of()));
    }

    @Override
    public CommitResult commit(StoredTable table, String partitionKey, List<Mutation> mutations) {
        MemoryTable live = live(table).orElse(null);
        if (live == null) {
            // The table was deleted under us: what was written to it is gone with it.
            return CommitResult.APPLIED;
        }
        return live.commit(partitionKey, mutations);
    }

    /** The table's current incarnation, if it is still the one {@code table} names. */
    private Optional<MemoryTable> live(StoredTable table) {
        MemoryTable current = tables(table.account()).get(TableNames.normalize(table.name()));
        return current != null && current.stored().id() == table.id() ? Optional.of(current) : Optional.empty();
    }

    @Override
    public Optional<byte[]> setting(String name) {
        return Optional.ofNullable(settings.get(name)).map(byte[]::clone);
    }

    @Override
    public void putSetting(String name, byte[] value) {
        settings.put(name, value.clone());
    }

    @Override
    public void close() {
        accounts.clear();
    }
}
