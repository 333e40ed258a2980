package io.cerulean.table.rest.operations;

import io.cerulean.common.error.CommonError;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.table.error.TableServiceException;
import io.cerulean.table.rest.json.TableJsonWriter;
import io.cerulean.table.layout.StoredTable;

/** {@code GET /Tables('name')}: one table, as older clients check that a table exists. */
public final class GetTable implements TableOperation {
    @Override
    public AzureResponse handle(RequestContext context) {
        StoredTable table = context.service().findTable(context.account(), context.resource().table())
                .orElseThrow(() -> new TableServiceException(CommonError.RESOURCE_NOT_FOUND));
        byte[] body = new TableJsonWriter(context.level(), context.baseUrl(), context.account()).single(table);
        return AzureResponse.status(200).body(context.level().contentType(), body);
    }
}
