package io.cerulean.cassandra.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledIfSystemProperty;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Opt-in: the figures of Cerulean on Cassandra, all in one run of one harness on one machine.
 * {@code cerulean bench} (W1-W8) against a server on RocksDB; against one on a single Cassandra
 * node; against three nodes (replication factor 3) through one server and through two; and the
 * CQL baseline ({@link CqlBaseline}) on one node and on three. Results go to the console and to
 * {@code target/cluster-figures.csv}; node start times to {@code target/cassandra-timings.txt}.
 *
 * <pre>
 * mvn -B verify -pl cerulean-cassandra-it -am -Dtest=ClusterFigures -Dsurefire.failIfNoSpecifiedTests=false \
 *     -Dcerulean.figures=true [-Dcerulean.figures.entities=10000] [-Dcerulean.figures.seconds=10] \
 *     [-Dcerulean.figures.setups=rocksdb,one-node,three-nodes] [-Dcerulean.figures.only=W1,W2] \
 *     [-Dcerulean.server.jvmOptions=-XX:StartFlightRecording=filename=target/server.jfr]
 * </pre>
 */
@EnabledIfSystemProperty(named = "cerulean.figures", matches = "true")
@DisabledIfSystemProperty(named = "cassandra.it.threeNodes", matches = "true") // once, not again in the three-node JVM
class ClusterFigures {
    private static final Path LAUNCHER = Path.of("..", "cerulean-app", "target", "cerulean").toAbsolutePath();
    private static final Path CSV = Path.of("target", "cluster-figures.csv").toAbsolutePath();
    private static final int ENTITIES = Integer.getInteger("cerulean.figures.entities", 10_000);
    private static final int SECONDS = Integer.getInteger("cerulean.figures.seconds", 10);
    private static final List<String> SETUPS = List.of(
            System.getProperty("cerulean.figures.setups", "rocksdb,one-node,three-nodes").split(","));
    private static final String ONLY = System.getProperty("cerulean.figures.only", "");

    @Test
    void benchOnRocksDbOneNodeAndThreeNodesThroughOneAndTwoServers() throws Exception {
        Files.deleteIfExists(CSV);
        if (SETUPS.contains("rocksdb")) {
            Path rocksDb = Files.createTempDirectory("cerulean-figures");
            try (ServerProcess server = ServerProcess.startOnRocksDb("rocksdb", rocksDb)) {
                bench("rocksdb", List.of(server));
            }
        }
        if (SETUPS.contains("one-node")) {
            CassandraNodes one = CassandraNodes.cluster(1);
            String keyspace = TestCluster.newKeyspace("figures");
            try (ServerProcess server = ServerProcess.start("one-node", one, keyspace, 1)) {
                bench("one-node", List.of(server));
            }
            baseline(one, 1);
        }
        if (!SETUPS.contains("three-nodes")) {
            return;
        }
        CassandraNodes three = CassandraNodes.cluster(3);
        String shared = TestCluster.newKeyspace("figures");
        try (ServerProcess a = ServerProcess.start("three-a", three, shared, 3);
             ServerProcess b = ServerProcess.start("three-b", three, shared, 3)) {
            bench("three-nodes-one-server", List.of(a));
            bench("three-nodes-two-servers", List.of(a, b));
        }
        baseline(three, 3);
    }

    /**
     * Runs {@code cerulean bench} as its own process against {@code servers}. A failed check (exit 1)
     * is printed by the bench and kept in the figures: through two servers, Paxos contention on the
     * same partitions makes a few writes answer 503 ServerBusy, which the SDKs retry and the bench
     * counts as errors. Anything else (unreachable, refused, a bad option) ends the run.
     */
    private static void bench(String label, List<ServerProcess> servers) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(LAUNCHER.toString(), "bench",
                servers.stream().map(ServerProcess::endpoint).collect(Collectors.joining(",")),
                "--server-pid", servers.stream().map(s -> Long.toString(s.pid())).collect(Collectors.joining(",")),
                "--entities", Integer.toString(ENTITIES), "--seconds", Integer.toString(SECONDS),
                "--csv", CSV.toString(), "--label", label));
        if (!ONLY.isEmpty()) {
            command.addAll(List.of("--only", ONLY));
        }
        System.out.println("== " + label + ": " + String.join(" ", command));
        Process bench = new ProcessBuilder(command).inheritIO().start();
        assertThat(bench.waitFor()).as("cerulean bench exit code (" + label + ")").isIn(0, 1);
    }

    private static void baseline(CassandraNodes nodes, int replication) {
        CqlBaseline.Settings settings = new CqlBaseline.Settings(List.of(nodes.contactPoints().split(",")),
                "datacenter1", replication, 16, Duration.ofSeconds(SECONDS));
        System.out.println("== CQL baseline on " + nodes.size() + " node(s)");
        for (CqlBaseline.Result r : new CqlBaseline(settings, System.out).run()) {
            System.out.printf(Locale.ROOT, "FIGURE cql %d node(s) %s: %.0f ops/s p50=%.2f ms p99=%.2f ms%n",
                    nodes.size(), r.title(), r.opsPerSecond(), r.p50Millis(), r.p99Millis());
            assertThat(r.errors()).as(r.title() + " errors; first: " + r.firstError()).isZero();
        }
    }
}
