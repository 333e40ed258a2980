package io.cerulean.table.layout;

import java.util.Objects;

/**
 * A table as a store knows it. {@code id} is unique for the life of the store and never reused,
 * so a table deleted and created again under the same name starts empty.
 */
public record StoredTable(String account, String name, long id) {
    public StoredTable {
        Objects.requireNonNull(account, "account");
        Objects.requireNonNull(name, "name");
    }
}
