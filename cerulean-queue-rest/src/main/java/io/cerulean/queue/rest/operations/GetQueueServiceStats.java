package io.cerulean.queue.rest.operations;

import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.message.MediaTypes;
import io.cerulean.http.properties.ServiceStatsXml;
import io.cerulean.queue.rest.resource.QueueResource;
import java.time.Clock;

/**
 * Get Queue Service Stats: geo-replication always {@code live} and synced now, since one store
 * serves both endpoints. Served on the primary endpoint too, as for the Table service.
 */
public final class GetQueueServiceStats implements QueueRestOperation {
    private final Clock clock;

    public GetQueueServiceStats(Clock clock) {
        this.clock = clock;
    }

    @Override
    public AzureResponse handle(QueueResource resource, AzureRequest request) {
        return AzureResponse.status(200).body(MediaTypes.XML, ServiceStatsXml.write(clock.instant()));
    }
}
