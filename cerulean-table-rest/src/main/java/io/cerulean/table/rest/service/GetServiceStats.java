package io.cerulean.table.rest.service;

import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.message.MediaTypes;
import io.cerulean.http.properties.ServiceQuery;
import io.cerulean.http.properties.ServiceStatsXml;
import io.cerulean.table.rest.operations.RequestContext;
import io.cerulean.table.rest.operations.TableOperation;
import java.time.Clock;

/**
 * Get Table Service Stats ({@code GET /<account>-secondary/?restype=service&comp=stats}): geo-replication
 * is always {@code live} and synced now, since one store serves both endpoints. The service answers
 * only on the secondary endpoint; Cerulean answers on the primary too, where the Java SDK sends it.
 */
public final class GetServiceStats implements TableOperation {
    private final Clock clock;

    public GetServiceStats() {
        this(Clock.systemUTC());
    }

    GetServiceStats(Clock clock) {
        this.clock = clock;
    }

    @Override
    public AzureResponse handle(RequestContext context) {
        ServiceQuery.require(context.request(), "stats");
        return AzureResponse.status(200).body(MediaTypes.XML, ServiceStatsXml.write(clock.instant()));
    }
}
