package io.cerulean.store.rocksdb;

import io.cerulean.storage.StoreUnavailableException;

/** RocksDB failed underneath an operation: an I/O or corruption problem, never a client's mistake. */
public final class StoreException extends StoreUnavailableException {
    private static final long serialVersionUID = 1L;

    StoreException(String what, Throwable cause) {
        super(what + " failed: " + cause.getMessage(), cause);
    }
}
