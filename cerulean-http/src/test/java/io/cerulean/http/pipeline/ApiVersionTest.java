package io.cerulean.http.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.message.AzureRequest;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ApiVersionTest {
    private static AzureRequest withVersion(String version) {
        DefaultHttpHeaders headers = new DefaultHttpHeaders();
        headers.add("x-ms-version", version);
        return new AzureRequest("GET", "/acct", Map.of(), headers, new byte[0], false, "");
    }

    @ParameterizedTest
    @ValueSource(strings = {"2009-04-14", "2019-02-02", "2026-06-06", "2099-12-31"})
    void everyVersionDateIsServed(String version) {
        assertThat(ApiVersion.isWellFormed(version)).isTrue();
        ApiVersion.check(withVersion(version));
    }

    @ParameterizedTest
    @ValueSource(strings = {"invalid", "", "2019-2-02", "2019-02-2", "2019-00-10", "2019-02-32", "2019_02_02",
            "2019-02-02x", "١٢٣٤-٠٢-٠٢"})
    void anythingElseIsAnInvalidHeaderValueNamingTheHeader(String version) {
        assertThat(ApiVersion.isWellFormed(version)).isFalse();
        ServiceException e = catchThrowableOfType(ServiceException.class, () -> ApiVersion.check(withVersion(version)));
        assertThat(e.errorCode()).isEqualTo(CommonError.INVALID_HEADER_VALUE);
        assertThat(e.getMessage()).contains("x-ms-version");
    }
}
