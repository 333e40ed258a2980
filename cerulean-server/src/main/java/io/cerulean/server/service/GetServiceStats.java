package io.cerulean.server.service;

import io.cerulean.server.http.AzureResponse;
import io.cerulean.server.http.HttpDates;
import io.cerulean.server.http.MediaTypes;
import io.cerulean.server.operations.RequestContext;
import io.cerulean.server.operations.TableOperation;
import java.time.Clock;

/**
 * Get Table Service Stats ({@code GET /<account>-secondary/?restype=service&comp=stats}): geo-replication
 * is always {@code live} and synced now, since one store serves both endpoints. The service answers
 * only on the secondary endpoint; Cerulean answers on the primary too, where the Java SDK sends it.
 */
public final class GetServiceStats implements TableOperation {
    /** RFC 1123 with a two-digit day, as the service writes it and azure-core's fixed-width parser reads it. */

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
        byte[] body = new XmlWriter().start("StorageServiceStats").start("GeoReplication")
                .element("Status", "live").element("LastSyncTime", HttpDates.format(clock.instant()))
                .end("GeoReplication").end("StorageServiceStats").bytes();
        return AzureResponse.status(200).body(MediaTypes.XML, body);
    }
}
