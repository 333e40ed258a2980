package io.cerulean.app;

import io.cerulean.app.Cerulean.Service;
import io.cerulean.blob.service.BlobService;
import io.cerulean.http.properties.ServicePropertiesStore;
import io.cerulean.http.reset.ResetSummary;
import io.cerulean.http.reset.Resetter;
import io.cerulean.queue.service.QueueService;
import io.cerulean.rest.StoredServiceProperties;
import io.cerulean.storage.ServiceDocuments;
import io.cerulean.storage.database.Database;
import io.cerulean.table.service.TableService;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;

/**
 * Wipes accounts on every service of the database, served here or not: each service's semantics
 * delete the account's tables, queues and containers as their Delete operations do (so that what a
 * service keeps of the store on an exclusive one stays true), then every service's properties go
 * back to the defaults, through the served pipeline's own store where there is one, so that its
 * cache and the advisor forget the account too. A service this server does not serve is opened on
 * the database for the reset alone. One reset runs at a time; requests racing it complete before or
 * after each of its deletes, so what they write may survive it. Server state (the id counters, the
 * clock's lease) stays: ids are never reused.
 */
final class Reset implements Resetter {
    private final Database database;
    private final Map<Service, ServiceAssembly.Assembled> served;
    private final StartSettings settings;

    Reset(Database database, Map<Service, ServiceAssembly.Assembled> served, StartSettings settings) {
        this.database = database;
        this.served = new EnumMap<>(served);
        this.settings = settings;
    }

    @Override
    public synchronized ResetSummary resetAccount(String account) {
        return wipe(List.of(account));
    }

    /** Every account any catalogue or service properties document names, configured or not. */
    @Override
    public synchronized ResetSummary resetAll() {
        try (Semantics semantics = new Semantics()) {
            SortedSet<String> accounts = new TreeSet<>(ServiceDocuments.accounts(database.records()));
            accounts.addAll(semantics.tables.accounts());
            accounts.addAll(semantics.queues.accounts());
            accounts.addAll(semantics.blobs.accounts());
            return wipe(semantics, accounts);
        }
    }

    @Override
    public CompletableFuture<Void> whenDurable() {
        return database.records().whenDurable();
    }

    private ResetSummary wipe(List<String> accounts) {
        try (Semantics semantics = new Semantics()) {
            return wipe(semantics, accounts);
        }
    }

    private ResetSummary wipe(Semantics semantics, Iterable<String> accounts) {
        int count = 0;
        long tables = 0;
        long queues = 0;
        long containers = 0;
        for (String account : accounts) {
            tables += semantics.tables.deleteAccount(account);
            queues += semantics.queues.deleteAccount(account);
            containers += semantics.blobs.deleteAccount(account);
            for (Service service : Service.values()) {
                resetProperties(service, account);
            }
            count++;
        }
        return new ResetSummary(count, tables, queues, containers);
    }

    /** The served pipeline's own properties store (and what it remembers), else the stored document alone. */
    private void resetProperties(Service service, String account) {
        ServiceAssembly.Assembled assembled = served.get(service);
        if (assembled != null) {
            assembled.pipeline().resetAccount(account);
        } else {
            // No pipeline here keeps a cache of this service's properties: the document is all there is.
            new ServicePropertiesStore(new StoredServiceProperties(database.records(),
                    service.name().toLowerCase(Locale.ROOT), false)).reset(account);
        }
    }

    /** Each service's semantics: the served instance, or one opened on the database for this reset and closed after. */
    private final class Semantics implements AutoCloseable {
        final TableService tables;
        final QueueService queues;
        final BlobService blobs;
        private final Set<Service> opened = java.util.EnumSet.noneOf(Service.class);

        Semantics() {
            tables = servedOr(Service.TABLE, TableService.class, () -> TableService.open(database,
                    settings.timestampClock(), settings.pageBudget(), null));
            queues = servedOr(Service.QUEUE, QueueService.class, () -> QueueService.open(database,
                    settings.queueClock()));
            blobs = servedOr(Service.BLOB, BlobService.class, () -> BlobService.open(database, settings.blobClock(),
                    settings.blobOptions()));
        }

        private <S> S servedOr(Service service, Class<S> type, java.util.function.Supplier<S> open) {
            ServiceAssembly.Assembled assembled = served.get(service);
            if (assembled != null) {
                return type.cast(assembled.semantics());
            }
            opened.add(service);
            return open.get();
        }

        @Override
        public void close() {
            if (opened.contains(Service.TABLE)) {
                tables.close();
            }
            if (opened.contains(Service.BLOB)) {
                blobs.close();
            }
        }
    }
}
