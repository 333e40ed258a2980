package io.cerulean.queue.rest.operations;

import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.message.MetadataHeaders;
import io.cerulean.queue.model.QueueMetadata;
import io.cerulean.queue.rest.resource.QueueResource;
import io.cerulean.queue.service.QueueService;

/** Create Queue: 201 when new; 204 when it was there with the same metadata (else 409 QueueAlreadyExists). */
public final class CreateQueue implements QueueRestOperation {
    private final QueueService service;

    public CreateQueue(QueueService service) {
        this.service = service;
    }

    @Override
    public AzureResponse handle(QueueResource resource, AzureRequest request) {
        QueueMetadata metadata = new QueueMetadata(MetadataHeaders.read(request));
        return switch (service.createQueue(resource.account(), resource.queue(), metadata)) {
            case CREATED -> AzureResponse.status(201);
            case ALREADY_THERE -> AzureResponse.status(204);
        };
    }
}
