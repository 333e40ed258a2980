package io.cerulean.blob.rest.operations;

import io.cerulean.blob.model.ContainerProperties;
import io.cerulean.blob.rest.auth.BlobGrant;
import io.cerulean.blob.rest.resource.BlobResource;
import io.cerulean.blob.service.Containers;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.message.MetadataHeaders;

/**
 * Get Container Properties (and, with {@code metadataOnly}, Get Container Metadata): its metadata,
 * ETag and Last-Modified, and for the properties its lease state and public access level.
 */
public final class GetContainerProperties implements BlobRestOperation {
    private final Containers containers;
    private final boolean metadataOnly;

    public GetContainerProperties(Containers containers, boolean metadataOnly) {
        this.containers = containers;
        this.metadataOnly = metadataOnly;
    }

    @Override
    public AzureResponse handle(BlobResource resource, AzureRequest request, BlobGrant grant) {
        ContainerProperties container = containers.properties(resource.account(), resource.container(),
                RequestHeaders.leaseId(request));
        AzureResponse response = ContainerResponses.written(AzureResponse.status(200), container);
        MetadataHeaders.write(response, container.metadata());
        if (metadataOnly) {
            return response;
        }
        BlobResponses.lease(response, container.lease(), containers.now());
        if (container.publicAccess().wireName() != null) {
            response.header("x-ms-blob-public-access", container.publicAccess().wireName());
        }
        return response.header("x-ms-has-immutability-policy", "false").header("x-ms-has-legal-hold", "false");
    }
}
