package io.cerulean.table.rest.operations;

import io.cerulean.core.spi.StoredTable;
import io.cerulean.core.txn.EntityGroupTransaction;
import io.cerulean.core.txn.Operation;
import io.cerulean.core.txn.OperationKind;
import io.cerulean.http.message.AzureResponse;
import java.util.Map;

/**
 * Delete Entity: {@code DELETE /table(PartitionKey='..',RowKey='..')} with If-Match {@code *} or
 * an ETag (every SDK sends one; a request without it is taken as {@code *}). 204; 404
 * ResourceNotFound when absent, 412 when the ETag is stale.
 */
public final class DeleteEntity implements TableOperation {
    @Override
    public AzureResponse handle(RequestContext context) {
        var resource = context.resource();
        Headers.noIfNoneMatch(context.request());
        var ifMatch = Headers.ifMatch(context.request());
        StoredTable table = context.service().table(context.account(), resource.table());
        Operation delete = new Operation(OperationKind.DELETE, resource.partitionKey(), resource.rowKey(), Map.of(),
                ifMatch);
        context.execute(table, EntityGroupTransaction.of(delete));
        return AzureResponse.status(204);
    }
}
