package io.cerulean.tools.table;

import com.azure.data.tables.models.TableEntity;
import java.util.Objects;

/**
 * An entity to write and the caller's position for it (an input line number, a sequence number):
 * what the caller gets back when the row is acknowledged or rejected.
 */
public record Row(long position, TableEntity entity) {
    public Row {
        Objects.requireNonNull(entity, "entity");
    }

    public String partitionKey() {
        return entity.getPartitionKey();
    }

    public String rowKey() {
        return entity.getRowKey();
    }
}
