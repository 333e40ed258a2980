package io.cerulean.it.query;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableClientBuilder;
import com.azure.data.tables.models.ListEntitiesOptions;
import com.azure.data.tables.models.TableEntity;
import io.cerulean.app.Cerulean;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** Query classes and their costs appear as Prometheus counters at /$metrics. */
class QueryMetricsTest {
    @Test
    void pagesAndEntitiesReadAndReturnedAreCountedPerQueryClass() throws Exception {
        try (Cerulean cerulean = Cerulean.builder().inMemory().port(0).start()) {
            TableClient table = new TableClientBuilder().connectionString(cerulean.connectionString())
                    .tableName("metered").buildClient();
            table.createTable();
            for (int i = 0; i < 30; i++) {
                table.createEntity(new TableEntity(i < 20 ? "a" : "b", String.format("%02d", i)).addProperty("N", i));
            }
            assertThat(table.listEntities(new ListEntitiesOptions().setFilter("PartitionKey eq 'a' and N ge 15"), null,
                    null).stream().count()).isEqualTo(5);
            assertThat(table.listEntities(new ListEntitiesOptions().setFilter("N lt 3"), null, null).stream().count())
                    .isEqualTo(3);

            String metrics = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + cerulean.port() + "/$metrics")).build(),
                    HttpResponse.BodyHandlers.ofString()).body();

            assertThat(counter(metrics, "cerulean_query_entities_read_total", "PARTITION_SCAN")).isEqualTo(20);
            assertThat(counter(metrics, "cerulean_query_entities_returned_total", "PARTITION_SCAN")).isEqualTo(5);
            assertThat(counter(metrics, "cerulean_query_entities_read_total", "TABLE_SCAN")).isEqualTo(30);
            assertThat(counter(metrics, "cerulean_query_pages_total", "TABLE_SCAN")).isEqualTo(1);
            assertThat(counter(metrics, "cerulean_query_pages_total", "POINT")).isZero();
        }
    }

    private static double counter(String metrics, String name, String queryClass) {
        Matcher m = Pattern.compile("(?m)^" + name + "\\{query_class=\"" + queryClass + "\"} (\\S+)$").matcher(metrics);
        assertThat(m.find()).as("%s for %s in:%n%s", name, queryClass, metrics).isTrue();
        return Double.parseDouble(m.group(1));
    }
}
