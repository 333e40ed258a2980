package io.cerulean.app.analytics;

import io.cerulean.blob.service.BlobService;
import io.cerulean.http.auth.Accounts;
import io.cerulean.http.properties.ServiceProperties;
import io.cerulean.http.properties.ServicePropertiesStore;
import io.cerulean.http.requestlog.RequestFacts;
import io.cerulean.http.requestlog.RequestLog;
import io.cerulean.http.requestlog.RequestLogEntry;
import io.cerulean.rest.analytics.AnalyticsService;
import io.cerulean.rest.analytics.LogLine;
import io.cerulean.table.service.TableService;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Storage Analytics for the services a server runs: each service's pipeline records its answers
 * through {@link #recorder}, which only queues them; a thread of its own reads each account's
 * service properties ({@link AnalyticsSettings}) and hands what they ask for to the log batches
 * ({@link LogBatches}: written every few seconds, or sooner past a number of lines) and to the
 * metrics ({@link MetricsBatches}: written at least once a minute). The queue is bounded: when it is
 * full a request is dropped and counted, and the server's log says how many. {@link #close} writes
 * everything still queued. Logs are written only while the Blob service is served, metrics only while
 * the Table service is.
 */
public final class StorageAnalytics implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(StorageAnalytics.class);
    /** About 64k requests: seconds of a busy server's, a few megabytes at most. */
    private static final int QUEUE_CAPACITY = 1 << 16;
    private static final int DRAIN_BATCH = 1024;
    /** How long the thread sleeps when it found nothing: requests never wake it, which would cost each a signal. */
    private static final long IDLE_NANOS = TimeUnit.MILLISECONDS.toNanos(20);
    /** How long log lines wait at most before they are written. */
    public static final Duration LOG_FLUSH = Duration.ofSeconds(5);
    /** How long metrics wait at most before they are written. */
    public static final Duration METRICS_FLUSH = Duration.ofMinutes(1);

    private record Answered(AnalyticsService service, RequestLogEntry entry) {
    }

    private final Accounts accounts;
    private final AnalyticsSettings settings;
    private final Optional<LogBatches> logs;
    private final Optional<MetricsBatches> metrics;
    private final long logFlushNanos;
    private final long metricsFlushNanos;
    /** Lock-free, so that requests on every thread share no lock; bounded by {@link #queued}. */
    private final Queue<Answered> queue = new ConcurrentLinkedQueue<>();
    private final AtomicInteger queued = new AtomicInteger();
    private final AtomicLong dropped = new AtomicLong();
    private final Thread thread;
    private volatile boolean closed;

    /**
     * @param properties each service's account properties, read from the store at every call
     * @param blobs      where logs go; empty when the Blob service is not served
     * @param tables     where metrics go; empty when the Table service is not served
     * @param flushEvery how long metrics wait at most before they are written; logs wait the less of
     *                   it and {@link #LOG_FLUSH}
     */
    public StorageAnalytics(Accounts accounts, Function<AnalyticsService, ServicePropertiesStore> properties,
                            Optional<BlobService> blobs, Optional<TableService> tables, Duration flushEvery) {
        this.accounts = accounts;
        this.settings = new AnalyticsSettings(properties);
        this.logs = blobs.map(service -> new LogBatches(new LogBlobWriter(service)));
        this.metrics = tables.map(service -> new MetricsBatches(new MetricsTableWriter(service)));
        this.metricsFlushNanos = flushEvery.toNanos();
        this.logFlushNanos = Math.min(flushEvery.toNanos(), LOG_FLUSH.toNanos());
        this.thread = new Thread(this::run, "cerulean-storage-analytics");
        thread.setDaemon(true);
        thread.start();
    }

    /** What {@code service}'s pipeline records its answers in: it queues them, and returns at once. */
    public RequestLog recorder(AnalyticsService service) {
        return new RequestLog() {
            @Override
            public void record(RequestLogEntry entry) {
                if (entry.facts() == null) {
                    return;
                }
                if (closed) {
                    dropped.incrementAndGet();
                } else if (queued.incrementAndGet() > QUEUE_CAPACITY) {
                    queued.decrementAndGet();
                    dropped.incrementAndGet();
                } else {
                    queue.add(new Answered(service, entry));
                }
            }

            @Override
            public boolean wantsFacts() {
                return true;
            }

            @Override
            public void close() {
                // The analytics are closed once, by their owner, after every server stopped.
            }

            @Override
            public String toString() {
                return "storage analytics of the " + service.logName() + " service";
            }
        };
    }

    private void run() {
        List<Answered> batch = new ArrayList<>(DRAIN_BATCH);
        long lastLogFlush = System.nanoTime();
        long lastMetricsFlush = lastLogFlush;
        while (true) {
            try {
                for (Answered next; batch.size() < DRAIN_BATCH && (next = queue.poll()) != null; ) {
                    batch.add(next);
                }
                queued.addAndGet(-batch.size());
                if (batch.isEmpty() && !closed) {
                    LockSupport.parkNanos(IDLE_NANOS);
                    if (Thread.interrupted()) {
                        return;
                    }
                } else {
                    for (Answered answered : batch) {
                        try {
                            take(answered);
                        } catch (RuntimeException e) {
                            // Its account's settings could not be read (the store cannot answer): not counted.
                            log.debug("storage analytics could not take a request: {}", e.toString());
                        }
                    }
                    batch.clear();
                }
                long lost = dropped.getAndSet(0);
                if (lost > 0) {
                    log.warn("storage analytics dropped {} requests: its queue was full", lost);
                }
                long now = System.nanoTime();
                boolean ending = closed && queue.isEmpty();
                if (ending || logs.map(LogBatches::full).orElse(false) || now - lastLogFlush >= logFlushNanos) {
                    logs.ifPresent(LogBatches::flush);
                    lastLogFlush = now;
                }
                if (ending || now - lastMetricsFlush >= metricsFlushNanos) {
                    metrics.ifPresent(MetricsBatches::flush);
                    lastMetricsFlush = now;
                }
                if (ending) {
                    return;
                }
            } catch (RuntimeException e) {
                batch.clear();
                log.warn("storage analytics could not write: {}", e.toString());
            }
        }
    }

    /** One answered request, logged and counted as its account's properties say. */
    private void take(Answered answered) {
        RequestFacts facts = answered.entry().facts();
        String account = facts.account();
        if (accounts.find(account).isEmpty() || ownWrite(answered.service(), answered.entry())) {
            return;
        }
        if (facts.operation().startsWith("Set") && facts.operation().endsWith("ServiceProperties")) {
            settings.changed(answered.service(), account);
        }
        ServiceProperties properties = settings.get(answered.service(), account);
        logs.ifPresent(batches -> batches.take(answered.service(), answered.entry(), properties.logging()));
        metrics.ifPresent(batches -> batches.take(answered.service(), answered.entry(), properties));
    }

    /** Requests to {@code $logs} and to the metrics tables are neither logged nor counted, as on Azure. */
    private static boolean ownWrite(AnalyticsService service, RequestLogEntry entry) {
        String key = LogLine.objectKey(entry.facts().account(), entry.path());
        int resource = entry.facts().account().length() + 2;
        return switch (service) {
            case BLOB -> key.startsWith("$logs", resource)
                    && (key.length() == resource + 5 || key.charAt(resource + 5) == '/');
            case TABLE -> key.regionMatches(true, resource, "$Metrics", 0, 8);
            case QUEUE -> false;
        };
    }

    /** Writes what is queued, then stops. Call it once every server that records here has stopped. */
    @Override
    public void close() {
        closed = true;
        try {
            thread.join(30_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
