package io.cerulean.queue.rest.operations;

import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.message.MetadataHeaders;
import io.cerulean.queue.rest.resource.QueueResource;
import io.cerulean.queue.service.QueueService;

/** Get Queue Metadata: 200 with the metadata and {@code x-ms-approximate-messages-count}, no body. */
public final class GetQueueMetadata implements QueueRestOperation {
    private final QueueService service;

    public GetQueueMetadata(QueueService service) {
        this.service = service;
    }

    @Override
    public AzureResponse handle(QueueResource resource, AzureRequest request) {
        QueueService.QueueProperties properties = service.properties(resource.account(), resource.queue());
        return MetadataHeaders.write(AzureResponse.status(200), properties.metadata().pairs())
                .header("x-ms-approximate-messages-count", Long.toString(properties.approximateMessageCount()));
    }
}
