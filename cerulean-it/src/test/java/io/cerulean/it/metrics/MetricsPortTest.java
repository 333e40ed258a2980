package io.cerulean.it.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClientBuilder;
import io.cerulean.it.ServerFixture;
import io.cerulean.it.ServerFixture.RunningServer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;

/** {@code --metrics-port} and {@code --no-metrics}: the scrape on a port of its own, and off the services'. */
class MetricsPortTest {
    private static HttpResponse<String> get(int port, String path) throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void theMetricsPortServesTheScrapeAndTheHealthChecksAndTheServicePortsNoLongerServeTheScrape() throws Exception {
        try (RunningServer server = ServerFixture.chosenOr(ServerFixture.IN_MEMORY).start(builder -> builder
                .metricsPort(0).metricsOnServicePorts(false))) {
            new TableClientBuilder().connectionString(server.connectionString()).tableName("metricsport")
                    .buildClient().createTable();
            int port = server.cerulean().metricsPort();

            HttpResponse<String> scrape = get(port, "/$metrics");
            assertThat(scrape.statusCode()).isEqualTo(200);
            assertThat(scrape.headers().firstValue("Content-Type"))
                    .hasValue("text/plain; version=0.0.4; charset=utf-8");
            assertThat(Scrape.parse(scrape.body()).sum("cerulean_requests_seconds_count", "service", "table",
                    "operation", "CreateTable", "status_class", "2xx")).isEqualTo(1);
            assertThat(get(port, "/devstoreaccount1/Tables").statusCode()).isEqualTo(404);
            assertThat(get(port, "/$console").statusCode()).isEqualTo(404);
            assertThat(get(port, "/$health/live").statusCode()).isEqualTo(200);
            HttpResponse<String> ready = get(port, "/$health/ready");
            assertThat(ready.statusCode()).isEqualTo(200);
            assertThat(ready.body()).contains("\"status\":\"ready\"");

            for (int servicePort : new int[] {server.cerulean().port(), server.cerulean().queuePort(),
                    server.cerulean().blobPort()}) {
                HttpResponse<String> refused = get(servicePort, "/$metrics");
                assertThat(refused.statusCode()).isBetween(400, 499);
                assertThat(refused.body()).doesNotContain("cerulean_requests_seconds");
            }
        }
    }

    @Test
    void byDefaultEveryServicePortServesTheScrapeAndThereIsNoMetricsPort() throws Exception {
        try (RunningServer server = ServerFixture.chosenOr(ServerFixture.IN_MEMORY).start()) {
            for (int servicePort : new int[] {server.cerulean().port(), server.cerulean().queuePort(),
                    server.cerulean().blobPort()}) {
                HttpResponse<String> scrape = get(servicePort, "/$metrics");
                assertThat(scrape.statusCode()).isEqualTo(200);
                assertThat(scrape.body()).contains("cerulean_requests_in_flight{service=\"table\"}")
                        .contains("jvm_memory_used_bytes");
            }
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> server.cerulean().metricsPort())
                    .isInstanceOf(IllegalStateException.class);
        }
    }
}
