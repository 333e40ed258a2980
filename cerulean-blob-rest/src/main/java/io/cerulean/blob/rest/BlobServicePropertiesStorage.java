package io.cerulean.blob.rest;

import io.cerulean.blob.service.BlobService;
import io.cerulean.http.properties.ServicePropertiesStorage;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Where the Blob service keeps its accounts' service properties: in its store, beside the containers.
 *
 * @param exclusive whether this server is the store's only user (RocksDB, memory), so that what it
 *                  read stays true until it writes itself
 */
record BlobServicePropertiesStorage(BlobService service, boolean exclusive) implements ServicePropertiesStorage {
    @Override
    public Optional<Stored> get(String account) {
        return service.serviceProperties(account).map(d -> new Stored(d.version(), d.document()));
    }

    @Override
    public OptionalLong put(String account, OptionalLong expected, byte[] document) {
        return service.putServiceProperties(account, expected, document);
    }
}
