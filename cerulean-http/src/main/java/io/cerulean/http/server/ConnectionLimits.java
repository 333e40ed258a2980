package io.cerulean.http.server;

import java.time.Duration;
import java.util.Objects;

/**
 * What one client may hold of the server: how long a connection may sit idle between requests,
 * how long a request's head and the gaps in its body may take, how many connections may be open
 * at once, and how many bytes of buffered request bodies may be in the server at once (across all
 * connections, from the moment a request is admitted until it is answered).
 *
 * @param idleTimeout        a connection with no request in progress and none unanswered is closed after this
 * @param headerTimeout      a request's head must arrive within this of its first byte, else 408
 * @param bodyTimeout        at most this between two pieces of a request's body, else 408; and a client that
 *                           takes no piece of a streamed response body for this long is closed
 * @param maxConnections     connections beyond this are closed as soon as they are accepted
 * @param bufferedBodyBudget a request whose body would take the buffered bodies past this is 503
 */
public record ConnectionLimits(Duration idleTimeout, Duration headerTimeout, Duration bodyTimeout, int maxConnections,
                               long bufferedBodyBudget) {
    public static final Duration DEFAULT_IDLE_TIMEOUT = Duration.ofSeconds(120);
    public static final Duration DEFAULT_HEADER_TIMEOUT = Duration.ofSeconds(30);
    /** The same as a streamed body's idle timeout. */
    public static final Duration DEFAULT_BODY_TIMEOUT = Duration.ofSeconds(60);
    public static final int DEFAULT_MAX_CONNECTIONS = 10_000;

    public ConnectionLimits {
        positive(idleTimeout, "idleTimeout");
        positive(headerTimeout, "headerTimeout");
        positive(bodyTimeout, "bodyTimeout");
        if (maxConnections < 1) {
            throw new IllegalArgumentException("maxConnections must be positive, not " + maxConnections);
        }
        if (bufferedBodyBudget < 1) {
            throw new IllegalArgumentException("bufferedBodyBudget must be positive, not " + bufferedBodyBudget);
        }
    }

    /** The defaults: idle 120 s, head 30 s, body 60 s, 10,000 connections, a quarter of the heap for bodies. */
    public static ConnectionLimits defaults() {
        return new ConnectionLimits(DEFAULT_IDLE_TIMEOUT, DEFAULT_HEADER_TIMEOUT, DEFAULT_BODY_TIMEOUT,
                DEFAULT_MAX_CONNECTIONS, defaultBufferedBodyBudget());
    }

    /** A quarter of the largest heap the JVM may use: what a request makes of its body takes a few times more. */
    public static long defaultBufferedBodyBudget() {
        return Math.max(16L << 20, Runtime.getRuntime().maxMemory() / 4);
    }

    public ConnectionLimits withTimeouts(Duration idle, Duration header, Duration body) {
        return new ConnectionLimits(idle, header, body, maxConnections, bufferedBodyBudget);
    }

    public ConnectionLimits withMaxConnections(int max) {
        return new ConnectionLimits(idleTimeout, headerTimeout, bodyTimeout, max, bufferedBodyBudget);
    }

    public ConnectionLimits withBufferedBodyBudget(long bytes) {
        return new ConnectionLimits(idleTimeout, headerTimeout, bodyTimeout, maxConnections, bytes);
    }

    private static void positive(Duration d, String name) {
        Objects.requireNonNull(d, name);
        if (d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(name + " must be positive, not " + d);
        }
    }
}
