package io.cerulean.queue.rest.operations;

import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.message.MetadataHeaders;
import io.cerulean.queue.model.QueueMetadata;
import io.cerulean.queue.rest.resource.QueueResource;
import io.cerulean.queue.service.QueueService;

/** Set Queue Metadata: 204, the metadata replaced by what the request sends (none clears it). */
public final class SetQueueMetadata implements QueueRestOperation {
    private final QueueService service;

    public SetQueueMetadata(QueueService service) {
        this.service = service;
    }

    @Override
    public AzureResponse handle(QueueResource resource, AzureRequest request) {
        service.setMetadata(resource.account(), resource.queue(), new QueueMetadata(MetadataHeaders.read(request)));
        return AzureResponse.status(204);
    }
}
