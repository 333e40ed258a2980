package io.cerulean.store.cassandra;

/**
 * The store could not be opened because no node of the cluster answered, or the cluster refused
 * the credentials or the schema: the message says which, in words for the person starting
 * Cerulean. Its own type so that the application can exit with a code of its own.
 */
public final class ClusterUnreachableException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    ClusterUnreachableException(String message, Throwable cause) {
        super(message, cause);
    }
}
