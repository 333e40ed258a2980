package io.cerulean.table.rest.operations;

import io.cerulean.http.message.AzureResponse;
import io.cerulean.table.model.Entity;
import io.cerulean.table.rest.json.EntityJsonWriter;
import io.cerulean.table.layout.EntityInTable;

/** Query Entities by key: {@code GET /table(PartitionKey='..',RowKey='..')}, with optional {@code $select}. */
public final class GetEntity implements TableOperation {
    @Override
    public AzureResponse handle(RequestContext context) {
        var resource = context.resource();
        EntityInTable read = context.getEntity(resource.table(), resource.partitionKey(), resource.rowKey());
        Entity entity = read.entity().orElseThrow();
        byte[] json = new EntityJsonWriter(context.level(), context.baseUrl(), context.account(), read.table().name(),
                QueryOptions.select(context.request())).single(entity);
        return AzureResponse.status(200)
                .header("ETag", entity.etag())
                .body(context.level().contentType(), json);
    }
}
