package io.cerulean.app;

import io.cerulean.app.analytics.AnalyticsRetention;
import io.cerulean.app.analytics.CapacityMetrics;
import io.cerulean.app.analytics.StorageAnalytics;
import io.cerulean.blob.service.BlobService;
import io.cerulean.http.auth.Accounts;
import io.cerulean.http.properties.ServicePropertiesStore;
import io.cerulean.http.requestlog.RequestLog;
import io.cerulean.rest.StoredServiceProperties;
import io.cerulean.rest.analytics.AnalyticsService;
import io.cerulean.storage.database.Database;
import io.cerulean.table.service.TableService;
import java.time.Clock;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Storage Analytics built on the services a server runs: logs through its Blob service, metrics
 * through its Table service, each account's settings read from every service's stored properties,
 * and the sweep that writes the day's Blob capacity and applies their retention.
 */
final class AnalyticsAssembly implements AutoCloseable {
    /** How often analytics write and sweep, and the clock retention is judged by. */
    record Settings(Duration flushEvery, Duration sweepEvery, Clock retentionClock) {
        static final Settings DEFAULTS = new Settings(StorageAnalytics.METRICS_FLUSH, Duration.ofHours(1),
                Clock.systemUTC());

        Settings {
            Objects.requireNonNull(retentionClock, "retentionClock");
            if (flushEvery.isNegative() || flushEvery.isZero() || sweepEvery.isNegative() || sweepEvery.isZero()) {
                throw new IllegalArgumentException("analytics intervals are positive: " + flushEvery + ", " + sweepEvery);
            }
        }
    }

    private final StorageAnalytics analytics;
    private final Sweeper sweeper;

    private AnalyticsAssembly(StorageAnalytics analytics, Sweeper sweeper) {
        this.analytics = analytics;
        this.sweeper = sweeper;
    }

    static AnalyticsAssembly start(Accounts accounts, Database database,
                                   Map<Cerulean.Service, ServiceAssembly.Assembled> services, Settings settings) {
        Map<AnalyticsService, ServicePropertiesStore> properties = new EnumMap<>(AnalyticsService.class);
        for (AnalyticsService service : AnalyticsService.values()) {
            // Never this server's cache: the service's own operations change them.
            properties.put(service, new ServicePropertiesStore(new StoredServiceProperties(database.records(),
                    service.logName(), false)));
        }
        Optional<BlobService> blobs = semantics(services, Cerulean.Service.BLOB, BlobService.class);
        Optional<TableService> tables = semantics(services, Cerulean.Service.TABLE, TableService.class);
        StorageAnalytics analytics = new StorageAnalytics(accounts, properties::get, blobs, tables,
                settings.flushEvery());
        AnalyticsRetention retention = new AnalyticsRetention(accounts, properties::get, blobs, tables,
                settings.retentionClock());
        // Capacity needs both services: it counts blobs and writes to a table. Retention goes first, so
        // that a count the store cannot finish never holds it up.
        Optional<CapacityMetrics> capacity = blobs.flatMap(blob -> tables.map(table ->
                new CapacityMetrics(accounts, properties::get, blob, table, settings.retentionClock())));
        return new AnalyticsAssembly(analytics, Sweeper.start("analytics",
                "Storage Analytics capacity entities written and logs and metrics past their retention",
                () -> retention.sweep() + capacity.map(CapacityMetrics::record).orElse(0L), settings.sweepEvery()));
    }

    private static <S> Optional<S> semantics(Map<Cerulean.Service, ServiceAssembly.Assembled> services,
                                             Cerulean.Service service, Class<S> type) {
        return Optional.ofNullable(services.get(service)).map(ServiceAssembly.Assembled::semantics)
                .filter(type::isInstance).map(type::cast);
    }

    /** What {@code service}'s pipeline records its answers in for Storage Analytics. */
    RequestLog recorder(Cerulean.Service service) {
        return analytics.recorder(AnalyticsService.valueOf(service.name()));
    }

    /** Stops the sweep, then writes what is still held; the services stay open. */
    @Override
    public void close() {
        sweeper.close();
        analytics.close();
    }
}
