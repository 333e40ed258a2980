package io.cerulean.app;

import io.cerulean.storage.CommitOutcome;
import io.cerulean.storage.KeyValueStore;
import io.cerulean.storage.RecordCursor;
import io.cerulean.storage.RecordMutation;
import io.cerulean.storage.RecordRange;
import io.cerulean.storage.RecordSnapshot;
import io.cerulean.storage.Space;
import io.cerulean.storage.StoredValue;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * A store the caller opened and passed to {@link Cerulean.Builder#store}: a server uses it and
 * leaves closing it to its owner, since other servers may still be using it.
 */
record UnclosedStore(KeyValueStore store) implements KeyValueStore {
    @Override
    public Optional<StoredValue> get(Space space, byte[] partition, byte[] row) {
        return store.get(space, partition, row);
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

    /** Leaves the store open: its owner closes it. */
    @Override
    public void close() {
    }
}
