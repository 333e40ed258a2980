package io.cerulean.http.oauth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.security.KeyPairGenerator;
import java.security.interfaces.RSAPublicKey;
import java.util.Base64;
import org.junit.jupiter.api.Test;

class JsonWebKeySetTest {
    private static final TestKeys KEYS = new TestKeys();

    private static JsonWebKeySet parse(String json) {
        return JsonWebKeySet.parse(json.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void rsaAndP256KeysAreReadByKid() {
        JsonWebKeySet set = parse(KEYS.jwks());

        assertThat(set.find(KEYS.rsaKid)).hasValueSatisfying(k -> assertThat(k.algorithm()).isEqualTo("RS256"));
        assertThat(set.find(KEYS.ecKid)).hasValueSatisfying(k -> assertThat(k.algorithm()).isEqualTo("ES256"));
    }

    @Test
    void keysThatCannotVerifyATokenAreLeftOut() {
        JsonWebKeySet set = parse("{\"keys\":[" + KEYS.rsaJwk().replace("\"use\":\"sig\"", "\"use\":\"enc\"") + ","
                + "{\"kty\":\"oct\",\"kid\":\"hmac\",\"k\":\"c2VjcmV0\"},"
                + "{\"kty\":\"EC\",\"crv\":\"P-384\",\"kid\":\"p384\",\"x\":\"AA\",\"y\":\"AA\"},"
                + KEYS.ecJwk() + "]}");

        assertThat(set.size()).isEqualTo(1);
        assertThat(set.find(KEYS.ecKid)).isPresent();
        assertThat(set.find("hmac")).isEmpty();
    }

    @Test
    void weakRsaKeysAndMalformedSetsAreRefused() throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(1024);
        RSAPublicKey weak = (RSAPublicKey) generator.generateKeyPair().getPublic();
        String n = Base64.getUrlEncoder().withoutPadding().encodeToString(weak.getModulus().toByteArray());

        assertThatThrownBy(() -> parse("{\"keys\":[{\"kty\":\"RSA\",\"kid\":\"w\",\"n\":\"" + n + "\",\"e\":\"AQAB\"}]}"))
                .hasMessageContaining("fewer than 2048 bits");
        assertThatThrownBy(() -> parse("{\"keys\":[" + KEYS.rsaJwk() + "," + KEYS.rsaJwk() + "]}"))
                .hasMessageContaining("twice");
        assertThatThrownBy(() -> parse("{\"kty\":\"RSA\"}")).hasMessageContaining("\"keys\" array");
        assertThatThrownBy(() -> parse("not json")).isInstanceOf(IllegalArgumentException.class);
    }
}
