package io.cerulean.queue.rest.operations;

import io.cerulean.http.message.QueryParameters;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.message.MediaTypes;
import io.cerulean.queue.rest.resource.QueueResource;
import io.cerulean.queue.rest.xml.MessagesXml;
import io.cerulean.queue.service.QueueService;

/** Peek Messages: 200 with up to {@code numofmessages} visible messages, changing nothing. */
public final class PeekMessages implements QueueRestOperation {
    private final QueueService service;

    public PeekMessages(QueueService service) {
        this.service = service;
    }

    @Override
    public AzureResponse handle(QueueResource resource, AzureRequest request) {
        int count = (int) QueryParameters.inRange(request, "numofmessages", 1, 1, MessageLimits.MAX_MESSAGES);
        return AzureResponse.status(200).body(MediaTypes.XML, MessagesXml.write(
                service.peekMessages(resource.account(), resource.queue(), count), MessagesXml.Shape.PEEK));
    }
}
