package io.cerulean.table.rest.operations;

import io.cerulean.http.message.AzureResponse;
import io.cerulean.table.rest.resource.TableRestOperation;
import io.cerulean.table.layout.StoredTable;
import io.cerulean.table.txn.EntityGroupTransaction;
import io.cerulean.table.txn.Operation;

/**
 * Delete Entity: {@code DELETE /table(PartitionKey='..',RowKey='..')} with If-Match {@code *} or
 * an ETag (every SDK sends one; a request without it is taken as {@code *}). 204; 404
 * ResourceNotFound when absent, 412 when the ETag is stale.
 */
public final class DeleteEntity implements TableOperation {
    @Override
    public AzureResponse handle(RequestContext context) {
        EntityWrite write = EntityWrite.of(TableRestOperation.DELETE_ENTITY, context.request());
        StoredTable table = context.service().table(context.account(), context.resource().table());
        Operation delete = write.on(context.resource(), null);
        context.execute(table, EntityGroupTransaction.of(delete));
        return AzureResponse.status(204);
    }
}
