package io.cerulean.queue.rest.operations;

import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.queue.rest.resource.QueueResource;
import io.cerulean.queue.service.QueueService;

/** Clear Messages: 204 once every message, visible or not, is gone. */
public final class ClearMessages implements QueueRestOperation {
    private final QueueService service;

    public ClearMessages(QueueService service) {
        this.service = service;
    }

    @Override
    public AzureResponse handle(QueueResource resource, AzureRequest request) {
        service.clearMessages(resource.account(), resource.queue());
        return AzureResponse.status(204);
    }
}
