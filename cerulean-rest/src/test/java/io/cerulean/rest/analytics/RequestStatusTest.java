package io.cerulean.rest.analytics;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RequestStatusTest {
    @Test
    void answersAreClassifiedAsTheReferenceNamesThem() {
        assertThat(RequestStatus.of(200, null)).isEqualTo(RequestStatus.SUCCESS);
        assertThat(RequestStatus.of(206, null)).isEqualTo(RequestStatus.SUCCESS);
        assertThat(RequestStatus.of(304, null)).isEqualTo(RequestStatus.CLIENT_OTHER_ERROR);
        assertThat(RequestStatus.of(412, "ConditionNotMet")).isEqualTo(RequestStatus.CLIENT_OTHER_ERROR);
        assertThat(RequestStatus.of(404, "BlobNotFound")).isEqualTo(RequestStatus.CLIENT_OTHER_ERROR);
        assertThat(RequestStatus.of(403, "AuthenticationFailed")).isEqualTo(RequestStatus.AUTHORIZATION_ERROR);
        assertThat(RequestStatus.of(408, "RequestTimeout")).isEqualTo(RequestStatus.CLIENT_TIMEOUT_ERROR);
        assertThat(RequestStatus.of(500, "OperationTimedOut")).isEqualTo(RequestStatus.SERVER_TIMEOUT_ERROR);
        assertThat(RequestStatus.of(503, "ServerBusy")).isEqualTo(RequestStatus.THROTTLING_ERROR);
        assertThat(RequestStatus.of(500, "InternalError")).isEqualTo(RequestStatus.SERVER_OTHER_ERROR);
    }

    @Test
    void aNameSaysTheCredentialUnlessItWasTheAccountsOwn() {
        assertThat(RequestStatus.SUCCESS.nameFor(RequestStatus.AUTHENTICATED)).isEqualTo("Success");
        assertThat(RequestStatus.SUCCESS.nameFor(RequestStatus.SAS)).isEqualTo("SASSuccess");
        assertThat(RequestStatus.AUTHORIZATION_ERROR.nameFor(RequestStatus.ANONYMOUS))
                .isEqualTo("AnonymousAuthorizationError");
    }
}
