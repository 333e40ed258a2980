package io.cerulean.store.rocksdb;

/** The store cannot be opened: the message says why in words for the person starting Cerulean. */
public final class StoreOpenException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    StoreOpenException(String message, Throwable cause) {
        super(message, cause);
    }
}
