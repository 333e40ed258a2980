package io.cerulean.table.rest.service;

import io.cerulean.http.properties.ServicePropertiesStorage;
import io.cerulean.table.service.TableService;
import java.util.Optional;
import java.util.OptionalLong;

/** Where the Table service keeps its accounts' service properties: beside its tables. */
public record TableServicePropertiesStorage(TableService service) implements ServicePropertiesStorage {
    @Override
    public Optional<Stored> get(String account) {
        return service.serviceProperties(account).map(d -> new Stored(d.version(), d.document()));
    }

    @Override
    public OptionalLong put(String account, OptionalLong expected, byte[] document) {
        return service.putServiceProperties(account, expected, document);
    }

    @Override
    public boolean exclusive() {
        return service.storeIsExclusive();
    }
}
