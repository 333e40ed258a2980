package io.cerulean.http.pipeline;

import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.message.BodySink;
import io.cerulean.common.error.ServiceException;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;

/**
 * What a storage service plugs into the {@link RequestPipeline}: its URLs, its routing, its
 * authorization and its operations, each called at its stage and only if the stages before it
 * passed. Every method may throw a {@link io.cerulean.common.error.ServiceException}, which the
 * pipeline renders. Called for every request: implementations keep the calls allocation-free where
 * the work itself is (routes are prebuilt, targets are the service's own parsed values).
 *
 * @param <T> what a URL addresses (the Table service: account, table, entity keys)
 * @param <R> a route: the operation a method selects on a target, and what it needs to be granted
 * @param <G> what an authenticated caller may do (the service's {@link io.cerulean.http.auth.Grants})
 */
public interface RestService<T extends Target, R, G> {
    /** Parse: what the URL addresses, or 400 InvalidUri. */
    T parse(AzureRequest request);

    /** Route: the operation the method selects on the target, or 405 (or the service's own refusal). */
    R route(T target, AzureRequest request);

    /** Authorize: whether the caller's grant covers the route on the target, or 403. */
    void authorize(G grant, R route, T target);

    /** Execute: runs the operation once, all or nothing, and builds its response. */
    AzureResponse execute(R route, T target, G grant, AzureRequest request, String requestId);

    /** Completes once every write acknowledged so far would survive a crash. */
    CompletableFuture<Void> whenDurable();

    /**
     * Whether a successful answer to the request may have changed data, so that it is sent only once
     * that change is durable: by default every method but GET and HEAD. A service whose GET writes
     * (the Queue service's Get Messages) says so here.
     */
    default boolean mayWrite(AzureRequest request) {
        String method = request.method();
        return !method.equals("GET") && !method.equals("HEAD");
    }

    /**
     * Whether the request is a short, bounded read that never waits on a commit, so it can run on the
     * thread that read it. Decided from the request line alone; a request this misjudges is still
     * served correctly.
     */
    boolean runsOnEventLoop(AzureRequest request);

    /**
     * Whether an error is rendered as the XML {@code <Error>} rather than the service's own body
     * ({@link ResponseStyle#otherErrors()}). {@code target} is null when the URL could not be parsed.
     */
    boolean xmlErrors(T target, AzureRequest request);

    /** How this service's responses look beyond what every service shares. */
    ResponseStyle responseStyle();

    /** The largest request body the service buffers; a larger one is refused before it is read. */
    int maxRequestBodyBytes();

    /** Whether the service streams any request's body ({@link #streamedBodyLimit}); the Table service does not. */
    default boolean streamsBodies() {
        return false;
    }

    /**
     * Whether the body of the request with this head is streamed ({@link #receive}) rather than
     * buffered, and if so its largest size (a blob's content, far beyond what is worth buffering).
     * Decided from the head alone, on the event loop: cheap, and never blocking.
     */
    default OptionalLong streamedBodyLimit(AzureRequest head) {
        return OptionalLong.empty();
    }

    /**
     * Receive: where the streamed body of an authorized request goes as it arrives; the operation
     * then finds it whole as {@link AzureRequest#receivedBody}. May refuse the request from its head
     * alone, before a byte of the body is kept. Called only for requests {@link #streamedBodyLimit}
     * chose, never on an event loop.
     */
    default BodySink receive(R route, T target, AzureRequest request) {
        throw new IllegalStateException("this service streams no request body");
    }

    /**
     * What an unexpected failure at any stage means to the client: the Azure error for a failure
     * that is not a defect (a store that cannot answer is 503 ServerBusy, which clients retry), or
     * empty for a defect, which the pipeline logs and answers 500 InternalError.
     */
    default Optional<ServiceException> explain(RuntimeException failure) {
        return Optional.empty();
    }
}
