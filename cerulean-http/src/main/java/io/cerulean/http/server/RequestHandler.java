package io.cerulean.http.server;

import io.cerulean.common.error.ServiceException;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import java.util.OptionalLong;
import java.util.function.Consumer;

/**
 * What the Netty server hands requests to: a service's request pipeline. Called for every
 * request, so implementations keep these calls cheap and never block an event loop in
 * {@link #runsOnEventLoop}.
 */
public interface RequestHandler {
    /**
     * Reads what the request's head asks for, once, before anything else is asked about the request: the
     * request returned carries what the handler made of it ({@link AzureRequest#withRouting}), and it, or
     * the same request with its body, is what the server hands to {@link #runsOnEventLoop},
     * {@link #streamedBodyLimit} and {@link #handle}. Runs on the event loop: cheap, and never blocking.
     * By default the request as it is.
     */
    default AzureRequest routed(AzureRequest head) {
        return head;
    }

    /**
     * Answers {@code request} through {@code reply}, once, from any thread; {@code reply} only hands
     * the response on.
     */
    void handle(AzureRequest request, Consumer<AzureResponse> reply);

    /**
     * Whether the request is short and bounded enough to run on the event loop that read it (a point
     * read), sparing two thread hand-offs; everything else runs on a worker thread. Decided from the
     * request's head alone ({@link #routed}).
     */
    boolean runsOnEventLoop(AzureRequest request);

    /** The answer to a request that could not even be read (oversized, malformed HTTP, no worker free). */
    AzureResponse earlyError(ServiceException error);

    /**
     * The same, for a request whose head was read: {@code head} has its method, path and headers but
     * no query or body, and may be null. Its answer carries what every answer to that head would,
     * such as the {@code Access-Control-*} headers.
     */
    default AzureResponse earlyError(ServiceException error, AzureRequest head) {
        return earlyError(error);
    }

    /** The largest request body buffered; a larger one is refused before it is read. */
    int maxRequestBodyBytes();

    /** Whether {@link #streamedBodyLimit} may ever say yes; if not, no request is even asked about. */
    default boolean streamsBodies() {
        return false;
    }

    /**
     * Whether a request's body is streamed to {@link #handle} rather than buffered first, decided from
     * its head alone (the body is empty in {@code head}, which is {@linkplain #routed routed}), and if
     * so, the most bytes it may have. Runs on the event loop.
     */
    default OptionalLong streamedBodyLimit(AzureRequest head) {
        return OptionalLong.empty();
    }
}
