package io.cerulean.app;

import io.cerulean.app.metrics.StoreMeters;
import io.cerulean.http.health.HealthHandler;
import io.cerulean.http.health.Readiness;
import io.cerulean.http.metrics.Metrics;
import io.cerulean.http.metrics.MetricsHandler;
import io.cerulean.http.metrics.ProcessMetrics;
import io.cerulean.http.server.HttpServer;
import io.cerulean.http.server.PortInUseException;
import io.cerulean.http.server.ServerConfig;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;

/**
 * The server's metrics: one Prometheus registry with the JVM's and the process's meters bound, which
 * every service records into, served at {@code /$metrics} on every service's port unless
 * {@code onServicePorts} is off, and on a port of its own when {@code port} is set (0 picks a free one).
 */
final class MetricsServing implements AutoCloseable {
    /** How a Cerulean serves its metrics; {@code port} null for no port of their own. */
    record Settings(Integer port, boolean onServicePorts) {
        static final Settings DEFAULTS = new Settings(null, true);
    }

    private final PrometheusMeterRegistry registry = newRegistry();
    private final ProcessMetrics process = ProcessMetrics.bindTo(registry);
    private final Settings settings;
    private HttpServer server; // null without a port of its own, or until started

    MetricsServing(Settings settings) {
        this.settings = settings;
    }

    /** A registry with its filters configured before any meter is registered, as Micrometer wants. */
    private static PrometheusMeterRegistry newRegistry() {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        registry.config().meterFilter(StoreMeters.driverDescriptions());
        return registry;
    }

    /** Where the services record, and whether their ports serve the scrape. */
    Metrics metrics() {
        return new Metrics(registry, registry::scrape, settings.onServicePorts());
    }

    PrometheusMeterRegistry registry() {
        return registry;
    }

    /**
     * Starts the metrics' own port, if one is set, with the services' host and TLS and a single worker;
     * it answers the health checks too, so that one port can serve a balancer and a scraper.
     *
     * @throws PortInUseException when the port is taken
     */
    void startPort(ServerConfig services, Readiness readiness) {
        if (settings.port() == null) {
            return;
        }
        ServerConfig config = new ServerConfig(services.host(), settings.port(), 1, services.tls(), services.limits());
        try {
            server = HttpServer.start(config, HealthHandler.serving(new MetricsHandler(registry::scrape), readiness));
        } catch (PortInUseException e) {
            throw e.explained("the metrics port", "choose another with --metrics-port");
        }
    }

    /** The metrics' own port. @throws IllegalStateException when they have none */
    int port() {
        if (server == null) {
            throw new IllegalStateException("this Cerulean serves no metrics port; set one with metricsPort(int)");
        }
        return server.port();
    }

    @Override
    public void close() {
        try {
            if (server != null) {
                server.close();
            }
        } finally {
            process.close();
            registry.close();
        }
    }
}
