package io.cerulean.http.pipeline;

import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.ServerTimeout;
import java.time.Duration;
import java.util.OptionalLong;

/**
 * What the kernel needs to know of the operation a request was routed to ({@link RestService#route}),
 * asked of the route alone, so that a request is parsed and routed once: each service's operation enum
 * implements it. The service keeps the rest (what a grant must hold to run it, which class runs it).
 */
public interface RoutedOperation {
    /**
     * Whether it changes nothing: the secondary endpoint serves only these, and a successful answer to
     * one is sent at once, while any other waits until what it wrote is durable (a GET can write: the
     * Queue service's Get Messages).
     */
    boolean isRead();

    /**
     * Whether it is a point read: one key looked up, bounded work that never waits on a commit, so it
     * may run on the event loop that read the request, sparing two thread hand-offs. False by default.
     */
    default boolean runsOnEventLoop() {
        return false;
    }

    /**
     * Whether the body of a request with this head is streamed ({@link RestService#receive}) rather than
     * buffered, and if so its largest size; empty (the default) for a buffered body. Asked on the event
     * loop: cheap, and never blocking.
     */
    default OptionalLong streamedBodyLimit(AzureRequest head) {
        return OptionalLong.empty();
    }

    /**
     * The operation's name whatever the request says ({@code GetBlob}, {@code QueryEntities},
     * {@code PutMessage}): by default its enum constant's name in Pascal case ({@code GET_BLOB} is
     * {@code GetBlob}); an operation the service names otherwise overrides it. One per operation, so
     * the request metrics label by it.
     */
    default String operationName() {
        String constant = this instanceof Enum<?> e ? e.name() : getClass().getSimpleName();
        StringBuilder name = new StringBuilder(constant.length());
        boolean upper = true;
        for (int i = 0; i < constant.length(); i++) {
            char c = constant.charAt(i);
            if (c == '_') {
                upper = true;
            } else {
                name.append(upper ? Character.toUpperCase(c) : Character.toLowerCase(c));
                upper = false;
            }
        }
        return name.toString();
    }

    /**
     * The operation's name as Storage Analytics logs and counts it: its {@link #operationName()}, unless
     * the request makes it another (an Update Entity without If-Match is an InsertOrReplaceEntity).
     */
    default String analyticsName(AzureRequest request) {
        return operationName();
    }

    /**
     * The longest {@code timeout} a request with this head may ask for; a longer one is served as this
     * ({@link ServerTimeout}). 30 seconds by default, as for most operations of every service.
     */
    default Duration maxServerTimeout(AzureRequest head) {
        return ServerTimeout.DEFAULT_MAX;
    }
}
