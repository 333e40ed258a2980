package io.cerulean.server.operations;

import io.cerulean.core.model.TableNames;
import io.cerulean.core.query.ContinuationToken;
import io.cerulean.core.query.TablePage;
import io.cerulean.server.http.AzureResponse;
import io.cerulean.server.http.MediaTypes;
import io.cerulean.server.json.TableJsonWriter;
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
        return response.body(MediaTypes.json(context.level()), body);
    }
}
