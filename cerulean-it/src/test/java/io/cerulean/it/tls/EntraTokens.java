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
 * Tokens shaped like the ones Microsoft Entra ID issues for Azure Storage, made up by the test
 * (the server checks claims, not signatures), and a {@link TokenCredential} that hands one out,
 * as {@code DefaultAzureCredential} would.
 */
final class EntraTokens {
    static final String STORAGE = "https://storage.azure.com";
    static final String ISSUER = "https://sts.windows.net/72f988bf-86f1-41af-91ab-2d7cd011db47/";

    private EntraTokens() {
    }

    /** A token for {@code audience}, valid from {@code notBefore} until {@code expires}. */
    static String jwt(String audience, Instant notBefore, Instant expires) {
        String header = "{\"typ\":\"JWT\",\"alg\":\"RS256\",\"kid\":\"cerulean-test\"}";
        String payload = "{\"aud\":\"" + audience + "\",\"iss\":\"" + ISSUER + "\",\"iat\":" + notBefore.getEpochSecond()
                + ",\"nbf\":" + notBefore.getEpochSecond() + ",\"exp\":" + expires.getEpochSecond()
                + ",\"oid\":\"11059fcc-5514-4800-b5f8-49808b9cfab6\",\"scp\":\"user_impersonation\",\"ver\":\"1.0\"}";
        return base64Url(header) + "." + base64Url(payload) + "." + base64Url("not a real signature");
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

    private static String base64Url(String s) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(s.getBytes(StandardCharsets.UTF_8));
    }
}
