package io.cerulean.http.oauth;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A token service's two documents over HTTP on a loopback port, as a test's identity provider:
 * the OpenID configuration at {@code /<tenant>/v2.0/.well-known/openid-configuration} and the key
 * set it names, which a test may change (key rollover) and whose reads it counts.
 */
public final class KeyServer implements AutoCloseable {
    public static final String TENANT = "0c2d4f3e-5a6b-4c7d-8e9f-a0b1c2d3e4f5";

    private final HttpServer server;
    private final AtomicReference<String> jwks;
    private final AtomicInteger jwksReads = new AtomicInteger();

    public KeyServer(String jwks) {
        this.jwks = new AtomicReference<>(jwks);
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.createContext("/" + TENANT + "/v2.0/.well-known/openid-configuration", exchange -> {
            send(exchange, "{\"issuer\":\"" + issuer() + "\",\"jwks_uri\":\"" + jwksUrl()
                    + "\",\"id_token_signing_alg_values_supported\":[\"RS256\"]}");
        });
        server.createContext("/" + TENANT + "/discovery/v2.0/keys", exchange -> {
            jwksReads.incrementAndGet();
            send(exchange, this.jwks.get());
        });
        server.start();
    }

    private static void send(com.sun.net.httpserver.HttpExchange exchange, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(200, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    public String base() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    public String issuer() {
        return base() + "/" + TENANT + "/v2.0";
    }

    public String jwksUrl() {
        return base() + "/" + TENANT + "/discovery/v2.0/keys";
    }

    public void serve(String newJwks) {
        jwks.set(newJwks);
    }

    public int jwksReads() {
        return jwksReads.get();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
