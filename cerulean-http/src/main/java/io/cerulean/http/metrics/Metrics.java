package io.cerulean.http.metrics;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * Where the server records its metrics, and how to render them for {@code GET /$metrics}
 * (Prometheus text format when the registry is a Prometheus one).
 */
public record Metrics(MeterRegistry registry, Supplier<String> scrape) {
    public Metrics {
        Objects.requireNonNull(registry, "registry");
        Objects.requireNonNull(scrape, "scrape");
    }

    /** Metrics kept in memory and not served: for tests and embedders who do not want them. */
    public static Metrics discarded() {
        return new Metrics(new SimpleMeterRegistry(), () -> "");
    }
}
