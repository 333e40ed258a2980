package io.cerulean.table.txn;

import io.cerulean.table.model.Properties;
import io.cerulean.table.model.PropertyValue;
import io.cerulean.table.layout.Condition;
import java.util.Map;
import java.util.Objects;

/**
 * One entity write as a client asked for it. {@code ifMatch} is the client's If-Match turned into
 * a condition: {@link Condition#NONE} (absent), {@link Condition#MUST_EXIST} ({@code *}) or a
 * Timestamp to match (an ETag). {@code properties} are the user properties sent (none for delete).
 */
public record Operation(OperationKind kind, String partitionKey, String rowKey,
                        Map<String, PropertyValue> properties, Condition ifMatch) {
    public Operation {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(partitionKey, "partitionKey");
        Objects.requireNonNull(rowKey, "rowKey");
        properties = Properties.copyOf(Objects.requireNonNull(properties, "properties"));
        Objects.requireNonNull(ifMatch, "ifMatch");
        if (ifMatch instanceof Condition.MustNotExist) {
            throw new IllegalArgumentException("If-Match cannot demand absence");
        }
    }
}
