package io.cerulean.table.model;

import java.util.Comparator;
import java.util.Objects;

/**
 * The identity of an entity within a table. Ordered as the service orders results: by
 * PartitionKey, then RowKey, each compared ordinally by UTF-16 code unit.
 */
public record EntityKey(String partitionKey, String rowKey) implements Comparable<EntityKey> {
    public static final Comparator<EntityKey> ORDER =
            Comparator.comparing(EntityKey::partitionKey).thenComparing(EntityKey::rowKey);

    public EntityKey {
        Objects.requireNonNull(partitionKey, "partitionKey");
        Objects.requireNonNull(rowKey, "rowKey");
    }

    @Override
    public int compareTo(EntityKey other) {
        return ORDER.compare(this, other);
    }
}
