package io.cerulean.table.rest.service;

import io.cerulean.core.service.TableService;
import io.cerulean.http.properties.AccountSettings;
import java.util.Optional;

/** The Table service's account settings, where its service properties are kept durably. */
public record TableAccountSettings(TableService service) implements AccountSettings {
    @Override
    public Optional<byte[]> get(String account, String name) {
        return service.accountSetting(account, name);
    }

    @Override
    public void put(String account, String name, byte[] value) {
        service.putAccountSetting(account, name, value);
    }
}
