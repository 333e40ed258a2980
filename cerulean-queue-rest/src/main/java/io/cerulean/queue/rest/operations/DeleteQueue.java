package io.cerulean.queue.rest.operations;

import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.queue.rest.resource.QueueResource;
import io.cerulean.queue.service.QueueService;

/** Delete Queue: 204, its messages and ACL gone with it. */
public final class DeleteQueue implements QueueRestOperation {
    private final QueueService service;

    public DeleteQueue(QueueService service) {
        this.service = service;
    }

    @Override
    public AzureResponse handle(QueueResource resource, AzureRequest request) {
        service.deleteQueue(resource.account(), resource.queue());
        return AzureResponse.status(204);
    }
}
