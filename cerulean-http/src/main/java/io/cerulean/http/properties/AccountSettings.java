package io.cerulean.http.properties;

import java.util.Optional;

/**
 * Where a service keeps small per-account values durably (its service properties): the service's
 * own store, which the kernel never sees.
 */
public interface AccountSettings {
    /** The value last put under {@code name} for {@code account}, or empty. */
    Optional<byte[]> get(String account, String name);

    /** Stores {@code value} durably before returning; it replaces any earlier one. */
    void put(String account, String name, byte[] value);
}
