package io.cerulean.table.rest.service;

import io.cerulean.http.properties.ServicePropertiesStorage;
import io.cerulean.table.service.TableService;
import java.util.Optional;

/** Where the Table service keeps its accounts' service properties: beside its tables. */
public record TableServicePropertiesStorage(TableService service) implements ServicePropertiesStorage {
    @Override
    public Optional<byte[]> get(String account) {
        return service.serviceProperties(account);
    }

    @Override
    public void put(String account, byte[] document) {
        service.putServiceProperties(account, document);
    }
}
