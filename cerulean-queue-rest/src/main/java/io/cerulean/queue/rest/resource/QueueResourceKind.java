package io.cerulean.queue.rest.resource;

/** The four kinds of thing a Queue service URL names. */
public enum QueueResourceKind {
    /** {@code /<account>/}: the service (List Queues, service properties and stats). */
    SERVICE,
    /** {@code /<account>/<queue>}. */
    QUEUE,
    /** {@code /<account>/<queue>/messages}. */
    MESSAGES,
    /** {@code /<account>/<queue>/messages/<message id>}. */
    MESSAGE
}
