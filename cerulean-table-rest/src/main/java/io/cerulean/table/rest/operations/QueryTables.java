package io.cerulean.table.rest.operations;

import io.cerulean.http.message.AzureResponse;
import io.cerulean.table.model.TableNames;
import io.cerulean.table.query.ContinuationToken;
import io.cerulean.table.query.TablePage;
import io.cerulean.table.rest.json.TableJsonWriter;
import java.util.Optional;

/**
 * Query Tables: {@code GET /Tables} with {@code $filter} (on TableName), {@code $top} and the
 * {@code NextTableName} continuation.
 */
public final class QueryTables implements TableOperation {
    @Override
    public AzureResponse handle(RequestContext context) {
        var request = context.request();
        Optional<String> from = Optional.ofNullable(request.queryParameter("NextTableName"))
                .map(token -> TableNames.normalize(ContinuationToken.decode(token, "NextTableName")));
        TablePage page = context.service().queryTables(context.account(), QueryOptions.filter(request),
                QueryOptions.top(request), from);
        AzureResponse response = AzureResponse.status(200);
        page.next().ifPresent(next -> response.header("x-ms-continuation-NextTableName", ContinuationToken.encode(next)));
        byte[] body = new TableJsonWriter(context.level(), context.baseUrl(), context.account()).list(page.tables());
        return response.body(context.level().contentType(), body);
    }
}
