package io.cerulean.http.properties;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Where a service keeps each account's service properties document durably: the service's own
 * store, which the kernel never sees. Several servers may share it, so a document carries a version
 * that every change raises, and a change applies only on the version it was based on.
 */
public interface ServicePropertiesStorage {
    /** A stored document and its version: an equal version is the same document. */
    record Stored(long version, byte[] document) {
        public Stored {
            Objects.requireNonNull(document, "document");
        }
    }

    /** The document last put for {@code account}, or empty. */
    Optional<Stored> get(String account);

    /**
     * Stores {@code document} durably before returning, replacing the one at version
     * {@code expected} (empty: none stored yet).
     *
     * @return the new document's version; empty, and nothing written, when the stored document is no
     *         longer that one
     */
    OptionalLong put(String account, OptionalLong expected, byte[] document);

    /**
     * Whether this server is the storage's only user, so that what it read stays true until it
     * writes itself; false (the default) when other servers may change it.
     */
    default boolean exclusive() {
        return false;
    }
}
