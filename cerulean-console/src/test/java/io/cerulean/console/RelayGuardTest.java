package io.cerulean.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.http.message.AzureRequest;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.HttpHeaders;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RelayGuardTest {
    private static AzureRequest request(String method, String... headers) {
        HttpHeaders all = new DefaultHttpHeaders().set("Host", "127.0.0.1:10002");
        for (int i = 0; i < headers.length; i += 2) {
            all.set(headers[i], headers[i + 1]);
        }
        return new AzureRequest(method, "/$console/api/table/devstoreaccount1/Tables", Map.of(), all, new byte[0], false,
                "127.0.0.1");
    }

    @Test
    void thePagesOwnRequestsPass() {
        assertThat(RelayGuard.refusal(request("GET", "x-cerulean-console", "1"))).isNull();
        assertThat(RelayGuard.refusal(request("POST", "x-cerulean-console", "1", "Origin", "http://127.0.0.1:10002",
                "Sec-Fetch-Site", "same-origin"))).isNull();
    }

    @Test
    void anythingElseIsRefused() {
        assertThat(RelayGuard.refusal(request("GET"))).contains("x-cerulean-console missing");
        assertThat(RelayGuard.refusal(request("OPTIONS", "x-cerulean-console", "1"))).isNotNull();
        assertThat(RelayGuard.refusal(request("GET", "x-cerulean-console", "1", "Origin", "http://127.0.0.1:10000")))
                .isNotNull();
        assertThat(RelayGuard.refusal(request("GET", "x-cerulean-console", "1", "Origin", "https://127.0.0.1:10002")))
                .isNotNull();
        assertThat(RelayGuard.refusal(request("GET", "x-cerulean-console", "1", "Origin", "null"))).isNotNull();
        assertThat(RelayGuard.refusal(request("GET", "x-cerulean-console", "1", "Sec-Fetch-Site", "same-site")))
                .isNotNull();
        assertThat(RelayGuard.refusal(request("GET", "x-cerulean-console", "1", "Sec-Fetch-Site", "none"))).isNotNull();
        assertThat(RelayGuard.refusal(request("GET", "x-cerulean-console", "true"))).isNotNull();
    }
}
