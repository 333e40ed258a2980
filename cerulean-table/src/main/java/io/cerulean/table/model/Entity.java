package io.cerulean.table.model;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * An entity: its keys, the server-assigned Timestamp (null until stored) and its user properties
 * in the order they were given. The properties map never holds PartitionKey, RowKey or Timestamp.
 */
public record Entity(String partitionKey, String rowKey, Instant timestamp, Map<String, PropertyValue> properties)
        implements EntityView {

    public static final String PARTITION_KEY = "PartitionKey";
    public static final String ROW_KEY = "RowKey";
    public static final String TIMESTAMP = "Timestamp";

    public Entity {
        Objects.requireNonNull(partitionKey, "partitionKey");
        Objects.requireNonNull(rowKey, "rowKey");
        Objects.requireNonNull(properties, "properties");
        properties = Properties.copyOf(properties);
    }

    /** An entity as a client sent it, before the server stamps it. */
    public static Entity unstamped(String partitionKey, String rowKey, Map<String, PropertyValue> properties) {
        return new Entity(partitionKey, rowKey, null, properties);
    }

    public Entity withTimestamp(Instant newTimestamp) {
        return new Entity(partitionKey, rowKey, Objects.requireNonNull(newTimestamp, "newTimestamp"), properties);
    }

    /** This entity with {@code changes} merged in: named properties replaced or added, the rest kept. */
    public Entity mergedWith(Map<String, PropertyValue> changes) {
        LinkedHashMap<String, PropertyValue> merged = new LinkedHashMap<>(properties);
        merged.putAll(changes);
        return new Entity(partitionKey, rowKey, timestamp, Properties.owning(merged));
    }

    @Override
    public EntityKey key() {
        return new EntityKey(partitionKey, rowKey);
    }

    /** The ETag the service reports for this entity; requires a timestamp. */
    public String etag() {
        return ETag.of(Objects.requireNonNull(timestamp, "timestamp"));
    }

    @Override
    public void forEachProperty(PropertyVisitor visitor) {
        for (Map.Entry<String, PropertyValue> property : properties.entrySet()) {
            visitor.property(property.getKey(), property.getValue());
        }
    }

    @Override
    public Entity toEntity() {
        return this;
    }

    @Override
    public PropertyValue property(String name) {
        switch (name) {
            case PARTITION_KEY:
                return PropertyValue.ofString(partitionKey);
            case ROW_KEY:
                return PropertyValue.ofString(rowKey);
            case TIMESTAMP:
                return timestamp == null ? null : PropertyValue.ofDateTime(timestamp);
            default:
                return properties.get(name);
        }
    }
}
