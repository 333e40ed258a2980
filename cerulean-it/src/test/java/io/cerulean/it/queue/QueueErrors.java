package io.cerulean.it.queue;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.azure.storage.queue.models.QueueStorageException;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;

/** The error a Queue SDK user sees: a {@link QueueStorageException} with an HTTP status and an Azure error code. */
final class QueueErrors {
    private QueueErrors() {
    }

    /** Runs a call that must fail with this status and error code; returns the exception for more checks. */
    static QueueStorageException assertQueueError(ThrowingCallable call, int status, String code) {
        QueueStorageException e = assertQueueStatus(call, status);
        assertThat(e.getErrorCode() == null ? null : e.getErrorCode().toString())
                .as("error code of: %s", e.getMessage()).isEqualTo(code);
        return e;
    }

    /** Runs a call that must fail with this status, whatever the code. */
    static QueueStorageException assertQueueStatus(ThrowingCallable call, int status) {
        Throwable thrown = catchThrowable(call);
        assertThat(thrown).as("expected a %d", status).isInstanceOf(QueueStorageException.class);
        QueueStorageException e = (QueueStorageException) thrown;
        assertThat(e.getStatusCode()).as("status of: %s", e.getMessage()).isEqualTo(status);
        return e;
    }
}
