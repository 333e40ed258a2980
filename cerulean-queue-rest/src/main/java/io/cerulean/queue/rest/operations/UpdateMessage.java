package io.cerulean.queue.rest.operations;

import io.cerulean.http.message.QueryParameters;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.message.HttpDates;
import io.cerulean.queue.rest.resource.QueueResource;
import io.cerulean.queue.rest.xml.MessagesXml;
import io.cerulean.queue.service.QueueService;
import java.time.Duration;
import java.util.Optional;

/**
 * Update Message: 204 with the message's new pop receipt ({@code x-ms-popreceipt}) and when it is
 * next visible ({@code x-ms-time-next-visible}); a body, if sent, is its new text. The dequeue
 * count, insertion and expiry stay.
 */
public final class UpdateMessage implements QueueRestOperation {
    private final QueueService service;

    public UpdateMessage(QueueService service) {
        this.service = service;
    }

    @Override
    public AzureResponse handle(QueueResource resource, AzureRequest request) {
        String popReceipt = QueryParameters.requiredText(request, "popreceipt");
        long visibility = QueryParameters.required(request, "visibilitytimeout", 0, MessageLimits.MAX_VISIBILITY_SECONDS);
        Optional<String> text = request.body().length == 0 ? Optional.empty()
                : Optional.of(MessagesXml.readText(request.body()));
        QueueService.UpdatedMessage updated = service.updateMessage(resource.account(), resource.queue(),
                resource.messageId(), popReceipt, Duration.ofSeconds(visibility), text);
        return AzureResponse.status(204).header("x-ms-popreceipt", updated.popReceipt())
                .header("x-ms-time-next-visible", HttpDates.format(updated.timeNextVisible()));
    }
}
