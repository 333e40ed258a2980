package io.cerulean.app.analytics;

import io.cerulean.rest.analytics.TransactionCounts;
import io.cerulean.table.model.PropertyValue;
import io.cerulean.table.service.TableService;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Adds counts to a metrics entity through the Table service's own tables
 * ({@link io.cerulean.table.service.ReservedTables}): what the row holds, plus what this server counted
 * since it last wrote, written on the version read, so that servers sharing a store all count. Used by
 * the analytics thread alone.
 */
final class MetricsTableWriter {
    private final TableService tables;

    MetricsTableWriter(TableService tables) {
        this.tables = tables;
    }

    void add(String account, String tableName, String partitionKey, String rowKey, TransactionCounts delta) {
        tables.reserved().update(account, tableName, partitionKey, rowKey, stored -> {
            TransactionCounts sum = TransactionCounts.fromProperties(values(stored));
            sum.add(delta);
            return properties(sum);
        });
    }

    private static Map<String, Object> values(Map<String, PropertyValue> properties) {
        Map<String, Object> values = new HashMap<>();
        properties.forEach((name, value) -> values.put(name, value.value()));
        return values;
    }

    private static Map<String, PropertyValue> properties(TransactionCounts counts) {
        Map<String, PropertyValue> properties = new LinkedHashMap<>();
        counts.properties().forEach((name, value) -> properties.put(name, value instanceof Long count
                ? PropertyValue.ofInt64(count) : PropertyValue.ofDouble((Double) value)));
        return properties;
    }
}
