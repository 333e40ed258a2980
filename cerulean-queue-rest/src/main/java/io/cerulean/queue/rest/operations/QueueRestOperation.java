package io.cerulean.queue.rest.operations;

import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.queue.rest.resource.QueueResource;

/**
 * One operation of the Queue service's REST API: it checks its request (query parameters, headers,
 * body) before it changes anything, so a refused request changes nothing, then runs and answers.
 */
@FunctionalInterface
public interface QueueRestOperation {
    AzureResponse handle(QueueResource resource, AzureRequest request);
}
