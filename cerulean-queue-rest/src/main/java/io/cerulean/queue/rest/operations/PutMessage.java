package io.cerulean.queue.rest.operations;

import io.cerulean.http.message.QueryParameters;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
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
 * Put Message: 201 with the new message's id, times and pop receipt. Its visibility timeout (0
 * unless given) must be below its time to live (7 days unless given; -1 for never).
 */
public final class PutMessage implements QueueRestOperation {
    private final QueueService service;

    public PutMessage(QueueService service) {
        this.service = service;
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

    @Override
    public AzureResponse handle(QueueResource resource, AzureRequest request) {
        String text = MessagesXml.readText(request.body());
        long visibility = QueryParameters.inRange(request, "visibilitytimeout", 0, 0, MessageLimits.MAX_VISIBILITY_SECONDS);
        Optional<Duration> timeToLive = timeToLive(request);
        if (timeToLive.isPresent() && visibility >= timeToLive.get().toSeconds()) {
            throw QueryParameters.invalid("visibilitytimeout", Long.toString(visibility),
                    "messagettl must be greater than visibilitytimeout.");
        }
        QueueMessage message = service.putMessage(resource.account(), resource.queue(), text,
                Duration.ofSeconds(visibility), timeToLive);
        return AzureResponse.status(201).body(MediaTypes.XML, MessagesXml.write(List.of(message), MessagesXml.Shape.PUT));
    }
}
