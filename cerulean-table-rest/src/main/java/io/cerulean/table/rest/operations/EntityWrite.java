package io.cerulean.table.rest.operations;

import io.cerulean.http.message.AzureRequest;
import io.cerulean.table.error.TableError;
import io.cerulean.table.error.TableServiceException;
import io.cerulean.table.rest.json.EntityBody;
import io.cerulean.table.rest.resource.Resource;
import io.cerulean.table.rest.resource.TableRestOperation;
import io.cerulean.table.layout.Condition;
import io.cerulean.table.txn.Operation;
import io.cerulean.table.txn.OperationKind;
import java.util.Map;

/**
 * What an entity write asks of the Table service (contract 3.17), decided once for Insert, Update, Merge and
 * Delete Entity whether sent alone or inside a {@code $batch}: with If-Match an update or merge
 * must find the entity (and match it), without it the write is an insert-or-replace or
 * insert-or-merge; a delete without If-Match is taken as {@code *}; If-None-Match is refused. The
 * headers are decided first ({@link #of}), the body read after ({@link #on}), as the service
 * reports their errors in that order.
 */
public record EntityWrite(OperationKind kind, Condition condition) {

    /** The write {@code operation} (one of {@link TableRestOperation#isEntityWrite()}) asks for, by its headers. */
    public static EntityWrite of(TableRestOperation operation, AzureRequest request) {
        if (operation == TableRestOperation.INSERT_ENTITY) {
            return new EntityWrite(OperationKind.INSERT, Condition.NONE);
        }
        Headers.noIfNoneMatch(request);
        Condition ifMatch = Headers.ifMatch(request);
        boolean upsert = ifMatch instanceof Condition.None;
        return switch (operation) {
            case UPDATE_ENTITY -> new EntityWrite(upsert ? OperationKind.INSERT_OR_REPLACE : OperationKind.REPLACE, ifMatch);
            case MERGE_ENTITY -> new EntityWrite(upsert ? OperationKind.INSERT_OR_MERGE : OperationKind.MERGE, ifMatch);
            case DELETE_ENTITY -> new EntityWrite(OperationKind.DELETE, ifMatch);
            default -> throw new IllegalArgumentException(operation + " writes no entity");
        };
    }

    /**
     * The operation on the entity {@code resource} names, with {@code body}'s properties (null for
     * a delete, which has none). An insert takes its keys from the body, and both must be there;
     * the others take the URL's, whatever the body says.
     */
    public Operation on(Resource resource, EntityBody body) {
        if (kind == OperationKind.INSERT) {
            if (body.partitionKey() == null || body.rowKey() == null) {
                throw new TableServiceException(TableError.PROPERTIES_NEED_VALUE,
                        "The values are not specified for all properties in the entity: PartitionKey and RowKey are required.");
            }
            return new Operation(kind, body.partitionKey(), body.rowKey(), body.properties(), condition);
        }
        return new Operation(kind, resource.partitionKey(), resource.rowKey(),
                body == null ? Map.of() : body.properties(), condition);
    }
}
