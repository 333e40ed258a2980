package io.cerulean.queue.rest.operations;

import io.cerulean.http.acl.SignedIdentifiersXml;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.message.MediaTypes;
import io.cerulean.queue.rest.resource.QueueResource;
import io.cerulean.queue.service.QueueService;

/** Get Queue ACL: 200 with the queue's {@code SignedIdentifiers}. */
public final class GetQueueAcl implements QueueRestOperation {
    private final QueueService service;

    public GetQueueAcl(QueueService service) {
        this.service = service;
    }

    @Override
    public AzureResponse handle(QueueResource resource, AzureRequest request) {
        return AzureResponse.status(200).body(MediaTypes.XML,
                SignedIdentifiersXml.write(service.acl(resource.account(), resource.queue())));
    }
}
