package io.cerulean.http.pipeline;

import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;

/**
 * Answers a request carried inside another (a sub-request of the Blob service's batch) as the pipeline
 * answers a request alone: parsed, authenticated with its own credentials, routed, validated,
 * authorized, executed and rendered, with a request id of its own. A refusal at any stage is its
 * answer, rendered as it would be alone; it never throws. It runs on the caller's thread and does not
 * wait for durability: the carrier's answer does, once for all of them.
 */
@FunctionalInterface
public interface SubRequests {
    /** The answer to {@code subRequest}, whose body is buffered. */
    AzureResponse answer(AzureRequest subRequest);
}
