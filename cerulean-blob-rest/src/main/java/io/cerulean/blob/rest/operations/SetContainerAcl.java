package io.cerulean.blob.rest.operations;

import io.cerulean.blob.rest.auth.BlobGrant;
import io.cerulean.blob.rest.auth.BlobSasAuthenticator;
import io.cerulean.blob.rest.resource.BlobResource;
import io.cerulean.blob.service.Containers;
import io.cerulean.common.acl.AccessPolicies;
import io.cerulean.http.acl.SignedIdentifiersXml;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;

/**
 * Set Container ACL: 200 with a new ETag. The public access level is the header's (none sent:
 * private), the stored access policies the body's (no body: none). Date conditions only.
 */
public final class SetContainerAcl implements BlobRestOperation {
    private final Containers containers;

    public SetContainerAcl(Containers containers) {
        this.containers = containers;
    }

    @Override
    public AzureResponse handle(BlobResource resource, AzureRequest request, BlobGrant grant) {
        AccessPolicies acl = SignedIdentifiersXml.read(request.body()).requirePermissions(BlobSasAuthenticator.PERMISSIONS);
        return ContainerResponses.written(AzureResponse.status(200), containers.setAcl(resource.account(),
                resource.container(), ContainerResponses.publicAccess(request), acl,
                RequestHeaders.dateConditions(request)));
    }
}
