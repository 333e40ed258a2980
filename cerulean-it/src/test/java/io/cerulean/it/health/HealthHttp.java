package io.cerulean.it.health;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/** Plain HTTP to a port's health endpoints, as a load balancer sends it: no credentials, no SDK. */
final class HealthHttp {
    private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    private HealthHttp() {
    }

    static HttpResponse<String> get(int port, String path) {
        return send("GET", port, path);
    }

    static HttpResponse<String> send(String method, int port, String path) {
        try {
            return sendAsync(method, port, path).join();
        } catch (java.util.concurrent.CompletionException e) {
            throw e.getCause() instanceof IOException io ? new UncheckedIOException(io) : e;
        }
    }

    static CompletableFuture<HttpResponse<String>> sendAsync(String method, int port, String path) {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .method(method, HttpRequest.BodyPublishers.noBody()).timeout(Duration.ofSeconds(30)).build();
        return CLIENT.sendAsync(request, HttpResponse.BodyHandlers.ofString());
    }

    /** GETs {@code path} until it answers {@code status}, for at most {@code within}; the last answer. */
    static HttpResponse<String> awaitStatus(int port, String path, int status, Duration within)
            throws InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        HttpResponse<String> response = get(port, path);
        while (response.statusCode() != status && System.nanoTime() < deadline) {
            Thread.sleep(200);
            response = get(port, path);
        }
        return response;
    }
}
