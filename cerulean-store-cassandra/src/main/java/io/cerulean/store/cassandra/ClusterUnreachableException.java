package io.cerulean.store.cassandra;

import io.cerulean.storage.StoreUnavailableException;

/**
 * The store could not be opened because no node of the cluster answered, or the cluster refused
 * the credentials or the schema: the message says which, in words for the person starting
 * Cerulean. A store that cannot answer, like any other, and a type of its own for what the
 * application tells the person starting it.
 */
public final class ClusterUnreachableException extends StoreUnavailableException {
    private static final long serialVersionUID = 1L;

    ClusterUnreachableException(String message, Throwable cause) {
        super(message, cause);
    }
}
