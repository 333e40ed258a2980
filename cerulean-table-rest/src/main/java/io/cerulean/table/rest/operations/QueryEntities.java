package io.cerulean.table.rest.operations;

import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.table.model.EntityKey;
import io.cerulean.table.query.ContinuationToken;
import io.cerulean.table.query.EntityQuery;
import io.cerulean.table.query.PageEnd;
import io.cerulean.table.rest.json.EntityJsonWriter;
import io.cerulean.table.rest.metrics.QueryMetrics;
import io.cerulean.table.layout.StoredTable;
import java.util.Optional;

/**
 * Query Entities: {@code GET /table()} with {@code $filter}, {@code $select}, {@code $top} and the
 * {@code NextPartitionKey}/{@code NextRowKey} continuation. Reports how it ran: the plan in
 * {@code x-cerulean-query-plan} (e.g. {@code RANGE(pk='Sales', rk=['a'..'b'))}), and how many
 * entities were read from storage ({@code x-cerulean-entities-read}) to return the page's
 * ({@code x-cerulean-entities-returned}).
 */
public final class QueryEntities implements TableOperation {
    /**
     * The most characters of a plan the header carries. A filter of hundreds of comparisons explains
     * itself in tens of kilobytes, and HTTP clients refuse a response whose headers pass 8 KiB (the
     * Java SDK's Netty does): past this, the plan is cut and ends with an ellipsis.
     */
    static final int MAX_PLAN_HEADER_CHARS = 2048;

    private final QueryLog queryLog = new QueryLog();
    private final QueryMetrics metrics;

    public QueryEntities(QueryMetrics metrics) {
        this.metrics = metrics;
    }

    @Override
    public AzureResponse handle(RequestContext context) {
        AzureRequest request = context.request();
        StoredTable table = context.service().table(context.account(), context.resource().table());
        EntityQuery query = new EntityQuery(QueryOptions.filter(request), QueryOptions.top(request),
                resumeFrom(request));
        EntityJsonWriter.Page json = new EntityJsonWriter(context.level(), context.baseUrl(), context.account(),
                table.name(), QueryOptions.select(request)).page();
        PageEnd page = context.queryEntities(table, query, json);
        String filter = request.queryParameter("$filter");
        queryLog.record(table, filter, page);
        context.advisor().queried(table, filter, page.plan(), page.entitiesRead(), page.entitiesReturned());
        metrics.record(page);
        AzureResponse response = AzureResponse.status(200)
                .header("x-cerulean-query-plan", planHeader(page.plan().explain()))
                .header("x-cerulean-entities-read", Long.toString(page.entitiesRead()))
                .header("x-cerulean-entities-returned", Integer.toString(page.entitiesReturned()));
        page.next().ifPresent(next -> response
                .header("x-ms-continuation-NextPartitionKey", ContinuationToken.encode(next.partitionKey()))
                .header("x-ms-continuation-NextRowKey", ContinuationToken.encode(next.rowKey())));
        return response.body(context.level().contentType(), json.finish());
    }

    static String planHeader(String explained) {
        return explained.length() <= MAX_PLAN_HEADER_CHARS ? explained
                : explained.substring(0, MAX_PLAN_HEADER_CHARS - 3) + "...";
    }

    /** Where the client's continuation says to resume; NextRowKey alone means nothing, without it the partition's start. */
    private static Optional<EntityKey> resumeFrom(AzureRequest request) {
        String partition = request.queryParameter("NextPartitionKey");
        if (partition == null) {
            return Optional.empty();
        }
        String row = request.queryParameter("NextRowKey");
        return Optional.of(new EntityKey(ContinuationToken.decode(partition, "NextPartitionKey"),
                row == null ? "" : ContinuationToken.decode(row, "NextRowKey")));
    }
}
