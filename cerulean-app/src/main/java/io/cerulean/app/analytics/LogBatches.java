package io.cerulean.app.analytics;

import io.cerulean.http.properties.LoggingSettings;
import io.cerulean.http.requestlog.RequestLogEntry;
import io.cerulean.rest.analytics.AnalyticsService;
import io.cerulean.rest.analytics.LogCategory;
import io.cerulean.rest.analytics.LogLine;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.EnumSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Log lines waiting to be written, one batch per account, service and hour: each batch becomes one
 * log blob ({@link LogBlobWriter}). A batch that cannot be written (the store cannot answer) is
 * logged and dropped, so that the store's trouble does not pile up in memory. Used by the analytics
 * thread alone.
 */
final class LogBatches {
    private static final Logger log = LoggerFactory.getLogger(LogBatches.class);
    /** Lines held at most before they are written, whatever the time. */
    static final int MAX_LINES = 10_000;

    private static final class Batch {
        final StringBuilder lines = new StringBuilder();
        final Set<LogCategory> categories = EnumSet.noneOf(LogCategory.class);
        Instant start;
        Instant end;
    }

    private record Key(String account, AnalyticsService service, Instant hour) {
    }

    private final LogBlobWriter writer;
    private final Map<Key, Batch> batches = new LinkedHashMap<>();
    private int lines;

    LogBatches(LogBlobWriter writer) {
        this.writer = writer;
    }

    /** Adds the request's line if {@code settings} log its kind. */
    void take(AnalyticsService service, RequestLogEntry entry, LoggingSettings settings) {
        LogCategory category = LogCategory.of(entry.facts());
        if (!category.loggedBy(settings)) {
            return;
        }
        Instant time = Instant.ofEpochMilli(entry.epochMillis());
        Batch batch = batches.computeIfAbsent(new Key(entry.facts().account(), service,
                time.truncatedTo(ChronoUnit.HOURS)), key -> new Batch());
        batch.lines.append(LogLine.format(entry, service)).append('\n');
        batch.categories.add(category);
        batch.start = batch.start == null || time.isBefore(batch.start) ? time : batch.start;
        batch.end = batch.end == null || time.isAfter(batch.end) ? time : batch.end;
        lines++;
    }

    boolean full() {
        return lines >= MAX_LINES;
    }

    /** Writes every batch as a blob of its own. */
    void flush() {
        for (Iterator<Map.Entry<Key, Batch>> it = batches.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<Key, Batch> next = it.next();
            Key key = next.getKey();
            Batch batch = next.getValue();
            it.remove();
            try {
                writer.write(key.account(), key.service(), key.hour(), batch.lines.toString(),
                        batch.categories.stream().map(LogCategory::metadataName).collect(Collectors.joining(",")),
                        batch.start, batch.end);
            } catch (RuntimeException e) {
                log.warn("storage analytics could not write {} log lines of account {}: {}",
                        batch.lines.chars().filter(c -> c == '\n').count(), key.account(), e.toString());
            }
        }
        lines = 0;
    }
}
