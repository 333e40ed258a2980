package io.cerulean.table.model;

/**
 * Something a filter can ask for property values by name: an entity (including its
 * PartitionKey, RowKey and Timestamp) or a table (its TableName).
 */
@FunctionalInterface
public interface PropertySource {
    /** The value of the named property, or null when there is no such property. */
    PropertyValue property(String name);
}
