package io.cerulean.table.rest.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.auth.Account;
import io.cerulean.http.auth.Accounts;
import io.cerulean.http.auth.RequestAuthenticator;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.oauth.OAuthTrust;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Contract section 9.6: bearer tokens judged as an emulator judges them, claims but no signature,
 * which Cerulean does only in the insecure accept-any mode (signatures are checked in
 * {@code io.cerulean.http.auth.VerifiedBearerTokenTest} and through the SDK in cerulean-it).
 * Every token here is built by the test: base64url(header).base64url(payload).signature.
 */
class BearerTokenAuthenticatorTest {
    private static final Instant NOW = Instant.parse("2025-03-01T12:00:00Z");
    private static final String DEV = Account.DEVELOPMENT_NAME;
    private static final Accounts ACCOUNTS = new Accounts(List.of(Account.development(),
            Account.of("other", Base64.getEncoder().encodeToString("other-key".getBytes(StandardCharsets.UTF_8)))));

    /** The bearer token authenticator, reached as every request reaches it: by its Authorization scheme. */
    private final RequestAuthenticator<AccessGrant> authenticator =
            TableAuthentication.of(ACCOUNTS, (account, table) -> Optional.empty(), OAuthTrust.INSECURE_ACCEPT_ANY,
                    Clock.fixed(NOW, ZoneOffset.UTC));

    /** The claims of a token as the Azure CLI gets one for Storage (v1, sts.windows.net). */
    private static Map<String, Object> claims() {
        Map<String, Object> claims = new LinkedHashMap<>();
        claims.put("aud", "https://storage.azure.com");
        claims.put("iss", "https://sts.windows.net/72f988bf-86f1-41af-91ab-2d7cd011db47/");
        claims.put("iat", NOW.minus(Duration.ofMinutes(5)).getEpochSecond());
        claims.put("nbf", NOW.minus(Duration.ofMinutes(5)).getEpochSecond());
        claims.put("exp", NOW.plus(Duration.ofMinutes(55)).getEpochSecond());
        claims.put("oid", "11059fcc-5514-4800-b5f8-49808b9cfab6");
        claims.put("scp", "user_impersonation");
        claims.put("amr", List.of("pwd"));
        claims.put("ver", "1.0");
        return claims;
    }

    static String jwt(Map<String, Object> claims) {
        return base64Url("{\"typ\":\"JWT\",\"alg\":\"RS256\",\"kid\":\"test\"}") + "." + base64Url(json(claims))
                + ".c2lnbmF0dXJlLW5vdC1jaGVja2Vk";
    }

    private static String json(Object value) {
        if (value instanceof Map<?, ?> map) {
            return map.entrySet().stream().map(e -> json(e.getKey()) + ":" + json(e.getValue()))
                    .collect(Collectors.joining(",", "{", "}"));
        }
        if (value instanceof List<?> list) {
            return list.stream().map(BearerTokenAuthenticatorTest::json).collect(Collectors.joining(",", "[", "]"));
        }
        return value instanceof String s ? "\"" + s + "\"" : String.valueOf(value);
    }

    private static String base64Url(String s) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(s.getBytes(StandardCharsets.UTF_8));
    }

    private static AzureRequest request(String authorization, boolean secure) {
        DefaultHttpHeaders headers = new DefaultHttpHeaders();
        headers.add("Authorization", authorization);
        return new AzureRequest("GET", "/devstoreaccount1/Tables", Map.of(), headers, new byte[0], secure, "127.0.0.1");
    }

    private AccessGrant accept(Map<String, Object> claims) {
        return authenticator.authenticate(request("Bearer " + jwt(claims), true), DEV);
    }

    private ServiceException refusal(String authorization, boolean secure, String account) {
        ServiceException e = catchThrowableOfType(ServiceException.class,
                () -> authenticator.authenticate(request(authorization, secure), account));
        assertThat(e).as("the request should be refused").isNotNull();
        assertThat(e.errorCode()).isEqualTo(CommonError.AUTHENTICATION_FAILED);
        assertThat(e.errorCode().status()).isEqualTo(403);
        String token = authorization.substring(7);
        if (!token.isEmpty()) {
            assertThat(e.getMessage()).as("the token never appears in a message").doesNotContain(token);
            assertThat(detail(e)).as("nor in the detail").doesNotContain(token);
        }
        return e;
    }

    private ServiceException refusal(Map<String, Object> claims) {
        return refusal("Bearer " + jwt(claims), true, DEV);
    }

    @Test
    void aWellFormedStorageTokenOverHttpsGetsEverythingButTheAcl() {
        AccessGrant grant = accept(claims());

        assertThat(grant).isEqualTo(FullAccess.BEARER_TOKEN);
        grant.authorize(Action.ENTITIES, "t");
        grant.authorize(Action.CREATE_TABLE, "t");
        ServiceException acl = catchThrowableOfType(ServiceException.class,
                () -> grant.authorize(Action.GET_TABLE_ACL, "t"));
        assertThat(acl.errorCode()).isEqualTo(CommonError.AUTHORIZATION_FAILURE);
    }

    @Test
    void overPlainHttpTheSchemeIsRefusedAsTheServiceRefusesIt() {
        ServiceException e = refusal("Bearer " + jwt(claims()), false, DEV);

        assertThat(detail(e)).contains("Authentication scheme Bearer is not allowed with HTTP.");
    }

    @ParameterizedTest
    @ValueSource(strings = {"https://storage.azure.com", "https://storage.azure.com/",
            "e406a681-f3d4-42a8-90b6-c2b029497af1", "https://devstoreaccount1.table.core.windows.net",
            "https://devstoreaccount1.table.core.windows.net/", "HTTPS://Storage.Azure.COM"})
    void storageAndThisAccountsTableEndpointAreAudiences(String audience) {
        Map<String, Object> claims = claims();
        claims.put("aud", audience);

        assertThat(accept(claims)).isEqualTo(FullAccess.BEARER_TOKEN);
    }

    @Test
    void anAudienceArrayNeedsOneStorageAudience() {
        Map<String, Object> claims = claims();
        claims.put("aud", List.of("https://vault.azure.net", "https://storage.azure.com/"));

        assertThat(accept(claims)).isEqualTo(FullAccess.BEARER_TOKEN);
    }

    @ParameterizedTest
    @ValueSource(strings = {"https://vault.azure.net", "https://management.azure.com/",
            "https://other.table.core.windows.net", "https://devstoreaccount1.blob.core.windows.net",
            "https://storage.azure.com.evil.example", ""})
    void otherAudiencesAreRefused(String audience) {
        Map<String, Object> claims = claims();
        claims.put("aud", audience);

        assertThat(detail(refusal(claims))).contains("Audience validation failed");
    }

    @Test
    void anotherAccountsEndpointIsRightForThatAccountOnly() {
        Map<String, Object> claims = claims();
        claims.put("aud", "https://other.table.core.windows.net");

        assertThat(authenticator.authenticate(request("Bearer " + jwt(claims), true), "other"))
                .isEqualTo(FullAccess.BEARER_TOKEN);
        assertThat(detail(refusal(claims))).contains("https://devstoreaccount1.table.core.windows.net");
    }

    @Test
    void aMissingAudienceIsRefused() {
        Map<String, Object> claims = claims();
        claims.remove("aud");

        assertThat(detail(refusal(claims))).contains("no aud claim");
    }

    @ParameterizedTest
    @ValueSource(strings = {"https://sts.windows.net/tenant/", "https://login.microsoftonline.com/tenant/v2.0",
            "https://sts.chinacloudapi.cn/tenant/", "https://login.chinacloudapi.cn/tenant/v2.0",
            "https://login.microsoftonline.us/tenant/v2.0", "https://sts.microsoftonline.de/tenant/"})
    void entraIdTokenServicesOfEveryCloudAreIssuers(String issuer) {
        Map<String, Object> claims = claims();
        claims.put("iss", issuer);

        assertThat(accept(claims)).isEqualTo(FullAccess.BEARER_TOKEN);
    }

    @ParameterizedTest
    @ValueSource(strings = {"https://accounts.google.com", "http://sts.windows.net/tenant/",
            "https://sts.windows.net.evil.example/", "https://login.microsoftonline.com.evil.example/t/"})
    void otherIssuersAreRefused(String issuer) {
        Map<String, Object> claims = claims();
        claims.put("iss", issuer);

        assertThat(detail(refusal(claims))).contains("Issuer validation failed").contains(issuer);
    }

    @Test
    void aMissingIssuerIsRefused() {
        Map<String, Object> claims = claims();
        claims.remove("iss");

        assertThat(detail(refusal(claims))).contains("no iss claim");
    }

    @ParameterizedTest
    @ValueSource(strings = {"nbf", "exp", "iat"})
    void eachTimeClaimIsRequired(String claim) {
        Map<String, Object> claims = claims();
        claims.remove(claim);

        assertThat(detail(refusal(claims))).contains("nbf, exp and iat");
    }

    @Test
    void anExpiredTokenIsRefusedOnceTheSkewIsSpent() {
        Map<String, Object> justExpired = claims();
        justExpired.put("exp", NOW.minus(Duration.ofMinutes(4)).getEpochSecond());
        Map<String, Object> expired = claims();
        expired.put("exp", NOW.minus(Duration.ofMinutes(6)).getEpochSecond());

        assertThat(accept(justExpired)).as("within the clock skew").isEqualTo(FullAccess.BEARER_TOKEN);
        assertThat(detail(refusal(expired))).contains("Lifetime validation failed. The token is expired");
    }

    @Test
    void aTokenNotYetValidIsRefusedBeyondTheSkew() {
        Map<String, Object> soon = claims();
        soon.put("nbf", NOW.plus(Duration.ofMinutes(4)).getEpochSecond());
        Map<String, Object> later = claims();
        later.put("nbf", NOW.plus(Duration.ofMinutes(6)).getEpochSecond());

        assertThat(accept(soon)).as("within the clock skew").isEqualTo(FullAccess.BEARER_TOKEN);
        assertThat(detail(refusal(later))).contains("not yet valid");
    }

    @Test
    void fractionalTimesAreSeconds() {
        Map<String, Object> claims = claims();
        claims.put("exp", NOW.plus(Duration.ofMinutes(30)).getEpochSecond() + 0.5);

        assertThat(accept(claims)).isEqualTo(FullAccess.BEARER_TOKEN);
    }

    @Test
    void aTimeThatIsNotANumberIsRefused() {
        Map<String, Object> claims = claims();
        claims.put("exp", "tomorrow");

        assertThat(detail(refusal(claims))).contains("'exp' claim is not a number");
    }

    @ParameterizedTest
    @ValueSource(strings = {"Bearer ", "Bearer abc", "Bearer a.b", "Bearer a.b.c.d", "Bearer !!!.e30.sig",
            "Bearer e30.!!!.sig", "Bearer e30.WzFd.sig", "Bearer e30.bm90IGpzb24.sig", "Bearer WzFd.e30.sig"})
    void malformedTokensAreRefused(String authorization) {
        assertThat(detail(refusal(authorization, true, DEV))).contains("The bearer token is malformed");
    }

    @Test
    void paddedBase64AndALowerCaseSchemeAreRead() {
        String padded = Base64.getUrlEncoder().encodeToString("{\"alg\":\"none\"}".getBytes(StandardCharsets.UTF_8))
                + "." + Base64.getUrlEncoder().encodeToString(json(claims()).getBytes(StandardCharsets.UTF_8)) + ".";

        assertThat(authenticator.authenticate(request("bearer " + padded, true), DEV))
                .isEqualTo(FullAccess.BEARER_TOKEN);
    }

    @Test
    void anUnknownAccountIsRefused() {
        assertThat(detail(refusal("Bearer " + jwt(claims()), true, "nosuchaccount")))
                .contains("'nosuchaccount' is not known");
    }

    /** Why the service refused: the error body's {@code <AuthenticationErrorDetail>}. */
    private static String detail(ServiceException e) {
        return e.details().get("AuthenticationErrorDetail");
    }
}
