package io.cerulean.queue.catalog;

import io.cerulean.queue.model.QueueMetadata;

/**
 * A queue as its catalogue row holds it: the row's version (what a change is conditioned on), the
 * messages instance its messages are in, and its metadata.
 */
public record StoredQueue(String account, String name, long version, long instance, QueueMetadata metadata) {
}
