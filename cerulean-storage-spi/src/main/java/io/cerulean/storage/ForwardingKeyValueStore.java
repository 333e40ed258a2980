package io.cerulean.storage;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * A store that hands every call to another: the base of a store that changes one or two of them
 * (one that leaves closing to its owner, or counts what it reads) and forwards the rest.
 */
public abstract class ForwardingKeyValueStore implements KeyValueStore {
    protected final KeyValueStore store;

    protected ForwardingKeyValueStore(KeyValueStore store) {
        this.store = store;
    }

    @Override
    public Optional<StoredValue> get(Space space, byte[] partition, byte[] row) {
        return store.get(space, partition, row);
    }

    @Override
    public CompletableFuture<Optional<StoredValue>> getAsync(Space space, byte[] partition, byte[] row) {
        return store.getAsync(space, partition, row);
    }

    @Override
    public List<Optional<StoredValue>> getAll(Space space, List<RecordKey> keys) {
        return store.getAll(space, keys);
    }

    @Override
    public RecordCursor scan(Space space, RecordRange range) {
        return store.scan(space, range);
    }

    @Override
    public Optional<RecordSnapshot> snapshot(Space space) {
        return store.snapshot(space);
    }

    @Override
    public CommitOutcome commit(Space space, byte[] partition, List<RecordMutation> mutations) {
        return store.commit(space, partition, mutations);
    }

    @Override
    public void drop(Space space) {
        store.drop(space);
    }

    @Override
    public CompletableFuture<Void> whenDurable() {
        return store.whenDurable();
    }

    @Override
    public void close() {
        store.close();
    }
}
