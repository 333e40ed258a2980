package io.cerulean.http.server;

import io.cerulean.common.error.ServiceException;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import java.util.function.Consumer;

/**
 * What the Netty server hands complete requests to: a service's request pipeline. Called for every
 * request, so implementations keep these calls cheap and never block an event loop in
 * {@link #runsOnEventLoop}.
 */
public interface RequestHandler {
    /**
     * Answers {@code request} through {@code reply}, once, from any thread; {@code reply} only hands
     * the response on.
     */
    void handle(AzureRequest request, Consumer<AzureResponse> reply);

    /**
     * Whether the request is short and bounded enough to run on the event loop that read it (a point
     * read), sparing two thread hand-offs; everything else runs on a worker thread. Decided from the
     * request line alone.
     */
    boolean runsOnEventLoop(AzureRequest request);

    /** The answer to a request that could not even be read (oversized, malformed HTTP, no worker free). */
    AzureResponse earlyError(ServiceException error);

    /** The largest request body buffered; a larger one is refused before it is read. */
    int maxRequestBodyBytes();
}
