package io.cerulean.common.error;

import java.util.Objects;

/**
 * An Azure storage error: the code sent in {@code x-ms-error-code} and the error body, the HTTP
 * status, and the service's canonical message. Implemented by enums, one per set of codes:
 * {@link CommonError} for the codes all services share, and one per service for its own. Each
 * constant holds its {@link Definition}; the accessors are written here once.
 */
public interface ErrorCode {
    /** What an error code is: the three things the service answers with. */
    record Definition(String code, int status, String message) {
        public Definition {
            Objects.requireNonNull(code, "code");
            Objects.requireNonNull(message, "message");
        }
    }

    Definition definition();

    /** The Azure error code, as sent in {@code x-ms-error-code} and the error body. */
    default String code() {
        return definition().code();
    }

    /** The HTTP status the service answers with. */
    default int status() {
        return definition().status();
    }

    /** The service's canonical message for this code. */
    default String message() {
        return definition().message();
    }
}
