package io.cerulean.app.metrics;

import io.cerulean.storage.KeyValueStore;
import io.cerulean.store.rocksdb.RocksDbKeyValueStore;
import io.cerulean.storage.content.ContentStore;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.config.MeterFilter;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The meters of one database on one server's registry: its stores are wrapped here as they are
 * opened, and every meter registered for them is removed when its records close (the last thing a
 * database closes), so a registry outliving the server reads nothing of a closed store.
 */
public final class StoreMeters {
    private final MeterRegistry registry;
    private final List<Meter> meters = new ArrayList<>(); // @GuardedBy("this")

    public StoreMeters(MeterRegistry registry) {
        this.registry = Objects.requireNonNull(registry, "registry");
    }

    /** {@code store} timed, under {@code store="<tag>"}: rocksdb, memory, cassandra or shared. */
    public KeyValueStore records(KeyValueStore store, String tag) {
        return new MeteredKeyValueStore(store, tag, this);
    }

    /** {@code store}'s bytes counted as they stream, under {@code store="<tag>"}: files, records or memory. */
    public ContentStore contents(ContentStore store, String tag) {
        return new MeteredContentStore(store, tag, this);
    }

    /**
     * The RocksDB store timed as {@link #records} times it, with what RocksDB reports of itself and
     * the size of each group commit.
     */
    public KeyValueStore rocksDb(RocksDbKeyValueStore store) {
        KeyValueStore metered = records(store, "rocksdb");
        RocksDbMeters.bind(store, this);
        return metered;
    }

    MeterRegistry registry() {
        return registry;
    }

    /** The registry for the Cassandra driver's meters ({@link #driverDescriptions()} gives them their HELP lines). */
    public MeterRegistry driverRegistry() {
        return registry;
    }

    /**
     * Descriptions for the Cassandra driver's meters, which it registers without any: a filter for
     * whoever makes the registry to configure before a meter is registered, as Micrometer wants.
     */
    public static MeterFilter driverDescriptions() {
        return new DriverMeterDescriptions();
    }

    /** Keeps {@code meter} to remove with the others. */
    synchronized <M extends Meter> M add(M meter) {
        meters.add(meter);
        return meter;
    }

    /** Removes every meter registered for this database. */
    synchronized void removeAll() {
        meters.forEach(registry::remove);
        meters.clear();
    }
}
