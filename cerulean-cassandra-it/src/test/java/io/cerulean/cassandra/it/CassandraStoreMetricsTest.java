package io.cerulean.cassandra.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.util.BinaryData;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClientBuilder;
import com.azure.data.tables.models.TableEntity;
import com.azure.storage.blob.BlobServiceClientBuilder;
import io.cerulean.app.Cerulean;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A server on the cluster shows the driver's metrics beside its own on {@code /$metrics}: session
 * metrics, node metrics labelled by node, and the commit timer under {@code store="cassandra"}.
 */
class CassandraStoreMetricsTest {
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @Test
    void theDriversSessionAndNodeMetricsAreScrapedAfterTraffic() throws Exception {
        try (Cerulean server = Cerulean.builder().cassandra(TestCluster.config(TestCluster.newKeyspace("metrics")))
                .port(0).start()) {
            TableClient table = new TableServiceClientBuilder().connectionString(server.connectionString())
                    .buildClient().createTable("metered");
            for (int i = 0; i < 5; i++) {
                table.createEntity(new TableEntity("p", "r" + i));
            }
            new BlobServiceClientBuilder().connectionString(server.connectionString()).buildClient()
                    .createBlobContainer("metered").getBlobClient("b").upload(BinaryData.fromBytes(new byte[2_000]));

            HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
                    + server.port() + "/$metrics")).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode()).isEqualTo(200);
            String scrape = response.body();
            assertThat(value(scrape, "cerulean_store_commit_seconds_count\\{outcome=\"committed\",store=\"cassandra\"}"))
                    .isGreaterThanOrEqualTo(5);
            assertThat(value(scrape, "cerulean_content_written_bytes_total\\{store=\"records\"}"))
                    .isGreaterThanOrEqualTo(2_000);
            assertThat(value(scrape, "cassandra_session_cql_requests_seconds_count\\{session=\"cerulean\"}"))
                    .isPositive();
            assertThat(value(scrape, "cassandra_session_bytes_sent_total\\{session=\"cerulean\"}")).isPositive();
            assertThat(value(scrape, "cassandra_session_connected_nodes\\{session=\"cerulean\"}")).isPositive();
            assertThat(scrape).contains("cassandra_session_cql_requests_seconds_bucket{session=\"cerulean\",le=\"0.001\"}")
                    .containsPattern("(?m)^cassandra_session_cql_client_timeouts_total\\{session=")
                    .containsPattern("(?m)^cassandra_session_bytes_received_total\\{session=");
            String node = "\\{node=\"[^\"]+\",session=\"cerulean\"}";
            assertThat(value(scrape, "cassandra_nodes_pool_open_connections" + node)).isPositive();
            assertThat(value(scrape, "cassandra_nodes_cql_messages_seconds_count" + node)).isPositive();
            for (String counted : List.of("pool_in_flight", "errors_request_unavailables_total",
                    "errors_request_write_timeouts_total", "errors_request_read_timeouts_total",
                    "errors_request_others_total", "errors_connection_init_total")) {
                assertThat(scrape).containsPattern("(?m)^cassandra_nodes_" + counted + node + " ");
            }
            assertThat(scrape).contains("# HELP cassandra_session_cql_requests_seconds CQL requests as the session saw")
                    .contains("# HELP cassandra_nodes_pool_open_connections Connections open to the node")
                    .doesNotContain("cerulean_rocksdb_");
        }
    }

    /** The first sample of {@code series}, a pattern of a name and its labels. */
    private static double value(String scrape, String series) {
        Matcher matcher = Pattern.compile("(?m)^" + series + " (\\S+)").matcher(scrape);
        assertThat(matcher.find()).as("%s in:%n%s", series, scrape).isTrue();
        return Double.parseDouble(matcher.group(1));
    }
}
