package io.cerulean.queue.rest;

import io.cerulean.http.properties.ServicePropertiesStorage;
import io.cerulean.queue.service.QueueService;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Where the Queue service keeps its accounts' service properties: in its store, beside the queues.
 *
 * @param exclusive whether this server is the store's only user (RocksDB, memory), so that what it
 *                  read stays true until it writes itself
 */
record QueueServicePropertiesStorage(QueueService service, boolean exclusive) implements ServicePropertiesStorage {
    @Override
    public Optional<Stored> get(String account) {
        return service.serviceProperties(account).map(d -> new Stored(d.version(), d.document()));
    }

    @Override
    public OptionalLong put(String account, OptionalLong expected, byte[] document) {
        return service.putServiceProperties(account, expected, document);
    }
}
