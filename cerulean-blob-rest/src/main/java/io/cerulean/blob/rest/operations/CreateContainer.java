package io.cerulean.blob.rest.operations;

import io.cerulean.blob.rest.auth.BlobGrant;
import io.cerulean.blob.rest.resource.BlobResource;
import io.cerulean.blob.service.Containers;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.message.MetadataHeaders;

/** Create Container: 201 with its ETag; 409 ContainerAlreadyExists when the name is taken. */
public final class CreateContainer implements BlobRestOperation {
    private final Containers containers;

    public CreateContainer(Containers containers) {
        this.containers = containers;
    }

    @Override
    public AzureResponse handle(BlobResource resource, AzureRequest request, BlobGrant grant) {
        return ContainerResponses.written(AzureResponse.status(201), containers.create(resource.account(),
                resource.container(), MetadataHeaders.read(request), ContainerResponses.publicAccess(request)));
    }
}
