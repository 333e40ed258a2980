package io.cerulean.app;

import io.cerulean.storage.ForwardingKeyValueStore;
import io.cerulean.storage.KeyValueStore;

/**
 * A store the caller opened and passed to {@link Cerulean.Builder#store}: a server uses it and
 * leaves closing it to its owner, since other servers may still be using it.
 */
final class UnclosedStore extends ForwardingKeyValueStore {
    UnclosedStore(KeyValueStore store) {
        super(store);
    }

    /** Leaves the store open: its owner closes it. */
    @Override
    public void close() {
    }
}
