package io.cerulean.app.analytics;

import io.cerulean.http.properties.MetricsSettings;
import io.cerulean.http.properties.ServiceProperties;
import io.cerulean.http.requestlog.RequestFacts;
import io.cerulean.http.requestlog.RequestLogEntry;
import io.cerulean.rest.analytics.AnalyticsNames;
import io.cerulean.rest.analytics.AnalyticsService;
import io.cerulean.rest.analytics.RequestStatus;
import io.cerulean.rest.analytics.TransactionCounts;
import java.time.Instant;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What was counted since the metrics were last written, per account, table, period and row
 * ({@code user;All}, and {@code user;<Operation>} where the settings include APIs). Written by adding
 * to what the tables hold ({@link MetricsTableWriter}); counts that cannot be written now are kept
 * for the next flush. Used by the analytics thread alone.
 */
final class MetricsBatches {
    private static final Logger log = LoggerFactory.getLogger(MetricsBatches.class);

    private record Key(String account, String table, String partitionKey, String rowKey) {
    }

    private final MetricsTableWriter writer;
    private final Map<Key, TransactionCounts> counts = new LinkedHashMap<>();

    MetricsBatches(MetricsTableWriter writer) {
        this.writer = writer;
    }

    void take(AnalyticsService service, RequestLogEntry entry, ServiceProperties properties) {
        Instant time = Instant.ofEpochMilli(entry.epochMillis());
        count(AnalyticsNames.hourTable(service), AnalyticsNames.hourPartition(time), properties.hourMetrics(), entry);
        count(AnalyticsNames.minuteTable(service), AnalyticsNames.minutePartition(time), properties.minuteMetrics(),
                entry);
    }

    private void count(String table, String partitionKey, MetricsSettings settings, RequestLogEntry entry) {
        if (!settings.enabled()) {
            return;
        }
        RequestFacts facts = entry.facts();
        add(new Key(facts.account(), table, partitionKey, AnalyticsNames.ALL_ROW), entry);
        if (settings.includeApis()) {
            add(new Key(facts.account(), table, partitionKey, AnalyticsNames.apiRow(facts.operation())), entry);
        }
    }

    private void add(Key key, RequestLogEntry entry) {
        RequestFacts facts = entry.facts();
        double millis = entry.durationNanos() / 1e6;
        counts.computeIfAbsent(key, k -> new TransactionCounts()).record(
                RequestStatus.of(entry.status(), entry.errorCode()), facts.authType(),
                facts.requestHeaderBytes() + facts.requestBodyBytes(),
                facts.responseHeaderBytes() + entry.responseBytes(), millis, millis);
    }

    /** Adds every row's counts to its entity. */
    void flush() {
        for (Iterator<Map.Entry<Key, TransactionCounts>> it = counts.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<Key, TransactionCounts> next = it.next();
            Key key = next.getKey();
            try {
                writer.add(key.account(), key.table(), key.partitionKey(), key.rowKey(), next.getValue());
                it.remove();
            } catch (RuntimeException e) {
                log.warn("storage analytics could not write the metrics {} {} of account {}; tried again later: {}",
                        key.table(), key.partitionKey(), key.account(), e.toString());
                return;
            }
        }
    }
}
