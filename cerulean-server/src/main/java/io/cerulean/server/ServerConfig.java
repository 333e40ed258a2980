package io.cerulean.server;

import io.cerulean.server.auth.Accounts;
import java.util.Objects;

/**
 * How the HTTP server listens: host, port (0 picks a free one), the accounts it serves and the
 * number of worker threads that run operations.
 */
public record ServerConfig(String host, int port, Accounts accounts, int workerThreads) {
    public static final int DEFAULT_PORT = 10002;

    public ServerConfig {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(accounts, "accounts");
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port must be between 0 and 65535, not " + port);
        }
        if (workerThreads < 1) {
            throw new IllegalArgumentException("workerThreads must be positive");
        }
    }
}
