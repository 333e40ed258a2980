package io.cerulean.http.auth;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The accounts this server serves, by name. Immutable. */
public final class Accounts {
    private final Map<String, Account> byName;

    public Accounts(List<Account> accounts) {
        Map<String, Account> map = new LinkedHashMap<>();
        for (Account account : accounts) {
            if (map.put(account.name(), account) != null) {
                throw new IllegalArgumentException("account " + account.name() + " is configured twice");
            }
        }
        if (map.isEmpty()) {
            throw new IllegalArgumentException("at least one account is needed");
        }
        this.byName = Map.copyOf(map);
    }

    public Optional<Account> find(String name) {
        return Optional.ofNullable(byName.get(name));
    }

    public List<Account> all() {
        return List.copyOf(byName.values());
    }
}
