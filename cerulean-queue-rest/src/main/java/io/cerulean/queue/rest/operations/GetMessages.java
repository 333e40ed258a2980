package io.cerulean.queue.rest.operations;

import io.cerulean.http.message.QueryParameters;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.message.MediaTypes;
import io.cerulean.queue.rest.resource.QueueResource;
import io.cerulean.queue.rest.xml.MessagesXml;
import io.cerulean.queue.service.QueueService;
import java.time.Duration;

/**
 * Get Messages: 200 with up to {@code numofmessages} messages, each invisible for the visibility
 * timeout (30 s unless given), its dequeue count one higher and a new pop receipt.
 */
public final class GetMessages implements QueueRestOperation {
    private final QueueService service;

    public GetMessages(QueueService service) {
        this.service = service;
    }

    @Override
    public AzureResponse handle(QueueResource resource, AzureRequest request) {
        int count = (int) QueryParameters.inRange(request, "numofmessages", 1, 1, MessageLimits.MAX_MESSAGES);
        long visibility = QueryParameters.inRange(request, "visibilitytimeout", MessageLimits.DEFAULT_GET_VISIBILITY_SECONDS,
                1, MessageLimits.MAX_VISIBILITY_SECONDS);
        return AzureResponse.status(200).body(MediaTypes.XML, MessagesXml.write(
                service.getMessages(resource.account(), resource.queue(), count, Duration.ofSeconds(visibility)),
                MessagesXml.Shape.GET));
    }
}
