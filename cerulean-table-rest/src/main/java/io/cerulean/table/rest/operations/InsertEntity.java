package io.cerulean.table.rest.operations;

import io.cerulean.http.message.AzureResponse;
import io.cerulean.table.model.Entity;
import io.cerulean.table.rest.json.EntityJsonReader;
import io.cerulean.table.rest.json.EntityJsonWriter;
import io.cerulean.table.rest.json.ResourceUrls;
import io.cerulean.table.rest.resource.TableRestOperation;
import io.cerulean.table.layout.StoredTable;
import io.cerulean.table.txn.EntityGroupTransaction;
import io.cerulean.table.txn.Operation;

/**
 * Insert Entity: {@code POST /table}. 201 with the stored entity, or 204 with
 * {@code Prefer: return-no-content}; 409 EntityAlreadyExists when the keys are taken.
 */
public final class InsertEntity implements TableOperation {
    @Override
    public AzureResponse handle(RequestContext context) {
        StoredTable table = context.service().table(context.account(), context.resource().table());
        Operation insert = EntityWrite.of(TableRestOperation.INSERT_ENTITY, context.request())
                .on(context.resource(), EntityJsonReader.read(context.request().body()));
        Entity stored = context.execute(table, EntityGroupTransaction.of(insert)).get(0).stored();
        String location = context.baseUrl() + "/"
                + ResourceUrls.entityPath(table.name(), stored.partitionKey(), stored.rowKey());
        AzureResponse response;
        if (Headers.returnContent(context.request(), true)) {
            byte[] json = new EntityJsonWriter(context.level(), context.baseUrl(), context.account(), table.name(), null)
                    .single(stored);
            response = AzureResponse.status(201);
            if (Headers.preferStated(context.request())) {
                response.header("Preference-Applied", "return-content");
            }
            response.body(context.level().contentType(), json);
        } else {
            response = AzureResponse.status(204)
                    .header("Preference-Applied", "return-no-content")
                    .header("DataServiceId", location);
        }
        return response.header("ETag", stored.etag()).header("Location", location);
    }
}
