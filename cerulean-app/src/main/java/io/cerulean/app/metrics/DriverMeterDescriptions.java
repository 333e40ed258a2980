package io.cerulean.app.metrics;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.config.MeterFilter;
import java.util.Map;

/**
 * Descriptions for the Cassandra driver's meters, which it registers without any: Prometheus' HELP
 * lines, so that a scrape passes {@code promtool check metrics} and says what each family is.
 */
final class DriverMeterDescriptions implements MeterFilter {
    private static final Map<String, String> DESCRIPTIONS = Map.ofEntries(
            Map.entry("cassandra.session.cql-requests", "CQL requests as the session saw them, retries included"),
            Map.entry("cassandra.session.cql-client-timeouts", "CQL requests that got no answer in time"),
            Map.entry("cassandra.session.bytes-sent", "Bytes sent to the cluster"),
            Map.entry("cassandra.session.bytes-received", "Bytes received from the cluster"),
            Map.entry("cassandra.session.connected-nodes", "Nodes the session is connected to"),
            Map.entry("cassandra.nodes.pool.open-connections", "Connections open to the node"),
            Map.entry("cassandra.nodes.pool.in-flight", "Requests sent to the node and not yet answered"),
            Map.entry("cassandra.nodes.cql-messages", "The node's answer time"),
            Map.entry("cassandra.nodes.errors.request.unavailables", "Requests refused for too few live replicas"),
            Map.entry("cassandra.nodes.errors.request.write-timeouts", "Writes whose replicas did not answer in time"),
            Map.entry("cassandra.nodes.errors.request.read-timeouts", "Reads whose replicas did not answer in time"),
            Map.entry("cassandra.nodes.errors.request.others", "Requests that failed otherwise"),
            Map.entry("cassandra.nodes.errors.connection.init", "Connections to the node that failed to open"));

    @Override
    public Meter.Id map(Meter.Id id) {
        if (id.getDescription() != null || !id.getName().startsWith("cassandra.")) {
            return id;
        }
        String description = DESCRIPTIONS.getOrDefault(id.getName(), "The Cassandra driver's " + id.getName());
        return new Meter.Id(id.getName(), Tags.of(id.getTagsAsIterable()), id.getBaseUnit(), description,
                id.getType());
    }
}
