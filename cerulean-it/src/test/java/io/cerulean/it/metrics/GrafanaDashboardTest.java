package io.cerulean.it.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.cerulean.it.ServerFixture;
import io.cerulean.it.ServerFixture.RunningServer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every metric the Grafana dashboard ({@code docs/grafana/cerulean-dashboard.json}) reads is one a
 * server serves at {@code /$metrics} once it has had traffic on every service: the dashboard shows no
 * empty panel for a name that does not exist. A name of one store only is required on that store
 * ({@code cerulean_rocksdb_*} on RocksDB, {@code cassandra_*} on Cassandra: run this class with
 * {@code -Dcerulean.it.store=CASSANDRA} for those).
 */
class GrafanaDashboardTest {
    static final Path DASHBOARD = Path.of("..", "docs", "grafana", "cerulean-dashboard.json");
    /** Names only a server on that store serves. */
    private static final Map<ServerFixture, Set<String>> STORE_PREFIXES = Map.of(
            ServerFixture.ROCKSDB, Set.of("cerulean_rocksdb_", "cerulean_store_group_commit_"),
            ServerFixture.CASSANDRA, Set.of("cassandra_"));

    @Test
    void everyNameAPanelReadsIsServed() throws Exception {
        ServerFixture store = ServerFixture.chosenOr(ServerFixture.ROCKSDB);
        Set<String> used = namesUsed(expressions());
        assertThat(used).contains("cerulean_requests_seconds_bucket", "cerulean_request_errors_total",
                "cerulean_requests_in_flight", "jvm_memory_used_bytes", "process_cpu_usage");
        Scrape scrape;
        try (RunningServer server = store.start()) {
            Traffic.onEveryService(server.connectionString(), "dashboard");
            System.gc(); // so that a GC pause has been recorded
            scrape = Scrape.of(server.cerulean().port());
            for (int i = 0; i < 50 && !scrape.names().contains("jvm_gc_pause_seconds_count"); i++) {
                Thread.sleep(100); // GC notifications arrive on a thread of their own
                scrape = Scrape.of(server.cerulean().port());
            }
        }
        Set<String> served = scrape.names();
        Set<String> missing = new TreeSet<>();
        for (String name : used) {
            if (!served.contains(name) && requiredOn(store, name)) {
                missing.add(name);
            }
        }
        assertThat(missing).as("names the dashboard reads that %s does not serve", store).isEmpty();
    }

    @Test
    void everyExpressionIsPromQlThatPrometheusReads(@TempDir Path dir) throws Exception {
        Path promtool = Path.of("/usr/bin/promtool");
        Assumptions.assumeTrue(Files.isExecutable(promtool), "no " + promtool + " here (Debian's prometheus package)");
        // Each expression as a recording rule, Grafana's variables given values, for promtool to parse.
        StringBuilder rules = new StringBuilder("groups:\n  - name: dashboard\n    rules:\n");
        List<String> expressions = expressions();
        for (int i = 0; i < expressions.size(); i++) {
            String expr = expressions.get(i).replace("$__rate_interval", "5m").replace("$service", ".*");
            rules.append("      - record: dashboard:panel_").append(i).append("\n        expr: '")
                    .append(expr.replace("'", "''")).append("'\n");
        }
        Path file = Files.writeString(dir.resolve("dashboard-rules.yml"), rules);
        Process check = new ProcessBuilder(promtool.toString(), "check", "rules", file.toString())
                .redirectErrorStream(true).start();
        String said = new String(check.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(check.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(check.exitValue()).as("promtool check rules said:%n%s", said).isZero();
    }

    private static boolean requiredOn(ServerFixture store, String name) {
        for (Map.Entry<ServerFixture, Set<String>> entry : STORE_PREFIXES.entrySet()) {
            if (entry.getKey() != store && entry.getValue().stream().anyMatch(name::startsWith)) {
                return false;
            }
        }
        return true;
    }

    /** Every panel's {@code expr}, rows' panels included. */
    static List<String> expressions() throws IOException {
        List<String> expressions = new ArrayList<>();
        try (JsonParser json = new JsonFactory().createParser(DASHBOARD.toFile())) {
            for (JsonToken token = json.nextToken(); token != null; token = json.nextToken()) {
                if (token == JsonToken.FIELD_NAME && json.currentName().equals("expr")) {
                    json.nextToken();
                    expressions.add(json.getText());
                }
            }
        }
        assertThat(expressions).as("the dashboard's expressions").hasSizeGreaterThan(20);
        return expressions;
    }

    private static Set<String> namesUsed(List<String> expressions) {
        Set<String> names = new TreeSet<>();
        expressions.forEach(expr -> names.addAll(PromQlNames.of(expr)));
        return names;
    }
}
