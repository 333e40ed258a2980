package io.cerulean.blob.rest.operations;

import io.cerulean.blob.rest.auth.BlobGrant;
import io.cerulean.blob.rest.resource.BlobResource;
import io.cerulean.blob.service.Containers;
import io.cerulean.http.acl.SignedIdentifiersXml;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.message.MediaTypes;

/** Get Container ACL: 200 with the stored access policies, the public access level as a header. */
public final class GetContainerAcl implements BlobRestOperation {
    private final Containers containers;

    public GetContainerAcl(Containers containers) {
        this.containers = containers;
    }

    @Override
    public AzureResponse handle(BlobResource resource, AzureRequest request, BlobGrant grant) {
        Containers.ContainerAcl acl = containers.acl(resource.account(), resource.container(),
                RequestHeaders.leaseId(request));
        AzureResponse response = ContainerResponses.written(AzureResponse.status(200), acl.properties());
        if (acl.properties().publicAccess().wireName() != null) {
            response.header("x-ms-blob-public-access", acl.properties().publicAccess().wireName());
        }
        return response.body(MediaTypes.XML, SignedIdentifiersXml.write(acl.policies()));
    }
}
