package io.cerulean.app.analytics;

import io.cerulean.blob.error.BlobError;
import io.cerulean.blob.model.BlobProperties;
import io.cerulean.blob.model.ContainerProperties;
import io.cerulean.blob.service.BlobAddress;
import io.cerulean.blob.service.BlobList;
import io.cerulean.blob.service.BlobService;
import io.cerulean.blob.service.Block;
import io.cerulean.blob.service.Containers;
import io.cerulean.blob.service.Include;
import io.cerulean.blob.service.ListPosition;
import io.cerulean.blob.service.ListedBlob;
import io.cerulean.blob.service.ListedItem;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.auth.Account;
import io.cerulean.http.auth.Accounts;
import io.cerulean.http.properties.ServicePropertiesStore;
import io.cerulean.rest.analytics.AnalyticsNames;
import io.cerulean.rest.analytics.AnalyticsService;
import io.cerulean.table.model.PropertyValue;
import io.cerulean.table.service.TableService;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The Blob service's capacity metrics ({@code $MetricsCapacityBlob}): once a day (by {@code clock}),
 * for each account whose Blob service has hour metrics enabled, an entity of the day
 * ({@code 20261129T0000}) with RowKey {@code data} (every container but {@code $logs}) and
 * {@code analytics} (the {@code $logs} container): {@code Capacity} (bytes of committed blobs, their
 * snapshots and previous versions, and the staged blocks of blobs with nothing committed),
 * {@code ContainerCount} and {@code ObjectCount} (blobs, committed or with staged blocks only;
 * snapshots and versions are not objects of their own). Read through the
 * Blob service's own API a page at a time, so an account of any size is counted in bounded memory.
 * A day already written (by this server or another sharing the store) is not counted again.
 */
public final class CapacityMetrics {
    private static final int PAGE = 1000;
    private static final Include EVERYTHING = new Include(true, true, true, false);

    private record Figures(long capacity, long containers, long objects) {
        Figures plus(Figures other) {
            return new Figures(capacity + other.capacity, containers + other.containers, objects + other.objects);
        }
    }

    private final Accounts accounts;
    private final Function<AnalyticsService, ServicePropertiesStore> properties;
    private final BlobService blobs;
    private final TableService tables;
    private final Clock clock;

    public CapacityMetrics(Accounts accounts, Function<AnalyticsService, ServicePropertiesStore> properties,
                           BlobService blobs, TableService tables, Clock clock) {
        this.accounts = accounts;
        this.properties = properties;
        this.blobs = blobs;
        this.tables = tables;
        this.clock = clock;
    }

    /** Writes today's capacity of each account that asks for it and has none yet; returns how many entities. */
    public long record() {
        String day = AnalyticsNames.dayPartition(clock.instant());
        long written = 0;
        for (Account account : accounts.all()) {
            String name = account.name();
            if (!properties.apply(AnalyticsService.BLOB).get(name).hourMetrics().enabled()
                    || tables.reserved().contains(name, AnalyticsNames.CAPACITY_TABLE, day,
                    AnalyticsNames.CAPACITY_ANALYTICS_ROW)) {
                continue;
            }
            // The data row first, the analytics row last: a day with its last row written is complete.
            write(name, day, AnalyticsNames.CAPACITY_DATA_ROW, data(name));
            write(name, day, AnalyticsNames.CAPACITY_ANALYTICS_ROW,
                    container(name, AnalyticsNames.LOGS_CONTAINER).orElse(new Figures(0, 0, 0)));
            written += 2;
        }
        return written;
    }

    private Figures data(String account) {
        Figures sum = new Figures(0, 0, 0);
        Optional<String> marker = Optional.empty();
        do {
            Containers.ContainerList page = blobs.containers().list(account, "", marker, PAGE);
            for (ContainerProperties container : page.containers()) {
                // A container deleted since it was listed counts for nothing.
                sum = sum.plus(container(account, container.name()).orElse(new Figures(0, 0, 0)));
            }
            marker = page.nextMarker();
        } while (marker.isPresent());
        return sum;
    }

    /** One container's figures; empty when there is no such container. */
    private Optional<Figures> container(String account, String container) {
        long capacity = 0;
        long objects = 0;
        Optional<ListPosition> from = Optional.empty();
        try {
            do {
                BlobList page = blobs.listBlobs(account, container, "", null, from, PAGE, EVERYTHING);
                for (ListedBlob item : page.items()) {
                    if (item instanceof ListedItem listed) {
                        Optional<BlobProperties> committed = listed.committed();
                        capacity += committed.map(BlobProperties::contentLength)
                                .orElseGet(() -> staged(account, container, listed.name()));
                        if (committed.isEmpty() || (committed.get().snapshot() == BlobProperties.BASE && !listed.previousVersion())) {
                            objects++;
                        }
                    }
                }
                from = page.next();
            } while (from.isPresent());
        } catch (ServiceException e) {
            if (e.errorCode() == BlobError.CONTAINER_NOT_FOUND) {
                return Optional.empty();
            }
            throw e;
        }
        return Optional.of(new Figures(capacity, 1, objects));
    }

    /** The bytes of a blob's staged blocks, when it has nothing committed yet. */
    private long staged(String account, String container, String name) {
        try {
            return blobs.blockLists(BlobAddress.of(account, container, name), null).uncommitted().stream()
                    .mapToLong(Block::size).sum();
        } catch (ServiceException e) {
            if (e.errorCode() == BlobError.BLOB_NOT_FOUND) {
                return 0; // committed or deleted since it was listed
            }
            throw e;
        }
    }

    private void write(String account, String day, String row, Figures figures) {
        Map<String, PropertyValue> entity = new LinkedHashMap<>();
        entity.put("Capacity", PropertyValue.ofInt64(figures.capacity()));
        entity.put("ContainerCount", PropertyValue.ofInt64(figures.containers()));
        entity.put("ObjectCount", PropertyValue.ofInt64(figures.objects()));
        tables.reserved().update(account, AnalyticsNames.CAPACITY_TABLE, day, row, stored -> entity);
    }
}
