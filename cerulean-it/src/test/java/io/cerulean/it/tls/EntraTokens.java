package io.cerulean.it.tls;

import com.azure.core.credential.AccessToken;
import com.azure.core.credential.TokenCredential;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Base64;
import reactor.core.publisher.Mono;

/**
 * Tokens shaped like the ones Microsoft Entra ID issues for Azure Storage, made up by the test:
 * their claims, unsigned tokens for the insecure accept-any mode ({@link #jwt}), tokens signed by a
 * test's own keys ({@link TestTokenService}), and a {@link TokenCredential} that hands one out, as
 * {@code DefaultAzureCredential} would.
 */
final class EntraTokens {
    static final String STORAGE = "https://storage.azure.com";
    static final String TENANT = "72f988bf-86f1-41af-91ab-2d7cd011db47";
    static final String ISSUER = "https://sts.windows.net/" + TENANT + "/";
    /** The object id of the user in {@link #jwt}'s tokens. */
    static final String USER = "11059fcc-5514-4800-b5f8-49808b9cfab6";

    private EntraTokens() {
    }

    /** A token for {@code audience}, valid from {@code notBefore} until {@code expires}. */
    static String jwt(String audience, Instant notBefore, Instant expires) {
        String header = "{\"typ\":\"JWT\",\"alg\":\"RS256\",\"kid\":\"cerulean-test\"}";
        return base64Url(header) + "." + base64Url(claims(audience, ISSUER, USER, notBefore, expires)) + "."
                + base64Url("not a real signature");
    }

    /** The payload of a v1 token for {@code audience} from {@code issuer}, naming the principal {@code oid}. */
    static String claims(String audience, String issuer, String oid, Instant notBefore, Instant expires) {
        return "{\"aud\":\"" + audience + "\",\"iss\":\"" + issuer + "\",\"iat\":" + notBefore.getEpochSecond()
                + ",\"nbf\":" + notBefore.getEpochSecond() + ",\"exp\":" + expires.getEpochSecond()
                + ",\"oid\":\"" + oid + "\",\"scp\":\"user_impersonation\",\"ver\":\"1.0\"}";
    }

    /** Claims for Storage from {@link #ISSUER}, valid for the next hour. */
    static String claimsFor(String oid) {
        Instant now = Instant.now();
        return claims(STORAGE, ISSUER, oid, now.minus(Duration.ofMinutes(5)), now.plus(Duration.ofHours(1)));
    }

    /** A token for Storage, valid for the next hour. */
    static String valid() {
        Instant now = Instant.now();
        return jwt(STORAGE, now.minus(Duration.ofMinutes(5)), now.plus(Duration.ofHours(1)));
    }

    /** A credential that always returns this token, whatever scope is asked. */
    static TokenCredential credential(String jwt) {
        return request -> Mono.just(new AccessToken(jwt, OffsetDateTime.now(ZoneOffset.UTC).plusHours(1)));
    }

    static String base64Url(String s) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(s.getBytes(StandardCharsets.UTF_8));
    }
}
