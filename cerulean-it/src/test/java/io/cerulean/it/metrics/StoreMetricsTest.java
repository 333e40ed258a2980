package io.cerulean.it.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.azure.core.util.BinaryData;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClientBuilder;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableServiceException;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionActionType;
import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import io.cerulean.it.ServerFixture;
import io.cerulean.it.support.SharedServers;
import io.cerulean.table.advisor.AdvisorSettings;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The stores as {@code /$metrics} shows them after SDK traffic: commit times by store and outcome,
 * durability waits, RocksDB's group commits and its own statistics, content bytes by where they went,
 * and the advisor's findings by kind.
 */
class StoreMetricsTest {
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final int LARGE = 200 * 1024; // over 64 KiB: a file of its own
    private static final int SMALL = 1_000; // chunk records in RocksDB

    private static final List<String> ROCKSDB_FAMILIES = List.of("cerulean_rocksdb_block_cache_hits_total",
            "cerulean_rocksdb_block_cache_misses_total", "cerulean_rocksdb_compactions_running",
            "cerulean_rocksdb_compaction_pending_bytes", "cerulean_rocksdb_stall_seconds_total",
            "cerulean_rocksdb_write_stopped", "cerulean_rocksdb_memtable_bytes", "cerulean_rocksdb_block_cache_bytes",
            "cerulean_rocksdb_live_sst_bytes", "cerulean_rocksdb_written_bytes_total",
            "cerulean_rocksdb_read_bytes_total", "cerulean_rocksdb_compacted_bytes_total",
            "cerulean_rocksdb_flushed_bytes_total");

    @Test
    void aRocksDbServerShowsItsStoresAfterTraffic() throws Exception {
        try (ServerFixture.RunningServer server = ServerFixture.ROCKSDB.start()) {
            TableClient table = table(server, "storemetrics");
            for (int i = 0; i < 20; i++) {
                table.createEntity(new TableEntity("p", "r" + i).addProperty("N", i));
            }
            table.getEntity("p", "r3");
            assertThatThrownBy(() -> table.createEntity(new TableEntity("p", "r3"))) // a failed precondition
                    .isInstanceOf(TableServiceException.class);
            BlobContainerClient container = new BlobServiceClientBuilder().connectionString(server.connectionString())
                    .buildClient().createBlobContainer("storemetrics");
            BlobClient large = container.getBlobClient("large");
            large.upload(BinaryData.fromBytes(bytes(LARGE)));
            container.getBlobClient("small").upload(BinaryData.fromBytes(bytes(SMALL)));
            assertThat(large.downloadContent().toBytes()).hasSize(LARGE);
            container.getBlobClient("small").delete();

            String scrape = scrape(server);
            assertThat(value(scrape, "cerulean_store_commit_seconds_count{outcome=\"committed\",store=\"rocksdb\"}"))
                    .isGreaterThanOrEqualTo(20);
            assertThat(scrape).contains("cerulean_store_commit_seconds_bucket{outcome=\"committed\",store=\"rocksdb\","
                    + "le=\"1.0E-4\"}");
            assertThat(scrape).contains("cerulean_store_commit_seconds_count{outcome=\"precondition_failed\","
                    + "store=\"rocksdb\"}");
            assertThat(scrape).doesNotContain("quantile=");
            assertThat(value(scrape, "cerulean_store_durable_seconds_count{store=\"rocksdb\"}")).isPositive();
            assertThat(value(scrape, "cerulean_store_group_commit_writes_count")).isPositive();
            assertThat(value(scrape, "cerulean_store_group_commit_writes_sum"))
                    .isGreaterThanOrEqualTo(value(scrape, "cerulean_store_group_commit_writes_count"));
            assertThat(scrape).contains("cerulean_store_group_commit_writes_bucket{le=\"256.0\"}");
            for (String family : ROCKSDB_FAMILIES) {
                assertThat(scrape).as(family).containsPattern("(?m)^" + Pattern.quote(family) + " ");
            }
            assertThat(value(scrape, "cerulean_rocksdb_memtable_bytes")).isPositive();
            assertThat(value(scrape, "cerulean_rocksdb_written_bytes_total")).isPositive();
            assertThat(value(scrape, "cerulean_rocksdb_write_stopped")).isZero();
            assertThat(value(scrape, "cerulean_content_written_bytes_total{store=\"files\"}"))
                    .isGreaterThanOrEqualTo(LARGE);
            assertThat(value(scrape, "cerulean_content_written_bytes_total{store=\"records\"}"))
                    .isGreaterThanOrEqualTo(SMALL);
            assertThat(value(scrape, "cerulean_content_read_bytes_total{store=\"files\"}"))
                    .isGreaterThanOrEqualTo(LARGE);
            assertThat(scrape).contains("cerulean_content_deleted_total{store=\"files\"}");
            assertThat(scrape).contains("cerulean_content_deleted_total{store=\"records\"}");
            assertThat(scrape).doesNotContain("cassandra_");
        }
    }

    @Test
    void aMemoryServerTimesItsCommitsAndHasNoRocksDb() throws Exception {
        try (ServerFixture.RunningServer server = ServerFixture.IN_MEMORY.start()) {
            TableClient table = table(server, "memmetrics");
            table.createEntity(new TableEntity("p", "r"));
            String scrape = scrape(server);
            assertThat(value(scrape, "cerulean_store_commit_seconds_count{outcome=\"committed\",store=\"memory\"}"))
                    .isPositive();
            assertThat(scrape).contains("cerulean_content_written_bytes_total{store=\"memory\"}")
                    .doesNotContain("cerulean_rocksdb_").doesNotContain("cerulean_store_group_commit_writes")
                    .doesNotContain("store=\"rocksdb\"");
        }
    }

    /** Servers in one JVM each have their own meters: a second server starts from nothing. */
    @Test
    void eachServerCountsOnlyItsOwnCommits() throws Exception {
        try (ServerFixture.RunningServer first = ServerFixture.IN_MEMORY.start()) {
            TableClient table = table(first, "firstserver");
            for (int i = 0; i < 30; i++) {
                table.createEntity(new TableEntity("p", "r" + i));
            }
            double firstCommits = value(scrape(first),
                    "cerulean_store_commit_seconds_count{outcome=\"committed\",store=\"memory\"}");
            try (ServerFixture.RunningServer second = ServerFixture.IN_MEMORY.start()) {
                double secondCommits = value(scrape(second),
                        "cerulean_store_commit_seconds_count{outcome=\"committed\",store=\"memory\"}");
                assertThat(secondCommits).isLessThan(firstCommits - 25);
            }
        }
    }

    @Test
    void theAdvisorsFindingsAreCountedByKind() throws Exception {
        AdvisorSettings low = AdvisorSettings.DEFAULTS.withWindow(Duration.ofSeconds(60))
                .withPartitionEntitiesPerSecond(20);
        try (ServerFixture.RunningServer server = ServerFixture.IN_MEMORY.start(builder -> builder.advisor(low))) {
            TableClient table = table(server, "advmetrics");
            for (int batch = 0; batch < 15; batch++) {
                List<TableTransactionAction> actions = new ArrayList<>();
                for (int i = 0; i < 100; i++) {
                    actions.add(new TableTransactionAction(TableTransactionActionType.CREATE,
                            new TableEntity("hot", String.format("%05d", batch * 100 + i))));
                }
                table.submitTransaction(actions);
            }
            String scrape = scrape(server);
            assertThat(value(scrape, "cerulean_advisor_findings{kind=\"hot-partition\"}")).isGreaterThanOrEqualTo(1);
            assertThat(scrape).doesNotContain(table.getTableName());
        }
    }

    private static TableClient table(ServerFixture.RunningServer server, String prefix) {
        TableClient table = new TableServiceClientBuilder().connectionString(server.connectionString())
                .retryOptions(SharedServers.noRetries()).buildClient()
                .getTableClient(SharedServers.uniqueTableName(prefix));
        table.createTable();
        return table;
    }

    static String scrape(ServerFixture.RunningServer server) throws Exception {
        HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
                + server.cerulean().port() + "/$metrics")).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(200);
        return response.body();
    }

    /** The value of the sample {@code series} (a name and its labels as scraped), which must be there. */
    static double value(String scrape, String series) {
        Matcher matcher = Pattern.compile("(?m)^" + Pattern.quote(series) + " (\\S+)").matcher(scrape);
        assertThat(matcher.find()).as("%s in:%n%s", series, scrape).isTrue();
        return Double.parseDouble(matcher.group(1));
    }

    private static byte[] bytes(int n) {
        byte[] bytes = new byte[n];
        new Random(n).nextBytes(bytes);
        return bytes;
    }
}
