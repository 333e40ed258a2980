package io.cerulean.it.blob;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.azure.storage.blob.models.BlobStorageException;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;

/**
 * The error a Blob SDK user sees: a {@link BlobStorageException} with an HTTP status and an Azure error
 * code. The SDK reads the code from {@code x-ms-error-code}, so it is there on HEAD requests too.
 */
final class BlobErrors {
    private BlobErrors() {
    }

    /** Runs a call that must fail with this status and error code; returns the exception for more checks. */
    static BlobStorageException assertBlobError(ThrowingCallable call, int status, String code) {
        BlobStorageException e = assertBlobStatus(call, status);
        assertThat(e.getErrorCode() == null ? null : e.getErrorCode().toString())
                .as("error code of: %s", e.getMessage()).isEqualTo(code);
        return e;
    }

    /** Runs a call that must fail with this status, whatever the code. */
    static BlobStorageException assertBlobStatus(ThrowingCallable call, int status) {
        Throwable thrown = catchThrowable(call);
        assertThat(thrown).as("expected a %d", status).isInstanceOf(BlobStorageException.class);
        BlobStorageException e = (BlobStorageException) thrown;
        assertThat(e.getStatusCode()).as("status of: %s", e.getMessage()).isEqualTo(status);
        return e;
    }
}
