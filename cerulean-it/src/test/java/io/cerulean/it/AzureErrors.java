package io.cerulean.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.azure.core.exception.HttpResponseException;
import com.azure.data.tables.models.TableServiceException;
import io.cerulean.it.support.RawResponse;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;

/** Assertions on the errors a user of the SDK or of raw HTTP sees. */
public final class AzureErrors {
    private AzureErrors() {
    }

    /**
     * Runs an SDK call that must fail with this HTTP status and Azure error code. Most calls throw
     * {@link TableServiceException}; paged listings in SDK 12.5.0 surface the generated
     * {@code TableServiceJsonErrorException} instead, whose code is read from the response header.
     */
    public static HttpResponseException assertSdkError(ThrowingCallable call, int status, String code) {
        Throwable thrown = catchThrowable(call);
        assertThat(thrown).as("expected %d %s", status, code).isInstanceOf(HttpResponseException.class);
        HttpResponseException e = (HttpResponseException) thrown;
        assertThat(e.getResponse().getStatusCode()).as("status of: %s", e.getMessage()).isEqualTo(status);
        String actualCode = e instanceof TableServiceException tse && tse.getValue().getErrorCode() != null
                ? tse.getValue().getErrorCode().toString()
                : e.getResponse().getHeaderValue("x-ms-error-code");
        assertThat(actualCode).as("code of: %s", e.getMessage()).isEqualTo(code);
        return e;
    }

    /** Checks a raw response is an Azure error with this status and code, in the body and x-ms-error-code. */
    public static void assertRawError(RawResponse response, int status, String code) {
        assertThat(response.status()).as("status of %s", response).isEqualTo(status);
        assertThat(response.errorCode()).as("body code of %s", response).isEqualTo(code);
        assertThat(response.header("x-ms-error-code")).as("x-ms-error-code of %s", response).isEqualTo(code);
    }
}
