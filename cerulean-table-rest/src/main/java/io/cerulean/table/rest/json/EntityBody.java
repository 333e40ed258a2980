package io.cerulean.table.rest.json;

import io.cerulean.table.model.PropertyValue;
import java.util.Map;

/**
 * An entity as a request body carried it: the keys if present (null otherwise) and the typed user
 * properties in body order. Timestamp and {@code odata.*} control information are dropped.
 */
public record EntityBody(String partitionKey, String rowKey, Map<String, PropertyValue> properties) {
}
