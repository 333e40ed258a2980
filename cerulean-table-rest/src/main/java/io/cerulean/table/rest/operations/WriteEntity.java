package io.cerulean.table.rest.operations;

import io.cerulean.core.model.Entity;
import io.cerulean.core.spi.Condition;
import io.cerulean.core.spi.StoredTable;
import io.cerulean.core.txn.EntityGroupTransaction;
import io.cerulean.core.txn.Operation;
import io.cerulean.core.txn.OperationKind;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.table.rest.json.EntityBody;
import io.cerulean.table.rest.json.EntityJsonReader;

/**
 * Update, Merge and their upserts on {@code /table(PartitionKey='..',RowKey='..')}: with If-Match
 * the entity must exist (and match); without it the write is an insert-or-replace or
 * insert-or-merge. The URL's keys win over any in the body. 204 with the new ETag.
 */
public final class WriteEntity implements TableOperation {
    private final OperationKind conditional;
    private final OperationKind upsert;

    private WriteEntity(OperationKind conditional, OperationKind upsert) {
        this.conditional = conditional;
        this.upsert = upsert;
    }

    /** PUT: Update Entity or Insert Or Replace Entity. */
    public static WriteEntity replace() {
        return new WriteEntity(OperationKind.REPLACE, OperationKind.INSERT_OR_REPLACE);
    }

    /** PATCH, MERGE, POST with X-HTTP-Method MERGE: Merge Entity or Insert Or Merge Entity. */
    public static WriteEntity merge() {
        return new WriteEntity(OperationKind.MERGE, OperationKind.INSERT_OR_MERGE);
    }

    @Override
    public AzureResponse handle(RequestContext context) {
        var resource = context.resource();
        Headers.noIfNoneMatch(context.request());
        Condition ifMatch = Headers.ifMatch(context.request());
        StoredTable table = context.service().table(context.account(), resource.table());
        EntityBody body = EntityJsonReader.read(context.request().body());
        OperationKind kind = ifMatch instanceof Condition.None ? upsert : conditional;
        Operation operation = new Operation(kind, resource.partitionKey(), resource.rowKey(), body.properties(), ifMatch);
        Entity stored = context.execute(table, EntityGroupTransaction.of(operation)).get(0).stored();
        return AzureResponse.status(204).header("ETag", stored.etag());
    }
}
