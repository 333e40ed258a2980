package io.cerulean.cassandra.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.app.Cerulean;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * {@code /$health/ready} of a server on Cassandra: ready while the cluster takes writes at the
 * store's consistency, 503 with Cassandra's reason once it has no quorum (the suite's one node
 * killed), and ready again, by itself, once the node is back. {@code /$health/live} stays 200.
 */
class CassandraReadinessTest {
    private static final HttpClient CLIENT = HttpClient.newHttpClient();
    private static final Duration WITHIN = Duration.ofSeconds(120);

    @Test
    void readyWithAQuorumNotReadyWithoutAndReadyAgainOnceTheNodeIsBack() throws Exception {
        CassandraNodes nodes = TestCluster.nodes();
        try (Cerulean cerulean = Cerulean.builder().cassandra(TestCluster.config(TestCluster.newKeyspace("health")))
                .port(0).start()) {
            int port = cerulean.port();
            HttpResponse<String> healthy = get(port, "/$health/ready");
            assertThat(healthy.statusCode()).as("ready: %s", healthy.body()).isEqualTo(200);
            assertThat(healthy.body()).startsWith("{\"status\":\"ready\",\"store\":\"Cassandra\"");

            nodes.kill(0);
            HttpResponse<String> lost;
            try {
                lost = awaitStatus(port, 503);
                assertThat(get(port, "/$health/live").statusCode()).as("live").isEqualTo(200);
            } finally {
                nodes.restart(0);
            }
            System.out.println("ready without a quorum: " + lost.statusCode() + " " + lost.body());
            assertThat(lost.statusCode()).as("ready: %s", lost.body()).isEqualTo(503);
            assertThat(lost.body()).startsWith("{\"status\":\"not ready\",\"store\":\"Cassandra\",\"reason\":\"Cassandra ");
            assertThat(lost.headers().firstValue("Retry-After")).isPresent();

            HttpResponse<String> back = awaitStatus(port, 200);
            assertThat(back.statusCode()).as("ready again: %s", back.body()).isEqualTo(200);
        }
    }

    private static HttpResponse<String> awaitStatus(int port, int status) throws Exception {
        long deadline = System.nanoTime() + WITHIN.toNanos();
        HttpResponse<String> response = get(port, "/$health/ready");
        while (response.statusCode() != status && System.nanoTime() < deadline) {
            Thread.sleep(250);
            response = get(port, "/$health/ready");
        }
        return response;
    }

    private static HttpResponse<String> get(int port, String path) throws Exception {
        return CLIENT.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
    }
}
