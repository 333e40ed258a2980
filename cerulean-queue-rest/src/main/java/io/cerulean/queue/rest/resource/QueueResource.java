package io.cerulean.queue.rest.resource;

import io.cerulean.http.pipeline.Target;
import java.util.Objects;

/**
 * What a Queue service URL addresses.
 *
 * @param account   the account, without a {@code -secondary} suffix
 * @param secondary whether the URL named the read-only secondary endpoint
 * @param queue     the queue's name as sent (validated when used); null for the service
 * @param messageId the message's id as sent; null unless {@code kind} is MESSAGE
 */
public record QueueResource(String account, boolean secondary, QueueResourceKind kind, String queue, String messageId)
        implements Target {
    public QueueResource {
        Objects.requireNonNull(account, "account");
        Objects.requireNonNull(kind, "kind");
    }

    /** The queue named, if any. */
    @Override
    public String resourceName() {
        return queue;
    }
}
