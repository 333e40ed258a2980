package io.cerulean.table.rest.operations;

import io.cerulean.http.message.AzureResponse;
import io.cerulean.table.model.Entity;
import io.cerulean.table.rest.json.EntityJsonWriter;
import io.cerulean.table.store.StoredTable;

/** Query Entities by key: {@code GET /table(PartitionKey='..',RowKey='..')}, with optional {@code $select}. */
public final class GetEntity implements TableOperation {
    @Override
    public AzureResponse handle(RequestContext context) {
        var resource = context.resource();
        StoredTable table = context.service().table(context.account(), resource.table());
        Entity entity = context.getEntity(table, resource.partitionKey(), resource.rowKey());
        byte[] json = new EntityJsonWriter(context.level(), context.baseUrl(), context.account(), table.name(),
                QueryOptions.select(context.request())).single(entity);
        return AzureResponse.status(200)
                .header("ETag", entity.etag())
                .body(context.level().contentType(), json);
    }
}
