package io.cerulean.http.message;

import java.util.function.Consumer;

/**
 * A request body the service streams rather than buffers: it is poured into a {@link BodySink} as
 * it arrives, a piece at a time on worker threads, and no thread waits for the client between
 * pieces. So a client that stops sending holds a connection, not a thread.
 */
public interface StreamedRequestBody {
    /**
     * Writes every piece of the body into {@code sink}, then runs {@code whenDone} once, on a worker
     * thread, with null when the whole body was written, or why not: an
     * {@link IncompleteBodyException} (the client stopped short or left), a
     * {@link io.cerulean.common.error.ServiceException} RequestBodyTooLarge past the service's limit,
     * or whatever the sink threw. Called at most once.
     */
    void pourInto(BodySink sink, Consumer<Throwable> whenDone);

    /** The request was answered without its body: what is left of it is read and dropped. */
    void abandon();

    /**
     * Ends the pouring now with {@code reason} (the request ran out of time): {@code whenDone} is
     * given it, unless the body's fate was known already, and the rest of the body is dropped as
     * it arrives. Any thread; no effect after the first call or once the body is poured.
     */
    void stop(RuntimeException reason);
}
