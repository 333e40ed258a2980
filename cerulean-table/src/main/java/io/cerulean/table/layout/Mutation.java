package io.cerulean.table.layout;

import io.cerulean.table.model.Entity;
import java.util.Objects;

/**
 * One conditional change within a partition: put a whole entity (stamped, validated) or delete
 * one by RowKey. They are applied exactly; all merging and validation happened before.
 */
public record Mutation(String rowKey, Entity entity, Condition condition) {
    public Mutation {
        Objects.requireNonNull(rowKey, "rowKey");
        Objects.requireNonNull(condition, "condition");
        if (entity != null && (!entity.rowKey().equals(rowKey) || entity.timestamp() == null)) {
            throw new IllegalArgumentException("a put needs a stamped entity with RowKey " + rowKey);
        }
    }

    public static Mutation put(Entity entity, Condition condition) {
        return new Mutation(entity.rowKey(), entity, condition);
    }

    public static Mutation delete(String rowKey, Condition condition) {
        return new Mutation(rowKey, null, condition);
    }

    public boolean isDelete() {
        return entity == null;
    }
}
