package io.cerulean.tools.copy;

import com.azure.data.tables.models.TableEntity;
import java.util.Map;

/** About how many bytes an entity takes as JSON, for the progress line: keys, values and their names, not the framing. */
final class EntitySize {
    /** Quotes, colon and comma around one property. */
    private static final int PER_PROPERTY = 6;

    private EntitySize() {
    }

    static long of(TableEntity entity) {
        long size = entity.getPartitionKey().length() + entity.getRowKey().length() + 2L;
        for (Map.Entry<String, Object> property : entity.getProperties().entrySet()) {
            size += property.getKey().length() + PER_PROPERTY;
            Object value = property.getValue();
            if (value instanceof String text) {
                size += text.length();
            } else if (value instanceof byte[] bytes) {
                size += (bytes.length + 2L) / 3 * 4;
            } else {
                size += 16;
            }
        }
        return size;
    }
}
