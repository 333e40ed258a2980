package io.cerulean.app.analytics;

import io.cerulean.blob.error.BlobError;
import io.cerulean.blob.model.Conditions;
import io.cerulean.blob.service.BlobAddress;
import io.cerulean.blob.service.BlobList;
import io.cerulean.blob.service.BlobService;
import io.cerulean.blob.service.DeleteSnapshots;
import io.cerulean.blob.service.Include;
import io.cerulean.blob.service.ListPosition;
import io.cerulean.blob.service.ListedBlob;
import io.cerulean.blob.service.ListedItem;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.auth.Account;
import io.cerulean.http.auth.Accounts;
import io.cerulean.http.properties.RetentionPolicy;
import io.cerulean.http.properties.ServiceProperties;
import io.cerulean.http.properties.ServicePropertiesStore;
import io.cerulean.rest.analytics.AnalyticsNames;
import io.cerulean.rest.analytics.AnalyticsService;
import io.cerulean.table.service.TableService;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * The retention of Storage Analytics: log blobs whose hour, and metrics entities whose period, ended
 * more than the {@code RetentionPolicy}'s days ago (by {@code clock}) are deleted, per account and
 * service, as each service's properties say now; nothing is deleted where the policy is off. Removes
 * through the services' own APIs; a sweep that another server runs at the same time deletes the same
 * things, harmlessly.
 */
public final class AnalyticsRetention {
    private static final int PAGE = 1000;

    private final Accounts accounts;
    private final Function<AnalyticsService, ServicePropertiesStore> properties;
    private final Optional<BlobService> blobs;
    private final Optional<TableService> tables;
    private final Clock clock;

    public AnalyticsRetention(Accounts accounts, Function<AnalyticsService, ServicePropertiesStore> properties,
                              Optional<BlobService> blobs, Optional<TableService> tables, Clock clock) {
        this.accounts = accounts;
        this.properties = properties;
        this.blobs = blobs;
        this.tables = tables;
        this.clock = clock;
    }

    /** One sweep of every account and service; returns how many blobs and entities it deleted. */
    public long sweep() {
        Instant now = clock.instant();
        long removed = 0;
        for (Account account : accounts.all()) {
            for (AnalyticsService service : AnalyticsService.values()) {
                ServiceProperties settings = properties.apply(service).get(account.name());
                RetentionPolicy logs = settings.logging().retentionPolicy();
                if (logs.enabled() && blobs.isPresent()) {
                    removed += sweepLogs(blobs.get(), account.name(), service, cutoff(now, logs));
                }
                RetentionPolicy hours = settings.hourMetrics().retentionPolicy();
                if (hours.enabled() && tables.isPresent()) {
                    removed += sweepMetrics(tables.get(), account.name(), AnalyticsNames.hourTable(service),
                            cutoff(now, hours), Duration.ofHours(1));
                }
                if (service == AnalyticsService.BLOB && hours.enabled() && tables.isPresent()) {
                    // The capacity table is kept as long as the hour metrics.
                    removed += sweepMetrics(tables.get(), account.name(), AnalyticsNames.CAPACITY_TABLE,
                            cutoff(now, hours), Duration.ofDays(1));
                }
                RetentionPolicy minutes = settings.minuteMetrics().retentionPolicy();
                if (minutes.enabled() && tables.isPresent()) {
                    removed += sweepMetrics(tables.get(), account.name(), AnalyticsNames.minuteTable(service),
                            cutoff(now, minutes), Duration.ofMinutes(1));
                }
            }
        }
        return removed;
    }

    private static Instant cutoff(Instant now, RetentionPolicy policy) {
        return now.minus(Duration.ofDays(policy.days()));
    }

    private static long sweepLogs(BlobService blobs, String account, AnalyticsService service, Instant cutoff) {
        List<String> expired = new ArrayList<>();
        Optional<ListPosition> from = Optional.empty();
        try {
            do {
                BlobList list = blobs.listBlobs(account, AnalyticsNames.LOGS_CONTAINER, service.logName() + "/", null,
                        from, PAGE, Include.NONE);
                for (ListedBlob item : list.items()) {
                    if (item instanceof ListedItem listed && AnalyticsNames.logBlobHour(listed.name())
                            .filter(hour -> !hour.plus(Duration.ofHours(1)).isAfter(cutoff)).isPresent()) {
                        expired.add(listed.name());
                    }
                }
                from = list.next();
            } while (from.isPresent());
        } catch (ServiceException e) {
            if (e.errorCode() == BlobError.CONTAINER_NOT_FOUND) {
                return 0;
            }
            throw e;
        }
        long removed = 0;
        for (String name : expired) {
            try {
                blobs.deleteBlob(BlobAddress.of(account, AnalyticsNames.LOGS_CONTAINER, name), DeleteSnapshots.INCLUDE,
                        Conditions.NONE, null);
                removed++;
            } catch (ServiceException e) {
                if (e.errorCode() != BlobError.BLOB_NOT_FOUND) {
                    throw e;
                }
            }
        }
        return removed;
    }

    private static long sweepMetrics(TableService tables, String account, String tableName, Instant cutoff,
                                     Duration period) {
        // Periods are the partitions, in time order: the expired ones sort before the cutoff's minute.
        return tables.reserved().deletePartitions(account, tableName, AnalyticsNames.minutePartition(cutoff),
                partition -> AnalyticsNames.periodStart(partition)
                        .filter(start -> !start.plus(period).isAfter(cutoff)).isPresent());
    }
}
