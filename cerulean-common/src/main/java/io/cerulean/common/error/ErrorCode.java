package io.cerulean.common.error;

/**
 * An Azure storage error: the code sent in {@code x-ms-error-code} and the error body, the HTTP
 * status, and the service's canonical message. Implemented by enums, one per set of codes:
 * {@link CommonError} for the codes all services share, and one per service for its own.
 */
public interface ErrorCode {
    /** The Azure error code, as sent in {@code x-ms-error-code} and the error body. */
    String code();

    /** The HTTP status the service answers with. */
    int status();

    /** The service's canonical message for this code. */
    String message();
}
