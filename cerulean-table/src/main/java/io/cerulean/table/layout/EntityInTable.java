package io.cerulean.table.layout;

import io.cerulean.table.model.Entity;
import java.util.Optional;

/** A table found by name and one of its entities, if present: what Get Entity reads. */
public record EntityInTable(StoredTable table, Optional<Entity> entity) {
}
