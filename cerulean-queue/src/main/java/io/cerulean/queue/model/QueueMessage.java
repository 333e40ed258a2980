package io.cerulean.queue.model;

import java.time.Instant;

/**
 * A message as the service answers with it. Put Message answers without the text and dequeue
 * count; Peek Messages without the pop receipt and the time next visible (the REST layer leaves out
 * what the operation does not return).
 *
 * @param expirationTime {@link Expiry#NEVER} when the message never expires
 */
public record QueueMessage(String messageId, Instant insertionTime, Instant expirationTime, String popReceipt,
                           Instant timeNextVisible, long dequeueCount, String text) {
}
