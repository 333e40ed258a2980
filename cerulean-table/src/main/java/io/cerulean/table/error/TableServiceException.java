package io.cerulean.table.error;

import io.cerulean.common.error.ErrorCode;
import io.cerulean.common.error.ServiceException;

/**
 * A failure of a Table service request: any {@link ErrorCode}, shared or the Table service's own,
 * plus the message to send. Carries no response body; the server renders it. Inside an entity
 * group transaction it also names the index of the failing operation, which every SDK parses from
 * the message prefix.
 */
public final class TableServiceException extends ServiceException {
    private static final long serialVersionUID = 1L;

    private final int operationIndex;

    public TableServiceException(ErrorCode errorCode) {
        this(errorCode, errorCode.message());
    }

    public TableServiceException(ErrorCode errorCode, String message) {
        this(errorCode, message, -1);
    }

    private TableServiceException(ErrorCode errorCode, String message, int operationIndex) {
        super(errorCode, message);
        this.operationIndex = operationIndex;
    }

    /** {@code e} as a failure of a Table service request, with its code and message; {@code e} if it is one. */
    public static TableServiceException from(ServiceException e) {
        return e instanceof TableServiceException table ? table
                : new TableServiceException(e.errorCode(), e.getMessage());
    }

    /** The 0-based index of the failing operation in a transaction, or -1 outside one. */
    public int operationIndex() {
        return operationIndex;
    }

    /** This failure, attributed to operation {@code index} of a transaction. */
    public TableServiceException atOperation(int index) {
        return new TableServiceException(errorCode(), getMessage(), index);
    }
}
