package io.cerulean.tools.copy;

import com.azure.data.tables.models.TableEntity;
import java.util.Map;

/** About how many bytes an entity takes in a transaction's JSON: enough to keep batches under the limit. */
final class EntitySize {
    /** Names, quotes, the type annotation and separators of one property, about. */
    private static final int PER_PROPERTY = 48;

    private EntitySize() {
    }

    static long of(TableEntity entity) {
        long size = 2L * (entity.getPartitionKey().length() + entity.getRowKey().length()) + 2 * PER_PROPERTY;
        for (Map.Entry<String, Object> property : entity.getProperties().entrySet()) {
            size += 2L * property.getKey().length() + PER_PROPERTY;
            Object value = property.getValue();
            if (value instanceof String text) {
                // Escapes may grow a character to six (\\uXXXX): count the worst of the usual, two.
                size += 2L * text.length();
            } else if (value instanceof byte[] bytes) {
                size += (bytes.length + 2L) / 3 * 4;
            } else {
                size += 40;
            }
        }
        return size;
    }
}
