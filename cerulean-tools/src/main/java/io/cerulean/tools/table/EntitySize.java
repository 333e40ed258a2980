package io.cerulean.tools.table;

import com.azure.data.tables.models.TableEntity;
import java.util.Map;

/**
 * An upper estimate of the bytes an entity takes in a batch request body: its JSON, with the type
 * annotations, plus the part's MIME headers and URL. Batches are cut to stay under the service's
 * 4 MiB body limit by this estimate; a 413 still splits a batch should the estimate be short.
 */
final class EntitySize {
    /** The part's boundary, headers and request line, with room for long keys' percent-escapes. */
    private static final int PART_OVERHEAD = 400;
    /** A property's quotes, colon, comma and, at most, its {@code @odata.type} annotation. */
    private static final int PROPERTY_OVERHEAD = 48;

    private EntitySize() {
    }

    static long of(TableEntity entity) {
        long size = PART_OVERHEAD + 3L * (jsonString(entity.getPartitionKey()) + jsonString(entity.getRowKey()));
        for (Map.Entry<String, Object> property : entity.getProperties().entrySet()) {
            size += PROPERTY_OVERHEAD + 2L * jsonString(property.getKey()) + value(property.getValue());
        }
        return size;
    }

    private static long value(Object value) {
        if (value instanceof String s) {
            return jsonString(s);
        }
        if (value instanceof byte[] bytes) {
            return 4L * ((bytes.length + 2) / 3);
        }
        return 40; // numbers, booleans, dates and GUIDs: at most 36 characters and quotes
    }

    /** UTF-8 bytes of the string as JSON escapes it. */
    private static long jsonString(String s) {
        if (s == null) {
            return 0;
        }
        long bytes = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x20) {
                bytes += 6;
            } else if (c == '"' || c == '\\') {
                bytes += 2;
            } else if (c < 0x80) {
                bytes += 1;
            } else if (c < 0x800 || Character.isSurrogate(c)) {
                bytes += 2;
            } else {
                bytes += 3;
            }
        }
        return bytes;
    }
}
