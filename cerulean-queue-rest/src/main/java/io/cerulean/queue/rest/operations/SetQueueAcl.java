package io.cerulean.queue.rest.operations;

import io.cerulean.common.acl.AccessPolicies;
import io.cerulean.http.acl.SignedIdentifiersXml;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.queue.rest.auth.QueueSasAuthenticator;
import io.cerulean.queue.rest.resource.QueueResource;
import io.cerulean.queue.service.QueueService;

/**
 * Set Queue ACL: 204; an empty body removes every stored access policy. Letters other than
 * {@code raup} are 400 InvalidXmlNodeValue.
 */
public final class SetQueueAcl implements QueueRestOperation {
    private final QueueService service;

    public SetQueueAcl(QueueService service) {
        this.service = service;
    }

    @Override
    public AzureResponse handle(QueueResource resource, AzureRequest request) {
        AccessPolicies acl = SignedIdentifiersXml.read(request.body()).requirePermissions(QueueSasAuthenticator.PERMISSIONS);
        service.setAcl(resource.account(), resource.queue(), acl);
        return AzureResponse.status(204);
    }
}
