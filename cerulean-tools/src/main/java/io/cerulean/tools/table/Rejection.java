package io.cerulean.tools.table;

import java.util.Objects;

/**
 * Why a row was not written: the HTTP status and Azure error code the service answered (or, for a
 * row refused before sending, 400 and the code the service would give), and its message.
 */
public record Rejection(int status, String errorCode, String message) {
    public Rejection {
        Objects.requireNonNull(errorCode, "errorCode");
        Objects.requireNonNull(message, "message");
    }
}
