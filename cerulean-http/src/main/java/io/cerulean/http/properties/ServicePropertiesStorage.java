package io.cerulean.http.properties;

import java.util.Optional;

/**
 * Where a service keeps each account's service properties document durably: the service's own
 * store, which the kernel never sees.
 */
public interface ServicePropertiesStorage {
    /** The document last put for {@code account}, or empty. */
    Optional<byte[]> get(String account);

    /** Stores {@code document} durably before returning; it replaces any earlier one. */
    void put(String account, byte[] document);
}
