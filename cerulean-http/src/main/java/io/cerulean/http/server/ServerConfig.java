package io.cerulean.http.server;

import io.cerulean.http.tls.TlsConfig;
import java.util.Objects;

/**
 * How the HTTP server listens: host, port (0 picks a free one), the number of worker threads that
 * run operations, its TLS certificate and key, and what one client may hold of it
 * ({@link ConnectionLimits}: timeouts, connections, buffered body bytes). With {@code tls} null the port speaks plain HTTP
 * only; with it, the same port serves HTTPS too, connection by connection. Who may call is the
 * service's authentication's to know, not the listener's.
 */
public record ServerConfig(String host, int port, int workerThreads, TlsConfig tls, ConnectionLimits limits) {
    public static final int DEFAULT_PORT = 10002;

    public ServerConfig {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(limits, "limits");
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port must be between 0 and 65535, not " + port);
        }
        if (workerThreads < 1) {
            throw new IllegalArgumentException("workerThreads must be positive");
        }
    }

    /** With the default {@link ConnectionLimits}. */
    public ServerConfig(String host, int port, int workerThreads, TlsConfig tls) {
        this(host, port, workerThreads, tls, ConnectionLimits.defaults());
    }

    /** Plain HTTP only. */
    public ServerConfig(String host, int port, int workerThreads) {
        this(host, port, workerThreads, null);
    }

    /** The same, on another port (a second service's). */
    public ServerConfig withPort(int port) {
        return new ServerConfig(host, port, workerThreads, tls, limits);
    }

    /** The same, serving HTTPS too with this certificate and key (or plain only, with null). */
    public ServerConfig withTls(TlsConfig tls) {
        return new ServerConfig(host, port, workerThreads, tls, limits);
    }

    public ServerConfig withLimits(ConnectionLimits limits) {
        return new ServerConfig(host, port, workerThreads, tls, limits);
    }
}
