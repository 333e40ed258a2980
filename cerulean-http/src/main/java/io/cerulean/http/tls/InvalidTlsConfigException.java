package io.cerulean.http.tls;

/**
 * The TLS certificate or key cannot be used: missing, unreadable, not PEM, encrypted, or not a
 * pair. A configuration error (the command exits 4); the message names the file and the problem.
 */
public final class InvalidTlsConfigException extends IllegalArgumentException {
    public InvalidTlsConfigException(String message) {
        super(message);
    }

    public InvalidTlsConfigException(String message, Throwable cause) {
        super(message, cause);
    }
}
