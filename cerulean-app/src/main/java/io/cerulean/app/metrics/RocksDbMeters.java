package io.cerulean.app.metrics;

import io.cerulean.store.rocksdb.RocksDbKeyValueStore;
import io.cerulean.store.rocksdb.RocksDbStatistics;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import java.util.function.ToDoubleFunction;
import org.rocksdb.TickerType;

/**
 * What RocksDB reports of itself, as {@code cerulean_rocksdb_*}, each read at scrape time from its
 * statistics and properties ({@link RocksDbStatistics}); and the size of each group commit,
 * {@code cerulean_store_group_commit_writes}, which the store tells after each sync of its log.
 */
final class RocksDbMeters {
    /** Writes per sync: a lone writer's 1 up to the hundreds of a busy server's. */
    private static final double[] GROUP_SIZES = {1, 2, 4, 8, 16, 32, 64, 128, 256};

    private RocksDbMeters() {
    }

    static void bind(RocksDbKeyValueStore store, StoreMeters meters) {
        RocksDbStatistics statistics = store.statistics();
        DistributionSummary groups = meters.add(DistributionSummary.builder("cerulean.store.group.commit.writes")
                .description("Commits and drops one sync of the write-ahead log made durable")
                .serviceLevelObjectives(GROUP_SIZES).register(meters.registry()));
        store.onGroupCommit(groups::record);

        counter(meters, "cerulean.rocksdb.block.cache.hits", "Block cache hits", null, statistics,
                s -> s.ticker(TickerType.BLOCK_CACHE_HIT));
        counter(meters, "cerulean.rocksdb.block.cache.misses", "Block cache misses: blocks read from disk",
                null, statistics, s -> s.ticker(TickerType.BLOCK_CACHE_MISS));
        counter(meters, "cerulean.rocksdb.stall", "Time writes were slowed or stopped for compaction to catch up",
                "seconds", statistics, s -> s.ticker(TickerType.STALL_MICROS) / 1e6);
        counter(meters, "cerulean.rocksdb.written", "Bytes written to the database by writes", "bytes", statistics,
                s -> s.ticker(TickerType.BYTES_WRITTEN));
        counter(meters, "cerulean.rocksdb.read", "Bytes read by point reads", "bytes", statistics,
                s -> s.ticker(TickerType.BYTES_READ));
        counter(meters, "cerulean.rocksdb.compacted", "Bytes written by compaction", "bytes", statistics,
                s -> s.ticker(TickerType.COMPACT_WRITE_BYTES));
        counter(meters, "cerulean.rocksdb.flushed", "Bytes written by memtable flushes", "bytes", statistics,
                s -> s.ticker(TickerType.FLUSH_WRITE_BYTES));

        gauge(meters, "cerulean.rocksdb.compactions.running", "Compactions running now", null, statistics,
                s -> s.property("rocksdb.num-running-compactions"));
        gauge(meters, "cerulean.rocksdb.compaction.pending", "Bytes compaction estimates it must rewrite",
                "bytes", statistics, s -> s.propertyOfAllKeySpaces("rocksdb.estimate-pending-compaction-bytes"));
        gauge(meters, "cerulean.rocksdb.write.stopped", "1 while RocksDB stops writes until compaction catches up",
                null, statistics, s -> s.property("rocksdb.is-write-stopped"));
        gauge(meters, "cerulean.rocksdb.memtable", "Bytes in memtables, flushed and not", "bytes", statistics,
                s -> s.propertyOfAllKeySpaces("rocksdb.cur-size-all-mem-tables"));
        gauge(meters, "cerulean.rocksdb.block.cache", "Bytes the block cache holds, memtables charged to it included",
                "bytes", statistics, RocksDbStatistics::blockCacheBytes);
        gauge(meters, "cerulean.rocksdb.live.sst", "Bytes of the table files the database reads now", "bytes",
                statistics, s -> s.propertyOfAllKeySpaces("rocksdb.live-sst-files-size"));
    }

    private static void counter(StoreMeters meters, String name, String description, String unit,
                                RocksDbStatistics statistics, ToDoubleFunction<RocksDbStatistics> read) {
        meters.add(FunctionCounter.builder(name, statistics, read).description(description).baseUnit(unit)
                .register(meters.registry()));
    }

    private static void gauge(StoreMeters meters, String name, String description, String unit,
                              RocksDbStatistics statistics, ToDoubleFunction<RocksDbStatistics> read) {
        meters.add(Gauge.builder(name, statistics, read).description(description).baseUnit(unit)
                .strongReference(true) // a gauge holds its object weakly; the meters hold the store only through it
                .register(meters.registry()));
    }
}
