package io.cerulean.queue.rest.operations;

import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.message.HttpDates;
import io.cerulean.http.message.MediaTypes;
import io.cerulean.queue.model.Expiry;
import io.cerulean.queue.model.QueueMessage;
import io.cerulean.queue.rest.resource.QueueResource;
import io.cerulean.queue.rest.xml.MessagesXml;
import io.cerulean.queue.service.QueueService;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The operations on a queue's messages (contract 3.11 to 3.16). The limits, as the service has them
 * from version 2017-07-29 on: visibility timeouts up to 7 days; a time to live of at least a second,
 * or -1 for never; Put's visibility timeout below its time to live; 1 to 32 messages a Get or Peek.
 */
public final class MessageRequests {
    /** The longest visibility timeout, in seconds: 7 days. */
    public static final long MAX_VISIBILITY_SECONDS = 7 * 24 * 3600;
    /** Get Messages' visibility timeout when none is given, in seconds. */
    public static final long DEFAULT_GET_VISIBILITY_SECONDS = 30;
    /** The most messages one Get or Peek Messages returns. */
    public static final int MAX_MESSAGES = 32;

    private final QueueService service;

    public MessageRequests(QueueService service) {
        this.service = service;
    }

    /** Put Message: 201 with the new message's id, times and pop receipt. */
    public AzureResponse put(QueueResource resource, AzureRequest request) {
        String text = MessagesXml.readText(request.body());
        long visibility = QueryParameters.inRange(request, "visibilitytimeout", 0, 0, MAX_VISIBILITY_SECONDS);
        Optional<Duration> timeToLive = timeToLive(request);
        if (timeToLive.isPresent() && visibility >= timeToLive.get().toSeconds()) {
            throw QueryParameters.invalid("visibilitytimeout", Long.toString(visibility),
                    "messagettl must be greater than visibilitytimeout.");
        }
        QueueMessage message = service.putMessage(resource.account(), resource.queue(), text,
                Duration.ofSeconds(visibility), timeToLive);
        return AzureResponse.status(201).body(MediaTypes.XML, MessagesXml.write(List.of(message), MessagesXml.Shape.PUT));
    }

    /** The message's time to live: 7 days when not given, empty for -1 (never expires). */
    private static Optional<Duration> timeToLive(AzureRequest request) {
        OptionalLong given = QueryParameters.optional(request, "messagettl");
        if (given.isEmpty()) {
            return Optional.of(Expiry.DEFAULT_TIME_TO_LIVE);
        }
        long seconds = given.getAsLong();
        if (seconds == -1) {
            return Optional.empty();
        }
        if (seconds < 1) {
            throw QueryParameters.invalid("messagettl", Long.toString(seconds),
                    "Value must be greater than or equal to 1, or -1 to indicate an infinite TTL.");
        }
        return Optional.of(Duration.ofSeconds(seconds));
    }

    /** Get Messages: 200 with up to {@code numofmessages} messages, each invisible for the visibility timeout. */
    public AzureResponse get(QueueResource resource, AzureRequest request) {
        int count = (int) QueryParameters.inRange(request, "numofmessages", 1, 1, MAX_MESSAGES);
        long visibility = QueryParameters.inRange(request, "visibilitytimeout", DEFAULT_GET_VISIBILITY_SECONDS, 1,
                MAX_VISIBILITY_SECONDS);
        List<QueueMessage> messages = service.getMessages(resource.account(), resource.queue(), count,
                Duration.ofSeconds(visibility));
        return AzureResponse.status(200).body(MediaTypes.XML, MessagesXml.write(messages, MessagesXml.Shape.GET));
    }

    /** Peek Messages: 200 with up to {@code numofmessages} visible messages, changing nothing. */
    public AzureResponse peek(QueueResource resource, AzureRequest request) {
        int count = (int) QueryParameters.inRange(request, "numofmessages", 1, 1, MAX_MESSAGES);
        List<QueueMessage> messages = service.peekMessages(resource.account(), resource.queue(), count);
        return AzureResponse.status(200).body(MediaTypes.XML, MessagesXml.write(messages, MessagesXml.Shape.PEEK));
    }

    /** Delete Message: 204 once the message named with its current pop receipt is gone. */
    public AzureResponse delete(QueueResource resource, AzureRequest request) {
        String popReceipt = QueryParameters.requiredText(request, "popreceipt");
        service.deleteMessage(resource.account(), resource.queue(), resource.messageId(), popReceipt);
        return AzureResponse.status(204);
    }

    /**
     * Update Message: 204 with the message's new pop receipt ({@code x-ms-popreceipt}) and when it is
     * next visible ({@code x-ms-time-next-visible}); a body, if sent, is its new text.
     */
    public AzureResponse update(QueueResource resource, AzureRequest request) {
        String popReceipt = QueryParameters.requiredText(request, "popreceipt");
        long visibility = QueryParameters.required(request, "visibilitytimeout", 0, MAX_VISIBILITY_SECONDS);
        Optional<String> text = request.body().length == 0 ? Optional.empty()
                : Optional.of(MessagesXml.readText(request.body()));
        QueueService.UpdatedMessage updated = service.updateMessage(resource.account(), resource.queue(),
                resource.messageId(), popReceipt, Duration.ofSeconds(visibility), text);
        return AzureResponse.status(204).header("x-ms-popreceipt", updated.popReceipt())
                .header("x-ms-time-next-visible", HttpDates.format(updated.timeNextVisible()));
    }

    /** Clear Messages: 204 once every message, visible or not, is gone. */
    public AzureResponse clear(QueueResource resource) {
        service.clearMessages(resource.account(), resource.queue());
        return AzureResponse.status(204);
    }
}
