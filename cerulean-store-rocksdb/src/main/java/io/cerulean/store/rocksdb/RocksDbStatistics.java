package io.cerulean.store.rocksdb;

import org.rocksdb.RocksDBException;
import org.rocksdb.TickerType;

/**
 * What RocksDB counts and reports of itself, read when asked (a scrape), never on a request's path:
 * its tickers (counters since the store opened, kept by {@code Statistics} at
 * {@code EXCEPT_DETAILED_TIMERS}) and its properties. Each read holds the store's monitor, which
 * {@link RocksDbKeyValueStore#close} holds too, so a read never touches a closed native handle (that
 * would crash the JVM); once closed, every read is NaN.
 */
public final class RocksDbStatistics {
    private final RocksDbFiles files;
    private final RocksDbKeyValueStore store;

    RocksDbStatistics(RocksDbFiles files, RocksDbKeyValueStore store) {
        this.files = files;
        this.store = store;
    }

    /** The count of {@code ticker} since the store opened. */
    public double ticker(TickerType ticker) {
        synchronized (store) {
            return store.closed() ? Double.NaN : files.statistics().getTickerCount(ticker);
        }
    }

    /**
     * A numeric property of the whole database ({@code rocksdb.num-running-compactions},
     * {@code rocksdb.is-write-stopped}): one value, read from the default column family.
     */
    public double property(String name) {
        synchronized (store) {
            if (store.closed()) {
                return Double.NaN;
            }
            try {
                return files.db().getLongProperty(name);
            } catch (RocksDBException e) {
                return Double.NaN;
            }
        }
    }

    /**
     * A numeric property kept per column family ({@code rocksdb.cur-size-all-mem-tables},
     * {@code rocksdb.live-sst-files-size}, {@code rocksdb.estimate-pending-compaction-bytes}),
     * summed over every key space's.
     */
    public double propertyOfAllKeySpaces(String name) {
        synchronized (store) {
            if (store.closed()) {
                return Double.NaN;
            }
            try {
                return files.db().getAggregatedLongProperty(name);
            } catch (RocksDBException e) {
                return Double.NaN;
            }
        }
    }

    /**
     * The bytes the block cache holds: data, index and filter blocks, and the memtables charged to
     * it (their budget is half of the cache). One cache serves every column family, so it is read
     * once, not summed.
     */
    public double blockCacheBytes() {
        synchronized (store) {
            return store.closed() ? Double.NaN : files.blockCache().getUsage();
        }
    }
}
