package io.cerulean.rest;

import io.cerulean.http.properties.ServicePropertiesStorage;
import io.cerulean.storage.KeyValueStore;
import io.cerulean.storage.ServiceDocuments;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Where a service keeps its accounts' service properties: in the store it was built on, as the
 * seam's {@link ServiceDocuments} lay them out, beside every other service's.
 *
 * @param service   the service's row in {@link ServiceDocuments}: "table", "queue" or "blob"
 * @param exclusive whether this server is the store's only user (RocksDB, memory), so that what it
 *                  read stays true until it writes itself
 */
public record StoredServiceProperties(KeyValueStore store, String service, boolean exclusive)
        implements ServicePropertiesStorage {
    public StoredServiceProperties {
        Objects.requireNonNull(store, "store");
        Objects.requireNonNull(service, "service");
    }

    @Override
    public Optional<Stored> get(String account) {
        return ServiceDocuments.get(store, account, service).map(v -> new Stored(v.version(), v.payload()));
    }

    /** Durable before it returns, as the interface promises: waits for the store's sync after a put that applied. */
    @Override
    public OptionalLong put(String account, OptionalLong expected, byte[] document) {
        OptionalLong version = ServiceDocuments.put(store, account, service, expected, document);
        if (version.isPresent()) {
            store.whenDurable().join();
        }
        return version;
    }
}
