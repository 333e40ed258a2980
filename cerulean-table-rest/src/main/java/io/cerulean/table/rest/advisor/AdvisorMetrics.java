package io.cerulean.table.rest.advisor;

import io.cerulean.table.advisor.Advisor;
import io.cerulean.table.advisor.Finding;
import io.cerulean.table.advisor.FindingKind;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.EnumMap;
import java.util.Map;

/**
 * The advisor as metrics: findings now by kind ({@code cerulean_advisor_findings{kind}}), never by
 * table, so that the labels stay bounded; and the tables watched. A scrape judges every table
 * watched, at most once a second whatever the number of gauges read.
 */
public final class AdvisorMetrics {
    private static final long REFRESH_NANOS = 1_000_000_000L;

    private final Advisor advisor;
    private Map<FindingKind, Integer> counts = new EnumMap<>(FindingKind.class);
    private long countedAt;
    private boolean counted;

    private AdvisorMetrics(Advisor advisor) {
        this.advisor = advisor;
    }

    public static void register(Advisor advisor, MeterRegistry registry) {
        AdvisorMetrics metrics = new AdvisorMetrics(advisor);
        for (FindingKind kind : FindingKind.values()) {
            Gauge.builder("cerulean.advisor.findings", metrics, m -> m.count(kind)).tag("kind", kind.wireName())
                    .strongReference(true) // a gauge holds its object weakly, and nothing else holds this one
                    .description("What the design advisor finds now, by kind, over every account's tables")
                    .register(registry);
        }
        Gauge.builder("cerulean.advisor.tables.watched", advisor, Advisor::tablesWatched).strongReference(true)
                .description("Tables the design advisor watches now").register(registry);
    }

    private synchronized double count(FindingKind kind) {
        long now = System.nanoTime();
        if (!counted || now - countedAt >= REFRESH_NANOS) {
            Map<FindingKind, Integer> fresh = new EnumMap<>(FindingKind.class);
            for (Finding finding : advisor.findings()) {
                fresh.merge(finding.kind(), 1, Integer::sum);
            }
            counts = fresh;
            countedAt = now;
            counted = true;
        }
        return counts.getOrDefault(kind, 0);
    }
}
