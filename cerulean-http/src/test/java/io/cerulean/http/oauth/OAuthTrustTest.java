package io.cerulean.http.oauth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where the keys come from (file, URL, the issuer's OpenID configuration) and what is never accepted. */
class OAuthTrustTest {
    private static final TestKeys KEYS = new TestKeys();
    private static final String PAYLOAD = "{\"iss\":\"x\"}";

    @TempDir
    Path dir;

    private Path jwksFile(String json) throws IOException {
        return Files.writeString(dir.resolve("jwks.json"), json, StandardCharsets.UTF_8);
    }

    private static void verify(OAuthTrust trust, String token) {
        trust.verifySignature(SignedToken.parse(token));
    }

    @Test
    void keysFromAFileVerifyTheirTokens() throws IOException {
        OAuthTrust trust = OAuthTrust.start(OAuthConfig.jwks(jwksFile(KEYS.jwks()).toString()), Clock.systemUTC());

        verify(trust, KEYS.rs256(KEYS.rsaKid, PAYLOAD));
        verify(trust, KEYS.es256(KEYS.ecKid, PAYLOAD));
        assertThat(trust.acceptsTokens()).isTrue();
        assertThat(trust.insecureAcceptAny()).isFalse();
    }

    @Test
    void unsignedAndHmacTokensAreNeverAccepted() throws IOException {
        OAuthTrust trust = OAuthTrust.start(OAuthConfig.jwks(jwksFile(KEYS.jwks()).toString()), Clock.systemUTC());
        String hs256 = TestKeys.base64Url(TestKeys.header("HS256", KEYS.rsaKid)) + "." + TestKeys.base64Url(PAYLOAD)
                + ".c2lnbmF0dXJl";

        assertThatThrownBy(() -> verify(trust, TestKeys.unsigned(PAYLOAD))).isInstanceOf(InvalidTokenException.class)
                .hasMessageContaining("'none' are not accepted");
        assertThatThrownBy(() -> verify(trust, hs256)).isInstanceOf(InvalidTokenException.class)
                .hasMessageContaining("'HS256' are not accepted");
        String crit = TestKeys.base64Url("{\"alg\":\"RS256\",\"kid\":\"" + KEYS.rsaKid + "\",\"crit\":[\"exp\"]}")
                + "." + TestKeys.base64Url(PAYLOAD) + ".c2lnbmF0dXJl";
        assertThatThrownBy(() -> verify(trust, crit)).isInstanceOf(InvalidTokenException.class)
                .hasMessageContaining("critical extensions");
    }

    @Test
    void anUnreadableKeySetStopsTheStartNamingTheFile() throws IOException {
        Path bad = jwksFile("{\"keys\": 3}");

        assertThatThrownBy(() -> OAuthTrust.start(OAuthConfig.jwks(bad.toString()), Clock.systemUTC()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(bad.toString());
        assertThatThrownBy(() -> OAuthTrust.start(OAuthConfig.jwks(dir.resolve("missing.json").toString()),
                Clock.systemUTC())).hasMessageContaining("cannot read the signing keys file");
    }

    @Test
    void withOnlyAnIssuerTheKeysComeFromItsOpenIdConfiguration() {
        try (KeyServer provider = new KeyServer(KEYS.jwks())) {
            OAuthTrust trust = OAuthTrust.start(OAuthConfig.issuer(provider.issuer()), Clock.systemUTC());

            verify(trust, KEYS.rs256(KEYS.rsaKid, PAYLOAD));
            assertThat(trust.issuer()).hasValueSatisfying(i -> assertThat(i.accepts(provider.issuer())).isTrue());
            assertThat(trust.challenge()).isEqualTo("Bearer authorization_uri=" + provider.base() + "/"
                    + KeyServer.TENANT + "/oauth2/authorize resource_id=https://storage.azure.com");
        }
    }

    @Test
    void anUnknownKidReadsTheKeySetAgainAtMostOnceAMinute() {
        TestKeys rolledOver = new TestKeys("next-rsa", "next-ec");
        MutableClock clock = new MutableClock(Instant.parse("2025-03-01T12:00:00Z"));
        try (KeyServer provider = new KeyServer(KEYS.jwks())) {
            SigningKeys keys = OAuthTrust.start(OAuthConfig.jwks(provider.jwksUrl()), clock).signingKeys();
            provider.serve(rolledOver.jwks());

            clock.advance(Duration.ofSeconds(30));
            assertThatThrownBy(() -> keys.find("next-rsa")).isInstanceOf(InvalidTokenException.class);
            assertThat(provider.jwksReads()).as("too soon to read again").isEqualTo(1);

            clock.advance(Duration.ofSeconds(31));
            assertThat(keys.find("next-rsa").algorithm()).isEqualTo("RS256");
            assertThatThrownBy(() -> keys.find("made-up")).isInstanceOf(InvalidTokenException.class);
            assertThatThrownBy(() -> keys.find("made-up-too")).isInstanceOf(InvalidTokenException.class);
            assertThat(provider.jwksReads()).as("read at start and once more").isEqualTo(2);
        }
    }

    @Test
    void theInsecureModeGoesWithNothingElseAndRolesNeedKeys() {
        assertThatThrownBy(() -> new OAuthConfig("keys.json", null, null, true)).hasMessageContaining("cannot be combined");
        assertThatThrownBy(() -> new OAuthConfig(null, null, Path.of("roles"), false)).hasMessageContaining("needs");
        assertThat(OAuthTrust.start(OAuthConfig.insecureAcceptingAnyToken(), Clock.systemUTC()).insecureAcceptAny()).isTrue();
        assertThat(OAuthTrust.start(OAuthConfig.none(), Clock.systemUTC()).acceptsTokens()).isFalse();
    }

    /** A clock the test moves. */
    static final class MutableClock extends Clock {
        private Instant now;

        MutableClock(Instant now) {
            this.now = now;
        }

        void advance(Duration duration) {
            now = now.plus(duration);
        }

        @Override
        public Instant instant() {
            return now;
        }

        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }
    }
}
