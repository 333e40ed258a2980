package io.cerulean.blob.rest.operations;

import io.cerulean.blob.rest.auth.BlobGrant;
import io.cerulean.blob.rest.resource.BlobResource;
import io.cerulean.blob.service.Containers;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.message.MetadataHeaders;

/** Set Container Metadata: replaces the whole set (none sent clears it); a new ETag. Date conditions only. */
public final class SetContainerMetadata implements BlobRestOperation {
    private final Containers containers;

    public SetContainerMetadata(Containers containers) {
        this.containers = containers;
    }

    @Override
    public AzureResponse handle(BlobResource resource, AzureRequest request, BlobGrant grant) {
        return ContainerResponses.written(AzureResponse.status(200), containers.setMetadata(resource.account(),
                resource.container(), MetadataHeaders.read(request), RequestHeaders.dateConditions(request)));
    }
}
