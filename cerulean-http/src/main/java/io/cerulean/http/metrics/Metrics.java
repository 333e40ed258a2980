package io.cerulean.http.metrics;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * Where the server records its metrics, and how to render them for {@code GET /$metrics}
 * (Prometheus text format when the registry is a Prometheus one).
 *
 * @param onServicePorts whether every service's port answers {@code /$metrics}; when not, only a port of
 *                       their own does ({@link MetricsHandler}), and a service treats the path as any other
 */
public record Metrics(MeterRegistry registry, Supplier<String> scrape, boolean onServicePorts) {
    public Metrics {
        Objects.requireNonNull(registry, "registry");
        Objects.requireNonNull(scrape, "scrape");
    }

    /** Metrics served on every service's port. */
    public Metrics(MeterRegistry registry, Supplier<String> scrape) {
        this(registry, scrape, true);
    }

    /** Metrics kept in memory and not served: for tests and embedders who do not want them. */
    public static Metrics discarded() {
        return new Metrics(new SimpleMeterRegistry(), () -> "");
    }
}
