package io.cerulean.http.oauth;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Signature;
import java.security.interfaces.ECPublicKey;
import java.security.interfaces.RSAPublicKey;
import java.security.spec.ECGenParameterSpec;
import java.util.Arrays;
import java.util.Base64;

/**
 * A test's own token service: an RSA and an EC P-256 key pair, their JSON Web Key Set, and compact
 * JWS tokens signed with them (or not), so that nothing here depends on a real identity provider.
 */
public final class TestKeys {
    public final KeyPair rsa;
    public final KeyPair ec;
    public final String rsaKid;
    public final String ecKid;

    public TestKeys(String rsaKid, String ecKid) {
        this.rsaKid = rsaKid;
        this.ecKid = ecKid;
        try {
            KeyPairGenerator rsaGenerator = KeyPairGenerator.getInstance("RSA");
            rsaGenerator.initialize(2048);
            this.rsa = rsaGenerator.generateKeyPair();
            KeyPairGenerator ecGenerator = KeyPairGenerator.getInstance("EC");
            ecGenerator.initialize(new ECGenParameterSpec("secp256r1"));
            this.ec = ecGenerator.generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    public TestKeys() {
        this("rsa-test-key", "ec-test-key");
    }

    /** {@code {"keys":[...]}} with both public keys. */
    public String jwks() {
        return "{\"keys\":[" + rsaJwk() + "," + ecJwk() + "]}";
    }

    public String rsaJwk() {
        RSAPublicKey key = (RSAPublicKey) rsa.getPublic();
        return "{\"kty\":\"RSA\",\"use\":\"sig\",\"kid\":\"" + rsaKid + "\",\"n\":\"" + unsigned(key.getModulus(), 0)
                + "\",\"e\":\"" + unsigned(key.getPublicExponent(), 0) + "\"}";
    }

    public String ecJwk() {
        ECPublicKey key = (ECPublicKey) ec.getPublic();
        return "{\"kty\":\"EC\",\"crv\":\"P-256\",\"kid\":\"" + ecKid + "\",\"x\":\""
                + unsigned(key.getW().getAffineX(), 32) + "\",\"y\":\"" + unsigned(key.getW().getAffineY(), 32) + "\"}";
    }

    /** {@code payload} signed RS256 with the RSA key, naming {@code kid}. */
    public String rs256(String kid, String payload) {
        String input = base64Url(header("RS256", kid)) + "." + base64Url(payload);
        return input + "." + Base64.getUrlEncoder().withoutPadding().encodeToString(sign("SHA256withRSA", rsa, input));
    }

    /** {@code payload} signed ES256 with the EC key (R||S, as JWS has it), naming {@code kid}. */
    public String es256(String kid, String payload) {
        String input = base64Url(header("ES256", kid)) + "." + base64Url(payload);
        return input + "." + Base64.getUrlEncoder().withoutPadding()
                .encodeToString(sign("SHA256withECDSAinP1363Format", ec, input));
    }

    /** An unsigned token: {@code alg: none} and an empty signature. */
    public static String unsigned(String payload) {
        return base64Url("{\"alg\":\"none\",\"typ\":\"JWT\"}") + "." + base64Url(payload) + ".";
    }

    public static String header(String alg, String kid) {
        return "{\"typ\":\"JWT\",\"alg\":\"" + alg + "\"" + (kid == null ? "" : ",\"kid\":\"" + kid + "\"") + "}";
    }

    public static String base64Url(String s) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(s.getBytes(StandardCharsets.UTF_8));
    }

    private static byte[] sign(String algorithm, KeyPair pair, String input) {
        try {
            Signature signature = Signature.getInstance(algorithm);
            signature.initSign(pair.getPrivate());
            signature.update(input.getBytes(StandardCharsets.US_ASCII));
            return signature.sign();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Big-endian without a sign byte, left-padded to {@code length} when given (EC coordinates). */
    private static String unsigned(BigInteger n, int length) {
        byte[] bytes = n.toByteArray();
        if (bytes.length > 1 && bytes[0] == 0) {
            bytes = Arrays.copyOfRange(bytes, 1, bytes.length);
        }
        if (bytes.length < length) {
            byte[] padded = new byte[length];
            System.arraycopy(bytes, 0, padded, length - bytes.length, bytes.length);
            bytes = padded;
        }
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }
}
