package io.cerulean.queue.error;

import io.cerulean.common.error.ErrorCode;

/**
 * The Queue service's own error codes, with their HTTP status and the service's canonical message.
 * The codes every storage service shares are {@link io.cerulean.common.error.CommonError}.
 */
public enum QueueError implements ErrorCode {
    QUEUE_NOT_FOUND("QueueNotFound", 404, "The specified queue does not exist."),
    QUEUE_ALREADY_EXISTS("QueueAlreadyExists", 409, "The specified queue already exists."),
    MESSAGE_NOT_FOUND("MessageNotFound", 404, "The specified message does not exist."),
    POP_RECEIPT_MISMATCH("PopReceiptMismatch", 400,
            "The specified pop receipt did not match the pop receipt for a dequeued message.");

    private final Definition definition;

    QueueError(String code, int status, String message) {
        this.definition = new Definition(code, status, message);
    }

    @Override
    public Definition definition() {
        return definition;
    }
}
