package io.cerulean.table.rest.operations;

import io.cerulean.http.message.AzureResponse;
import io.cerulean.table.model.Entity;
import io.cerulean.table.rest.json.EntityJsonReader;
import io.cerulean.table.rest.resource.TableRestOperation;
import io.cerulean.table.layout.StoredTable;
import io.cerulean.table.txn.EntityGroupTransaction;
import io.cerulean.table.txn.Operation;

/**
 * Update, Merge and their upserts on {@code /table(PartitionKey='..',RowKey='..')}: with If-Match
 * the entity must exist (and match); without it the write is an insert-or-replace or
 * insert-or-merge. The URL's keys win over any in the body. 204 with the new ETag.
 */
public final class WriteEntity implements TableOperation {
    private final TableRestOperation operation;

    private WriteEntity(TableRestOperation operation) {
        this.operation = operation;
    }

    /** PUT: Update Entity or Insert Or Replace Entity. */
    public static WriteEntity replace() {
        return new WriteEntity(TableRestOperation.UPDATE_ENTITY);
    }

    /** PATCH, MERGE, POST with X-HTTP-Method MERGE: Merge Entity or Insert Or Merge Entity. */
    public static WriteEntity merge() {
        return new WriteEntity(TableRestOperation.MERGE_ENTITY);
    }

    @Override
    public AzureResponse handle(RequestContext context) {
        EntityWrite write = EntityWrite.of(operation, context.request());
        StoredTable table = context.service().table(context.account(), context.resource().table());
        Operation operation = write.on(context.resource(), EntityJsonReader.read(context.request().body()));
        Entity stored = context.execute(table, EntityGroupTransaction.of(operation)).get(0).stored();
        return AzureResponse.status(204).header("ETag", stored.etag());
    }
}
