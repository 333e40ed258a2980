package io.cerulean.it.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.util.BinaryData;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.TableServiceClientBuilder;
import com.azure.data.tables.models.TableEntity;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import io.cerulean.it.ServerFixture;
import io.cerulean.it.ServerFixture.RunningServer;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The scrape, after traffic on every service, is valid Prometheus text as Prometheus' own parser and
 * linter read it ({@code promtool check metrics}), and its labels are bounded: no account, table, queue,
 * container or blob name in any label, and no more series after 200 more tables and blobs were made and
 * read than before.
 */
class PrometheusExpositionTest {
    private static final Path PROMTOOL = Path.of("/usr/bin/promtool");
    /** In every name this test makes, so that a label carrying one is found. */
    private static final String MARK = "exposecheck";
    /**
     * Names of Micrometer's processor binder that promtool's linter questions, kept as Micrometer names
     * them so that the usual JVM dashboards find them: {@code process_cpu_time_ns_total} (a unit
     * abbreviated) and {@code system_cpu_count} (a gauge ending in {@code _count}). Every name of
     * Cerulean's own passes the linter.
     */
    private static final Set<String> MICROMETER_LINTED = Set.of("process_cpu_time_ns_total", "system_cpu_count");

    private static RunningServer server;

    @BeforeAll
    static void start() {
        server = ServerFixture.chosenOr(ServerFixture.ROCKSDB).start(builder -> builder.metricsPort(0));
        Traffic.onEveryService(server.connectionString(), MARK);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static Scrape scrape() {
        return Scrape.of(server.cerulean().metricsPort());
    }

    @Test
    void promtoolReadsTheScrapeAndLintsNoNameOfOurs() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(PROMTOOL),
                "no " + PROMTOOL + " here (Debian's prometheus package)");
        String text = scrape().text();
        Process promtool = new ProcessBuilder(PROMTOOL.toString(), "check", "metrics").redirectErrorStream(true)
                .start();
        promtool.getOutputStream().write(text.getBytes(StandardCharsets.UTF_8));
        promtool.getOutputStream().close();
        String said = new String(promtool.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(promtool.waitFor(60, TimeUnit.SECONDS)).isTrue();
        // 0: nothing to say; 3: lint problems only, listed; anything else (1): the text could not be read.
        assertThat(promtool.exitValue()).as("promtool check metrics said:%n%s", said).isIn(0, 3);
        List<String> problems = said.lines().filter(line -> !line.isBlank()).toList();
        assertThat(problems).as("what promtool lints, beyond Micrometer's own names").allSatisfy(problem ->
                assertThat(MICROMETER_LINTED).anyMatch(name -> problem.startsWith(name + " ")));
    }

    @Test
    void noLabelCarriesANameAClientGave() {
        madeAndRead(MARK + "label", 3);
        Scrape scrape = scrape();
        assertThat(scrape.samples()).isNotEmpty();
        for (Scrape.Sample sample : scrape.samples()) {
            for (String value : sample.labels().values()) {
                assertThat(value.toLowerCase(Locale.ROOT)).as("a label of %s", sample).doesNotContain(MARK)
                        .doesNotContain("devstoreaccount1");
            }
        }
    }

    @Test
    void theSeriesDoNotGrowWithTheTablesAndBlobsMade() {
        madeAndRead(MARK + "warm", 2); // every operation below seen once
        Scrape before = scrape();
        madeAndRead(MARK + "many", 200);
        Scrape after = scrape();
        assertThat(requestSeries(after)).isEqualTo(requestSeries(before));
        // The JVM's may gain a series or two (a new GC cause), never one per table or blob.
        assertThat(after.samples().size()).isLessThan(before.samples().size() + 20);
    }

    private static long requestSeries(Scrape scrape) {
        return scrape.samples().stream().filter(sample -> sample.name().startsWith("cerulean_request")).count();
    }

    /** {@code count} tables with an entity, and as many containers with a blob, each read back. */
    private static void madeAndRead(String prefix, int count) {
        TableServiceClient tables = new TableServiceClientBuilder().connectionString(server.connectionString())
                .buildClient();
        BlobContainerClient container = new BlobServiceClientBuilder().connectionString(server.connectionString())
                .buildClient().getBlobContainerClient(prefix);
        container.create();
        for (int i = 0; i < count; i++) {
            String table = prefix + i;
            tables.createTable(table);
            tables.getTableClient(table).createEntity(new TableEntity("p", "r"));
            tables.getTableClient(table).getEntity("p", "r");
            container.getBlobClient("blob-" + prefix + "-" + i).upload(BinaryData.fromString("content " + i));
            container.getBlobClient("blob-" + prefix + "-" + i).downloadStream(new ByteArrayOutputStream());
        }
    }
}
