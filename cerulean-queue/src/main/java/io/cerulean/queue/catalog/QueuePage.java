package io.cerulean.queue.catalog;

import io.cerulean.queue.model.QueueInfo;
import java.util.List;
import java.util.Optional;

/** A page of an account's queues in name order, and the name the next page starts at. */
public record QueuePage(List<QueueInfo> queues, Optional<String> nextMarker) {
}
