package io.cerulean.http.oauth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.junit.jupiter.api.Test;

/** JWS verification: RS256 and ES256 against a key set, and every way a signature can be wrong. */
class SigningKeyTest {
    private static final TestKeys KEYS = new TestKeys();
    private static final TestKeys OTHER = new TestKeys();
    private static final String PAYLOAD = "{\"aud\":\"https://storage.azure.com\"}";

    private final SigningKeys trusted = SigningKeys.of(JsonWebKeySet.parse(KEYS.jwks().getBytes(StandardCharsets.UTF_8)));

    private void verify(String token) {
        SignedToken signed = SignedToken.parse(token);
        trusted.find(signed.keyId()).verify(signed);
    }

    @Test
    void rs256AndEs256TokensOfATrustedKeyVerify() {
        verify(KEYS.rs256(KEYS.rsaKid, PAYLOAD));
        verify(KEYS.es256(KEYS.ecKid, PAYLOAD));

        assertThat(new String(SignedToken.parse(KEYS.es256(KEYS.ecKid, PAYLOAD)).payload(), StandardCharsets.UTF_8))
                .isEqualTo(PAYLOAD);
    }

    @Test
    void aTokenSignedByAnotherKeyUnderATrustedKidIsForged() {
        assertThatThrownBy(() -> verify(OTHER.rs256(KEYS.rsaKid, PAYLOAD))).isInstanceOf(InvalidTokenException.class)
                .hasMessageContaining("Signature validation failed");
        assertThatThrownBy(() -> verify(OTHER.es256(KEYS.ecKid, PAYLOAD))).isInstanceOf(InvalidTokenException.class)
                .hasMessageContaining("Signature validation failed");
    }

    @Test
    void aChangedPayloadNoLongerMatchesItsSignature() {
        String[] parts = KEYS.rs256(KEYS.rsaKid, PAYLOAD).split("\\.");
        String tampered = parts[0] + "." + TestKeys.base64Url("{\"aud\":\"https://storage.azure.com\",\"x\":1}") + "."
                + parts[2];

        assertThatThrownBy(() -> verify(tampered)).isInstanceOf(InvalidTokenException.class)
                .hasMessageContaining("does not match");
    }

    @Test
    void aKeyVerifiesOnlyItsOwnAlgorithm() {
        // An RS256 signature presented as ES256 under the EC key's id, and the other way round.
        String[] rs = KEYS.rs256(KEYS.rsaKid, PAYLOAD).split("\\.");
        String relabelled = TestKeys.base64Url(TestKeys.header("ES256", KEYS.ecKid)) + "." + rs[1] + "." + rs[2];
        String[] es = KEYS.es256(KEYS.ecKid, PAYLOAD).split("\\.");
        String relabelledEc = TestKeys.base64Url(TestKeys.header("RS256", KEYS.ecKid)) + "." + es[1] + "." + es[2];

        assertThatThrownBy(() -> verify(relabelled)).isInstanceOf(InvalidTokenException.class);
        assertThatThrownBy(() -> verify(relabelledEc)).isInstanceOf(InvalidTokenException.class)
                .hasMessageContaining("is for ES256");
    }

    @Test
    void anEs256SignatureInDerFormIsNotJws() {
        String[] parts = KEYS.es256(KEYS.ecKid, PAYLOAD).split("\\.");
        byte[] raw = Base64.getUrlDecoder().decode(parts[2]);
        byte[] longer = new byte[raw.length + 8];
        System.arraycopy(raw, 0, longer, 0, raw.length);

        assertThatThrownBy(() -> verify(parts[0] + "." + parts[1] + "."
                + Base64.getUrlEncoder().withoutPadding().encodeToString(longer)))
                .isInstanceOf(InvalidTokenException.class);
    }

    @Test
    void anUnknownOrMissingKidIsNotTrusted() {
        assertThatThrownBy(() -> verify(KEYS.rs256("someone-elses", PAYLOAD))).isInstanceOf(InvalidTokenException.class)
                .hasMessageContaining("('someone-elses') this server does not trust");
        assertThatThrownBy(() -> verify(KEYS.rs256(null, PAYLOAD))).isInstanceOf(InvalidTokenException.class)
                .hasMessageContaining("names no signing key");
    }
}
