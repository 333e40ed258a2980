package io.cerulean.http.pipeline;

import io.cerulean.http.message.AzureRequest;

/**
 * What one request was found to ask: its target and its route, each found once. Found from the head as
 * soon as the server asks about the request ({@link #of}), a refusal met on the way is kept and thrown
 * at its own stage, so that the stages answer as if they had just run; found by the stages themselves
 * otherwise. Used by one thread at a time: the one that reads the request, then the one that runs it.
 */
final class Routing<T extends Target, R extends RoutedOperation> {
    private T target; // null until parsed, or when the URL was not understood
    private R route; // null until routed, or when refused
    private Throwable refusal; // the parse's or the route's, thrown at its stage

    /** A request's head parsed and routed now, any refusal kept for its stage. */
    static <T extends Target, R extends RoutedOperation> Routing<T, R> of(RestService<T, R, ?> service,
                                                                         AzureRequest head) {
        Routing<T, R> routing = new Routing<>();
        try {
            routing.target = service.parse(head);
            routing.route = service.route(routing.target, head);
        } catch (RuntimeException | OutOfMemoryError e) {
            routing.refusal = e;
        }
        return routing;
    }

    /** Parse: the target, found now if it was not yet, or the parse's refusal. */
    T target(RestService<T, R, ?> service, AzureRequest request) {
        if (target == null && refusal == null) {
            target = service.parse(request);
        }
        if (target == null) {
            throw rethrow();
        }
        return target;
    }

    /** Route: the route, found now if it was not yet, or the route's refusal; only once parsed. */
    R route(RestService<T, R, ?> service, AzureRequest request) {
        if (route == null && refusal == null) {
            route = service.route(target, request);
        }
        if (route == null) {
            throw rethrow();
        }
        return route;
    }

    /** The target, null when the URL was not (or not yet) understood. */
    T targetOrNull() {
        return target;
    }

    /** The route, null when the request was not (or not yet) routed. */
    R routeOrNull() {
        return route;
    }

    private RuntimeException rethrow() {
        if (refusal instanceof Error error) {
            throw error;
        }
        return (RuntimeException) refusal;
    }
}
