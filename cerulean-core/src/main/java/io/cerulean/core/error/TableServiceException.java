package io.cerulean.core.error;

/**
 * A failure the client is told about: an {@link ErrorCode} plus the message to send. Carries no
 * response body; the server renders it. Inside an entity group transaction it also names the
 * index of the failing operation, which every SDK parses from the message prefix.
 */
public final class TableServiceException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final ErrorCode errorCode;
    private final int operationIndex;

    public TableServiceException(ErrorCode errorCode) {
        this(errorCode, errorCode.message());
    }

    public TableServiceException(ErrorCode errorCode, String message) {
        this(errorCode, message, -1);
    }

    private TableServiceException(ErrorCode errorCode, String message, int operationIndex) {
        super(message, null, false, false);
        this.errorCode = errorCode;
        this.operationIndex = operationIndex;
    }

    public ErrorCode errorCode() {
        return errorCode;
    }

    /** The 0-based index of the failing operation in a transaction, or -1 outside one. */
    public int operationIndex() {
        return operationIndex;
    }

    /** This failure, attributed to operation {@code index} of a transaction. */
    public TableServiceException atOperation(int index) {
        return new TableServiceException(errorCode, getMessage(), index);
    }
}
