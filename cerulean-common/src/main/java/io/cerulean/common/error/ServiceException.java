package io.cerulean.common.error;

/**
 * A failure the client is told about: an {@link ErrorCode} plus the message to send. Carries no
 * response body; the HTTP layer renders it. Made without a stack trace: it is an answer, not a
 * bug, and requests that fail are as frequent as the clients make them.
 */
public class ServiceException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final ErrorCode errorCode;

    public ServiceException(ErrorCode errorCode) {
        this(errorCode, errorCode.message());
    }

    public ServiceException(ErrorCode errorCode, String message) {
        super(message, null, false, false);
        this.errorCode = errorCode;
    }

    public ErrorCode errorCode() {
        return errorCode;
    }
}
