package io.cerulean.table.rest.operations;

import io.cerulean.http.message.AzureResponse;
import io.cerulean.table.rest.json.ResourceUrls;
import io.cerulean.table.rest.json.TableJsonWriter;
import io.cerulean.table.rest.json.TableNameReader;
import io.cerulean.table.layout.StoredTable;

/** Create Table: {@code POST /Tables}. 201 with the table, or 204 with {@code Prefer: return-no-content}. */
public final class CreateTable implements TableOperation {
    @Override
    public AzureResponse handle(RequestContext context) {
        String name = TableNameReader.read(context.request().body());
        StoredTable table = context.service().createTable(context.account(), name);
        String location = context.baseUrl() + "/" + ResourceUrls.tablePath(table.name());
        if (!Headers.returnContent(context.request(), true)) {
            return AzureResponse.status(204)
                    .header("Preference-Applied", "return-no-content")
                    .header("Location", location)
                    .header("DataServiceId", location);
        }
        AzureResponse response = AzureResponse.status(201).header("Location", location);
        if (Headers.preferStated(context.request())) {
            response.header("Preference-Applied", "return-content");
        }
        byte[] body = new TableJsonWriter(context.level(), context.baseUrl(), context.account()).single(table);
        return response.body(context.level().contentType(), body);
    }
}
