package io.cerulean.queue.rest.operations;

import io.cerulean.http.message.QueryParameters;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.queue.rest.resource.QueueResource;
import io.cerulean.queue.service.QueueService;

/** Delete Message: 204 once the message named with its current pop receipt is gone. */
public final class DeleteMessage implements QueueRestOperation {
    private final QueueService service;

    public DeleteMessage(QueueService service) {
        this.service = service;
    }

    @Override
    public AzureResponse handle(QueueResource resource, AzureRequest request) {
        String popReceipt = QueryParameters.requiredText(request, "popreceipt");
        service.deleteMessage(resource.account(), resource.queue(), resource.messageId(), popReceipt);
        return AzureResponse.status(204);
    }
}
