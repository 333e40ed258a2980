package io.cerulean.store.cassandra;

import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.ProgrammaticDriverConfigLoaderBuilder;
import com.datastax.oss.driver.api.core.metrics.DefaultNodeMetric;
import com.datastax.oss.driver.api.core.metrics.DefaultSessionMetric;
import java.time.Duration;
import java.util.List;

/**
 * The driver's own metrics, as the server's registry receives them ({@code cassandra_*} on
 * {@code /$metrics}): what the session sent and received and how long requests took, and per node
 * its connections, requests in flight and errors. Labelled {@code session} (always
 * {@value #SESSION_NAME}, not the driver's per-JVM counter) and {@code node} (the node's address,
 * bounded by the cluster's size), nothing else. Latencies are histograms with fixed buckets, as the
 * server's own, not the driver's default of a hundred buckets per node.
 */
final class DriverMetrics {
    static final String SESSION_NAME = "cerulean";

    private static final List<String> SESSION = List.of(DefaultSessionMetric.CQL_REQUESTS.getPath(),
            DefaultSessionMetric.CQL_CLIENT_TIMEOUTS.getPath(), DefaultSessionMetric.BYTES_SENT.getPath(),
            DefaultSessionMetric.BYTES_RECEIVED.getPath(), DefaultSessionMetric.CONNECTED_NODES.getPath());
    private static final List<String> NODE = List.of(DefaultNodeMetric.OPEN_CONNECTIONS.getPath(),
            DefaultNodeMetric.IN_FLIGHT.getPath(), DefaultNodeMetric.CQL_MESSAGES.getPath(),
            DefaultNodeMetric.UNAVAILABLES.getPath(), DefaultNodeMetric.WRITE_TIMEOUTS.getPath(),
            DefaultNodeMetric.READ_TIMEOUTS.getPath(), DefaultNodeMetric.OTHER_ERRORS.getPath(),
            DefaultNodeMetric.CONNECTION_INIT_ERRORS.getPath());
    private static final List<Duration> BUCKETS = List.of(Duration.ofMillis(1), Duration.ofMillis(2),
            Duration.ofMillis(5), Duration.ofMillis(10), Duration.ofMillis(25), Duration.ofMillis(50),
            Duration.ofMillis(100), Duration.ofMillis(250), Duration.ofMillis(500), Duration.ofSeconds(1),
            Duration.ofMillis(2_500), Duration.ofSeconds(5));

    private DriverMetrics() {
    }

    /** Turns the metrics on in {@code options}; the session is built with the registry to put them in. */
    static void enable(ProgrammaticDriverConfigLoaderBuilder options) {
        options.withString(DefaultDriverOption.SESSION_NAME, SESSION_NAME)
                .withString(DefaultDriverOption.METRICS_FACTORY_CLASS, "MicrometerMetricsFactory")
                .withString(DefaultDriverOption.METRICS_ID_GENERATOR_CLASS, "TaggingMetricIdGenerator")
                .withString(DefaultDriverOption.METRICS_ID_GENERATOR_PREFIX, "cassandra")
                .withStringList(DefaultDriverOption.METRICS_SESSION_ENABLED, SESSION)
                .withStringList(DefaultDriverOption.METRICS_NODE_ENABLED, NODE)
                .withBoolean(DefaultDriverOption.METRICS_GENERATE_AGGREGABLE_HISTOGRAMS, false)
                .withDurationList(DefaultDriverOption.METRICS_SESSION_CQL_REQUESTS_SLO, BUCKETS)
                .withDurationList(DefaultDriverOption.METRICS_NODE_CQL_MESSAGES_SLO, BUCKETS);
    }
}
