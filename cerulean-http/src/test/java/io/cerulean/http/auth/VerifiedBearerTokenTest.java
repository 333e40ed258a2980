package io.cerulean.http.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.oauth.DataRole;
import io.cerulean.http.oauth.JsonWebKeySet;
import io.cerulean.http.oauth.OAuthTrust;
import io.cerulean.http.oauth.RoleAssignments;
import io.cerulean.http.oauth.SigningKeys;
import io.cerulean.http.oauth.TestKeys;
import io.cerulean.http.oauth.Issuer;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Bearer tokens when the server verifies them: a signed token's principal gets its roles for this
 * service; anything else is a 401 with the challenge the SDKs read, and never names the token.
 */
class VerifiedBearerTokenTest {
    private static final Instant NOW = Instant.parse("2025-03-01T12:00:00Z");
    private static final String TENANT = "72f988bf-86f1-41af-91ab-2d7cd011db47";
    private static final String ISSUER = "https://sts.windows.net/" + TENANT + "/";
    private static final String READER = "11059fcc-5514-4800-b5f8-49808b9cfab6";
    private static final String APP = "5e6f7a8b-0000-4000-8000-00000000000a";
    private static final String CHALLENGE = "Bearer authorization_uri=https://login.microsoftonline.com/" + TENANT
            + "/oauth2/authorize resource_id=https://storage.azure.com";
    private static final TestKeys KEYS = new TestKeys();
    private static final Accounts ACCOUNTS = new Accounts(List.of(Account.development()));
    private static final ServiceIdentity TABLE = new ServiceIdentity("Table", 't', "table");

    private static final Grants<Set<DataRole>> ROLES = new Grants<>() {
        @Override
        public Set<DataRole> accountKey() {
            throw new AssertionError("no key here");
        }

        @Override
        public Set<DataRole> bearerToken(Set<DataRole> roles) {
            return roles;
        }

        @Override
        public Set<DataRole> accountSas(String permissions, String resourceTypes) {
            throw new AssertionError("no SAS here");
        }
    };

    private static RequestAuthenticator<Set<DataRole>> authenticator(OAuthTrust trust) {
        Clock clock = Clock.fixed(NOW, ZoneOffset.UTC);
        return new RequestAuthenticator<>(null, null, new BearerTokenAuthenticator(ACCOUNTS, TABLE, trust, clock), ROLES);
    }

    private final OAuthTrust trust = new OAuthTrust(false,
            SigningKeys.of(JsonWebKeySet.parse(KEYS.jwks().getBytes(StandardCharsets.UTF_8))), new Issuer(ISSUER),
            RoleAssignments.parse(READER + " Storage Table Data Reader\n" + READER + " Storage Blob Data Owner\n"
                    + APP + " Storage Table Data Contributor\n"));
    private final RequestAuthenticator<Set<DataRole>> authenticator = authenticator(trust);

    private static String claims(String oid, String appid, String issuer, Duration expiresIn) {
        return "{\"aud\":\"https://storage.azure.com/\",\"iss\":\"" + issuer + "\",\"iat\":" + NOW.minusSeconds(300)
                .getEpochSecond() + ",\"nbf\":" + NOW.minusSeconds(300).getEpochSecond() + ",\"exp\":"
                + NOW.plus(expiresIn).getEpochSecond() + ",\"oid\":\"" + oid + "\""
                + (appid == null ? "" : ",\"appid\":\"" + appid + "\"") + "}";
    }

    private static String valid(String oid) {
        return claims(oid, null, ISSUER, Duration.ofHours(1));
    }

    private static AzureRequest request(String authorization) {
        DefaultHttpHeaders headers = new DefaultHttpHeaders();
        if (authorization != null) {
            headers.add("Authorization", authorization);
        }
        return new AzureRequest("GET", "/devstoreaccount1/Tables", Map.of(), headers, new byte[0], true, "127.0.0.1");
    }

    private Set<DataRole> accept(String token) {
        return authenticator.authenticate(request("Bearer " + token), Account.DEVELOPMENT_NAME);
    }

    private BearerChallengeException challenged(String token, String code) {
        BearerChallengeException e = catchThrowableOfType(BearerChallengeException.class,
                () -> authenticator.authenticate(request(token == null ? null : "Bearer " + token), Account.DEVELOPMENT_NAME));
        assertThat(e).as("refused with a challenge").isNotNull();
        assertThat(e.errorCode().status()).isEqualTo(401);
        assertThat(e.errorCode().code()).isEqualTo(code);
        assertThat(e.wwwAuthenticate()).isEqualTo(CHALLENGE);
        if (token != null) {
            assertThat(e.getMessage()).doesNotContain(token);
            assertThat(detail(e)).doesNotContain(token);
        }
        return e;
    }

    /** Why the service refused: the error body's {@code <AuthenticationErrorDetail>}. */
    private static String detail(ServiceException e) {
        return e.details().get("AuthenticationErrorDetail");
    }

    @Test
    void aSignedTokenGetsItsPrincipalsRolesForThisServiceOnly() {
        assertThat(accept(KEYS.rs256(KEYS.rsaKid, valid(READER)))).containsExactly(DataRole.STORAGE_TABLE_DATA_READER);
        assertThat(accept(KEYS.es256(KEYS.ecKid, claims("not-assigned", APP, ISSUER, Duration.ofHours(1)))))
                .as("an application by its appid").containsExactly(DataRole.STORAGE_TABLE_DATA_CONTRIBUTOR);
        assertThat(accept(KEYS.rs256(KEYS.rsaKid, valid("nobody")))).as("no role, for the service to refuse").isEmpty();
        assertThat(accept(KEYS.rs256(KEYS.rsaKid, claims(READER, null,
                "https://login.microsoftonline.com/" + TENANT + "/v2.0", Duration.ofHours(1)))))
                .as("the tenant's v2 issuer").isNotEmpty();
    }

    @Test
    void forgedUnsignedAndUnknownKeyTokensAreChallenged() {
        TestKeys attacker = new TestKeys();

        assertThat(detail(challenged(attacker.rs256(KEYS.rsaKid, valid(READER)), "InvalidAuthenticationInfo")))
                .contains("Signature validation failed");
        assertThat(detail(challenged(TestKeys.unsigned(valid(READER)), "InvalidAuthenticationInfo")))
                .contains("'none' are not accepted");
        assertThat(detail(challenged(attacker.rs256("attackers-kid", valid(READER)), "InvalidAuthenticationInfo")))
                .contains("does not trust");
        assertThat(detail(challenged("not.a.jwt!", "InvalidAuthenticationInfo"))).contains("malformed");
    }

    @Test
    void claimsAreCheckedOnceTheSignatureHolds() {
        assertThat(detail(challenged(KEYS.rs256(KEYS.rsaKid, claims(READER, null, ISSUER, Duration.ofMinutes(-10))),
                "InvalidAuthenticationInfo"))).contains("The token is expired");
        assertThat(detail(challenged(KEYS.rs256(KEYS.rsaKid, claims(READER, null, "https://sts.windows.net/other-tenant/",
                Duration.ofHours(1))), "InvalidAuthenticationInfo")))
                .contains("Issuer validation failed").contains("other-tenant");
        assertThat(detail(challenged(KEYS.rs256(KEYS.rsaKid, valid(READER).replace("https://storage.azure.com/",
                "https://vault.azure.net")), "InvalidAuthenticationInfo"))).contains("Audience validation failed");
    }

    @Test
    void aRequestWithoutCredentialsIsChallengedSoThatSdksFindTheTenant() {
        BearerChallengeException e = challenged(null, "NoAuthenticationInformation");
        assertThat(e.getMessage()).isEqualTo("Server failed to authenticate the request. Please refer to the "
                + "information in the www-authenticate header.");
        assertThat(e.details()).as("the service names no detail: the challenge says it all").isEmpty();
    }

    @Test
    void withoutConfigurationBearerTokensAreRefusedSayingHowToConfigure() {
        ServiceException e = catchThrowableOfType(ServiceException.class, () -> authenticator(OAuthTrust.NONE)
                .authenticate(request("Bearer " + KEYS.rs256(KEYS.rsaKid, valid(READER))), Account.DEVELOPMENT_NAME));

        assertThat(e.errorCode()).isEqualTo(CommonError.AUTHENTICATION_FAILED);
        assertThat(detail(e)).contains("no OAuth configuration").contains("--oauth-jwks")
                .contains("--oauth-insecure-accept-any");
        ServiceException anonymous = catchThrowableOfType(ServiceException.class, () -> authenticator(OAuthTrust.NONE)
                .authenticate(request(null), Account.DEVELOPMENT_NAME));
        assertThat(anonymous).isNotInstanceOf(BearerChallengeException.class);
        assertThat(anonymous.errorCode()).isEqualTo(CommonError.AUTHENTICATION_FAILED);
    }

    @Test
    void theInsecureModeTakesAnUnsignedTokenWithEveryRoleOfTheService() {
        Set<DataRole> roles = authenticator(OAuthTrust.INSECURE_ACCEPT_ANY).authenticate(
                request("Bearer " + TestKeys.unsigned(valid("anyone"))), Account.DEVELOPMENT_NAME);

        assertThat(roles).containsExactlyInAnyOrder(DataRole.STORAGE_TABLE_DATA_READER,
                DataRole.STORAGE_TABLE_DATA_CONTRIBUTOR);
    }
}
