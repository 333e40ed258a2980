package io.cerulean.queue.model;

/** A queue as List Queues names it, with its metadata. */
public record QueueInfo(String name, QueueMetadata metadata) {
}
