package io.cerulean.cassandra.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledIfSystemProperty;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Opt-in: the CQL baseline ({@link CqlBaseline}) against a cluster, its figures printed as
 * {@code FIGURE} lines. Against a cluster of your own:
 *
 * <pre>
 * mvn -pl cerulean-cassandra-it -am test -Dtest=CqlBaselineBenchmark -Dsurefire.failIfNoSpecifiedTests=false \
 *     -Dcerulean.figures=true -Dcerulean.cql.contactPoints=10.0.0.1:9042,10.0.0.2:9042,10.0.0.3:9042 \
 *     -Dcerulean.cql.replicationFactor=3 [-Dcerulean.cql.seconds=20] [-Dcerulean.cql.concurrency=16] \
 *     [-Dcerulean.cql.datacenter=datacenter1]
 * </pre>
 *
 * Without {@code cerulean.cql.contactPoints} it runs on the test run's own single node (started by
 * {@link CassandraNodes}), with replication factor 1.
 */
@EnabledIfSystemProperty(named = "cerulean.figures", matches = "true")
@DisabledIfSystemProperty(named = "cassandra.it.threeNodes", matches = "true") // once, not again in the three-node JVM
class CqlBaselineBenchmark {
    @Test
    void conditionalInsertsAndPointReads() {
        String given = System.getProperty("cerulean.cql.contactPoints", "").strip();
        List<String> contactPoints = given.isEmpty() ? List.of(TestCluster.nodes().contactPoints().split(","))
                : Arrays.stream(given.split(",")).map(String::strip).filter(s -> !s.isEmpty()).toList();
        CqlBaseline.Settings settings = new CqlBaseline.Settings(contactPoints,
                System.getProperty("cerulean.cql.datacenter", "datacenter1"),
                Integer.getInteger("cerulean.cql.replicationFactor", 1),
                Integer.getInteger("cerulean.cql.concurrency", 16),
                Duration.ofMillis(Math.round(Double.parseDouble(System.getProperty("cerulean.cql.seconds", "10")) * 1000)));
        List<CqlBaseline.Result> results = new CqlBaseline(settings, System.out).run();
        for (CqlBaseline.Result r : results) {
            System.out.printf(Locale.ROOT, "FIGURE cql %s: %.0f ops/s p50=%.2f ms p99=%.2f ms (%d ops, %d errors)%n",
                    r.title(), r.opsPerSecond(), r.p50Millis(), r.p99Millis(), r.ops(), r.errors());
        }
        assertThat(results).allSatisfy(r -> {
            assertThat(r.ops()).as(r.title()).isPositive();
            assertThat(r.errors()).as(r.title() + " errors; first: " + r.firstError()).isZero();
        });
    }
}
