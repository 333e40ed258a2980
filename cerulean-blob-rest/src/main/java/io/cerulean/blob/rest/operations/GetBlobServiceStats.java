package io.cerulean.blob.rest.operations;

import io.cerulean.blob.rest.auth.BlobGrant;
import io.cerulean.blob.rest.resource.BlobResource;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.message.MediaTypes;
import io.cerulean.http.properties.ServiceStatsXml;
import java.time.Clock;

/**
 * Get Blob Service Stats: geo-replication always {@code live} and synced now, since one store
 * serves both endpoints. Served on the primary endpoint too, as for the other services.
 */
public final class GetBlobServiceStats implements BlobRestOperation {
    private final Clock clock;

    public GetBlobServiceStats(Clock clock) {
        this.clock = clock;
    }

    @Override
    public AzureResponse handle(BlobResource resource, AzureRequest request, BlobGrant grant) {
        return AzureResponse.status(200).body(MediaTypes.XML, ServiceStatsXml.write(clock.instant()));
    }
}
