package io.cerulean.it.tls;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.net.InetAddress;
import java.net.InetSocketAddress;
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
 * The test's own token service: an RSA key (RS256) and an EC P-256 key (ES256), their JSON Web Key
 * Set, tokens signed with them, and, once {@link #serve()}d, an OpenID configuration and the key set
 * over HTTP on a loopback port, as an identity provider publishes them.
 */
public final class TestTokenService implements AutoCloseable {
    public static final String RSA_KID = "test-rsa";
    public static final String EC_KID = "test-ec";

    private final KeyPair rsa = generate("RSA", null);
    private final KeyPair ec = generate("EC", new ECGenParameterSpec("secp256r1"));
    private HttpServer server;

    private static KeyPair generate(String algorithm, ECGenParameterSpec curve) {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance(algorithm);
            if (curve == null) {
                generator.initialize(2048);
            } else {
                generator.initialize(curve);
            }
            return generator.generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    public String jwks() {
        RSAPublicKey r = (RSAPublicKey) rsa.getPublic();
        ECPublicKey e = (ECPublicKey) ec.getPublic();
        return "{\"keys\":[{\"kty\":\"RSA\",\"use\":\"sig\",\"kid\":\"" + RSA_KID + "\",\"n\":\"" + b64(r.getModulus(), 0)
                + "\",\"e\":\"" + b64(r.getPublicExponent(), 0) + "\"},{\"kty\":\"EC\",\"crv\":\"P-256\",\"use\":\"sig\","
                + "\"kid\":\"" + EC_KID + "\",\"x\":\"" + b64(e.getW().getAffineX(), 32) + "\",\"y\":\""
                + b64(e.getW().getAffineY(), 32) + "\"}]}";
    }

    public String rs256(String kid, String claims) {
        return sign("RS256", kid, "SHA256withRSA", rsa, claims);
    }

    String es256(String kid, String claims) {
        return sign("ES256", kid, "SHA256withECDSAinP1363Format", ec, claims);
    }

    /** {@code alg: none}, no signature. */
    static String unsigned(String claims) {
        return EntraTokens.base64Url("{\"typ\":\"JWT\",\"alg\":\"none\"}") + "." + EntraTokens.base64Url(claims) + ".";
    }

    private static String sign(String alg, String kid, String jcaAlgorithm, KeyPair pair, String claims) {
        String input = EntraTokens.base64Url("{\"typ\":\"JWT\",\"alg\":\"" + alg + "\",\"kid\":\"" + kid + "\"}") + "."
                + EntraTokens.base64Url(claims);
        try {
            Signature signature = Signature.getInstance(jcaAlgorithm);
            signature.initSign(pair.getPrivate());
            signature.update(input.getBytes(StandardCharsets.US_ASCII));
            return input + "." + Base64.getUrlEncoder().withoutPadding().encodeToString(signature.sign());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String b64(BigInteger n, int length) {
        byte[] bytes = n.toByteArray();
        if (bytes.length > 1 && bytes[0] == 0) {
            bytes = Arrays.copyOfRange(bytes, 1, bytes.length);
        }
        byte[] padded = new byte[Math.max(length, bytes.length)];
        System.arraycopy(bytes, 0, padded, padded.length - bytes.length, bytes.length);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(padded);
    }

    /**
     * Publishes {@code /<tenant>/v2.0/.well-known/openid-configuration} and the key set it names.
     *
     * @return the issuer URL, {@code http://127.0.0.1:<port>/<tenant>/v2.0}
     */
    String serve() {
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String base = "http://127.0.0.1:" + server.getAddress().getPort() + "/" + EntraTokens.TENANT;
        server.createContext("/" + EntraTokens.TENANT + "/v2.0/.well-known/openid-configuration", exchange -> send(
                exchange, "{\"issuer\":\"" + base + "/v2.0\",\"jwks_uri\":\"" + base + "/discovery/v2.0/keys\"}"));
        server.createContext("/" + EntraTokens.TENANT + "/discovery/v2.0/keys", exchange -> send(exchange, jwks()));
        server.start();
        return base + "/v2.0";
    }

    private static void send(HttpExchange exchange, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(200, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void close() {
        if (server != null) {
            server.stop(0);
        }
    }
}
