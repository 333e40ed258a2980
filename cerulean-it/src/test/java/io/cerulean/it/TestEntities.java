package io.cerulean.it;

import com.azure.data.tables.models.TableEntity;
import java.util.Map;
import java.util.TreeMap;

/** Views of SDK entities for assertions. */
final class TestEntities {
    private TestEntities() {
    }

    /**
     * The entity's own properties: without PartitionKey, RowKey, Timestamp and the odata metadata
     * the SDK keeps in the map ({@code odata.etag}, {@code Timestamp@odata.type}, ...).
     */
    static Map<String, Object> custom(TableEntity entity) {
        Map<String, Object> custom = new TreeMap<>(entity.getProperties());
        custom.keySet().removeIf(k -> k.equals("PartitionKey") || k.equals("RowKey") || k.equals("Timestamp")
                || k.startsWith("odata.") || k.endsWith("@odata.type"));
        return custom;
    }
}
