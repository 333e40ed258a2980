package io.cerulean.http.oauth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class IssuerTest {
    private static final String TENANT = "72f988bf-86f1-41af-91ab-2d7cd011db47";

    @Test
    void anEntraTenantIsAcceptedInItsV1AndV2Forms() {
        Issuer v2 = new Issuer("https://login.microsoftonline.com/" + TENANT + "/v2.0");
        Issuer v1 = new Issuer("https://sts.windows.net/" + TENANT + "/");

        for (Issuer issuer : new Issuer[] {v1, v2}) {
            assertThat(issuer.accepts("https://sts.windows.net/" + TENANT + "/")).isTrue();
            assertThat(issuer.accepts("https://login.microsoftonline.com/" + TENANT + "/v2.0")).isTrue();
            assertThat(issuer.accepts("https://sts.windows.net/another-tenant/")).isFalse();
            assertThat(issuer.accepts(null)).isFalse();
            assertThat(issuer.tenant()).isEqualTo(TENANT);
        }
    }

    @Test
    void anotherTokenServiceMustMatchAsConfigured() {
        Issuer local = new Issuer("http://127.0.0.1:8080/tenant-a/v2.0");

        assertThat(local.accepts("http://127.0.0.1:8080/tenant-a/v2.0/")).isTrue();
        assertThat(local.accepts("http://127.0.0.1:8080/tenant-b/v2.0")).isFalse();
        assertThat(local.openIdConfiguration()).hasToString("http://127.0.0.1:8080/tenant-a/v2.0/.well-known/openid-configuration");
    }

    @Test
    void theChallengeSendsClientsToTheTenantsAuthorizationEndpoint() {
        assertThat(new Issuer("https://sts.windows.net/" + TENANT + "/").authorizationUri())
                .isEqualTo("https://login.microsoftonline.com/" + TENANT + "/oauth2/authorize");
        assertThat(new Issuer("https://login.microsoftonline.us/" + TENANT + "/v2.0").authorizationUri())
                .isEqualTo("https://login.microsoftonline.us/" + TENANT + "/oauth2/authorize");
    }

    @Test
    void plainHttpIsForThisMachineOnlyAndATenantIsNeeded() {
        assertThatThrownBy(() -> new Issuer("http://login.example.com/tenant/")).hasMessageContaining("https URL");
        assertThatThrownBy(() -> new Issuer("http://10.1.2.3/tenant/")).hasMessageContaining("https URL");
        assertThatThrownBy(() -> new Issuer("https://login.microsoftonline.com/")).hasMessageContaining("names no tenant");
    }
}
