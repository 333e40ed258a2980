package io.cerulean.store.memory;

import io.cerulean.storage.CommitOutcome;
import io.cerulean.storage.KeyValueStore;
import io.cerulean.storage.Keys;
import io.cerulean.storage.RecordCursor;
import io.cerulean.storage.RecordMutation;
import io.cerulean.storage.RecordRange;
import io.cerulean.storage.Space;
import io.cerulean.storage.StoreUnavailableException;
import io.cerulean.storage.StoredValue;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A {@link KeyValueStore} in memory: the reference the conformance suite checks the others
 * against, and the store behind {@code --in-memory}. Nothing survives the process; every commit
 * is as durable as it will ever be when it returns.
 *
 * <p>Each space instance guards its records with its own lock (see {@link MemorySpace}); dropping
 * one swaps it out whole, so a scan already running finishes on what it started on.
 */
public final class MemoryKeyValueStore implements KeyValueStore {
    private static final CompletableFuture<Void> DURABLE = CompletableFuture.completedFuture(null);

    private final Map<Space, MemorySpace> spaces = new ConcurrentHashMap<>();
    private volatile boolean closed;

    private MemorySpace space(Space space) {
        checkOpen();
        return spaces.computeIfAbsent(space, s -> new MemorySpace());
    }

    @Override
    public Optional<StoredValue> get(Space space, byte[] partition, byte[] row) {
        return Optional.ofNullable(space(space).get(partition, row));
    }

    @Override
    public RecordCursor scan(Space space, RecordRange range) {
        return space(space).scan(range);
    }

    @Override
    public CommitOutcome commit(Space space, byte[] partition, List<RecordMutation> mutations) {
        Keys.checkPartition(partition);
        return space(space).commit(partition, mutations);
    }

    @Override
    public void drop(Space space) {
        checkOpen();
        spaces.remove(space);
    }

    @Override
    public CompletableFuture<Void> whenDurable() {
        return closed ? CompletableFuture.failedFuture(new StoreUnavailableException("the store is closed")) : DURABLE;
    }

    @Override
    public void close() {
        closed = true;
        spaces.clear();
    }

    private void checkOpen() {
        if (closed) {
            throw new StoreUnavailableException("the store is closed");
        }
    }
}
