package io.cerulean.table.rest.operations;

import io.cerulean.http.message.AzureResponse;

/** Delete Table: {@code DELETE /Tables('name')}. The table and all its entities go at once. */
public final class DeleteTable implements TableOperation {
    @Override
    public AzureResponse handle(RequestContext context) {
        context.service().deleteTable(context.account(), context.resource().table());
        context.advisor().tableDeleted(context.account(), context.resource().table());
        return AzureResponse.status(204);
    }
}
