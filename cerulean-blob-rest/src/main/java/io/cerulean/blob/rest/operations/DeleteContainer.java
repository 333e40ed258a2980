package io.cerulean.blob.rest.operations;

import io.cerulean.blob.rest.auth.BlobGrant;
import io.cerulean.blob.rest.resource.BlobResource;
import io.cerulean.blob.service.Containers;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;

/** Delete Container: 202; its blobs go with it at once. Date conditions only. */
public final class DeleteContainer implements BlobRestOperation {
    private final Containers containers;

    public DeleteContainer(Containers containers) {
        this.containers = containers;
    }

    @Override
    public AzureResponse handle(BlobResource resource, AzureRequest request, BlobGrant grant) {
        containers.delete(resource.account(), resource.container(), RequestHeaders.dateConditions(request));
        return AzureResponse.status(202);
    }
}
