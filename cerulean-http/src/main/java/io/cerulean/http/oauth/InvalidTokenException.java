package io.cerulean.http.oauth;

/**
 * A bearer token that is not to be trusted, with a message saying why that a client may read:
 * it never quotes the token. Made without a stack trace, as it is an answer, not a bug.
 */
public final class InvalidTokenException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public InvalidTokenException(String message) {
        super(message, null, false, false);
    }
}
