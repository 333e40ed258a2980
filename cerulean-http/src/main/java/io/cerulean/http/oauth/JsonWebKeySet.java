package io.cerulean.http.oauth;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.math.BigInteger;
import java.security.AlgorithmParameters;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PublicKey;
import java.security.interfaces.RSAPublicKey;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.ECParameterSpec;
import java.security.spec.ECPoint;
import java.security.spec.ECPublicKeySpec;
import java.security.spec.RSAPublicKeySpec;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A JSON Web Key Set (RFC 7517) reduced to the keys that can verify a token: RSA keys for RS256 and
 * EC P-256 keys for ES256, by {@code kid}. Keys for other uses ({@code use} other than {@code sig})
 * or of other types are left out, as Entra ID's own sets list some. Immutable.
 */
public final class JsonWebKeySet {
    private static final JsonFactory JSON = JsonFactory.builder().build();
    private static final int MIN_RSA_BITS = 2048;

    private final Map<String, SigningKey> byKeyId;

    public JsonWebKeySet(Map<String, SigningKey> byKeyId) {
        this.byKeyId = Map.copyOf(byKeyId);
    }

    /** The key with this id; empty for none, and for a null id (a token that names no key). */
    public Optional<SigningKey> find(String keyId) {
        return keyId == null ? Optional.empty() : Optional.ofNullable(byKeyId.get(keyId));
    }

    public int size() {
        return byKeyId.size();
    }

    /**
     * Reads {@code {"keys": [...]}}.
     *
     * @throws IllegalArgumentException when it is not a key set, or a usable key in it is malformed
     */
    public static JsonWebKeySet parse(byte[] json) {
        Map<String, SigningKey> keys = new LinkedHashMap<>();
        try (JsonParser parser = JSON.createParser(json)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                throw new IllegalArgumentException("a JSON Web Key Set is a JSON object");
            }
            boolean sawKeys = false;
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String name = parser.currentName();
                JsonToken value = parser.nextToken();
                if (!name.equals("keys")) {
                    parser.skipChildren();
                    continue;
                }
                if (value != JsonToken.START_ARRAY) {
                    throw new IllegalArgumentException("the \"keys\" of a JSON Web Key Set are an array");
                }
                sawKeys = true;
                while (parser.nextToken() == JsonToken.START_OBJECT) {
                    SigningKey key = key(members(parser));
                    if (key != null && keys.put(key.keyId(), key) != null) {
                        throw new IllegalArgumentException("the key id '" + key.keyId() + "' is in the set twice");
                    }
                }
            }
            if (!sawKeys) {
                throw new IllegalArgumentException("a JSON Web Key Set has a \"keys\" array");
            }
        } catch (IOException e) {
            throw new IllegalArgumentException("the JSON Web Key Set is not valid JSON");
        }
        return new JsonWebKeySet(keys);
    }

    /** The string members of one key object; the parser is left after its end. */
    private static Map<String, String> members(JsonParser parser) throws IOException {
        Map<String, String> members = new HashMap<>();
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String name = parser.currentName();
            if (parser.nextToken() == JsonToken.VALUE_STRING) {
                members.put(name, parser.getText());
            } else {
                parser.skipChildren();
            }
        }
        return members;
    }

    /** The key, or null when it is not one for verifying RS256 or ES256 signatures. */
    private static SigningKey key(Map<String, String> jwk) {
        String use = jwk.get("use");
        String kid = jwk.get("kid");
        if (use != null && !use.equals("sig") || kid == null) {
            return null;
        }
        String alg = jwk.get("alg");
        String type = jwk.getOrDefault("kty", "");
        try {
            if (type.equals("RSA") && (alg == null || alg.equals(SigningKey.RS256))) {
                return new SigningKey(kid, SigningKey.RS256, rsa(jwk, kid));
            }
            if (type.equals("EC") && "P-256".equals(jwk.get("crv")) && (alg == null || alg.equals(SigningKey.ES256))) {
                return new SigningKey(kid, SigningKey.ES256, ec(jwk, kid));
            }
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException("key '" + kid + "' is not a valid " + type + " key: " + e.getMessage());
        }
        return null;
    }

    private static PublicKey rsa(Map<String, String> jwk, String kid) throws GeneralSecurityException {
        RSAPublicKey key = (RSAPublicKey) KeyFactory.getInstance("RSA").generatePublic(
                new RSAPublicKeySpec(number(jwk, "n", kid), number(jwk, "e", kid)));
        if (key.getModulus().bitLength() < MIN_RSA_BITS) {
            throw new IllegalArgumentException("RSA key '" + kid + "' has fewer than " + MIN_RSA_BITS + " bits");
        }
        return key;
    }

    private static PublicKey ec(Map<String, String> jwk, String kid) throws GeneralSecurityException {
        AlgorithmParameters parameters = AlgorithmParameters.getInstance("EC");
        parameters.init(new ECGenParameterSpec("secp256r1"));
        ECParameterSpec p256 = parameters.getParameterSpec(ECParameterSpec.class);
        return KeyFactory.getInstance("EC").generatePublic(
                new ECPublicKeySpec(new ECPoint(number(jwk, "x", kid), number(jwk, "y", kid)), p256));
    }

    private static BigInteger number(Map<String, String> jwk, String member, String kid) {
        String value = jwk.get(member);
        if (value == null) {
            throw new IllegalArgumentException("key '" + kid + "' has no \"" + member + "\"");
        }
        try {
            return new BigInteger(1, Base64.getUrlDecoder().decode(value));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("the \"" + member + "\" of key '" + kid + "' is not base64url");
        }
    }
}
