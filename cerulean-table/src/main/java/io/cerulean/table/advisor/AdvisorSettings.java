package io.cerulean.table.advisor;

import java.time.Duration;
import java.util.Objects;

/**
 * What the design advisor judges against. Rates are averaged over {@code window} (exponentially
 * decayed). Defaults are Azure's published scalability targets where Azure publishes one, and
 * judgements where it does not (said at each).
 *
 * @param enabled                      whether traffic is watched at all
 * @param window                       how long a rate is averaged over (60 s)
 * @param partitionEntitiesPerSecond   entities written and read a second above which a partition is hot: Azure's
 *                                     target for a single partition, 2,000 entities/s
 * @param endInsertsPerSecond          inserts a second at one end of the key space (a new highest or lowest key)
 *                                     above which the end is a hot spot: the single-partition target again, as one
 *                                     server takes the end of a key range (2,000)
 * @param scansPerMinute               table scans, or partition scans that filter out entities, a minute above
 *                                     which they are reported (a judgement: 60, one a second)
 * @param readAmplification            how many times more entities a query may read than it returns before it is
 *                                     amplified (a judgement: 10, with at least 100 entities read in vain a page)
 * @param transactionsPerSecond        entity group transactions a second into one partition that also takes 90% of
 *                                     its table's transactions, above which it is a hot spot (a judgement: 100)
 * @param partitionBytes               bytes of entities in a partition, as observed, above which it is oversized (a
 *                                     judgement: 20 GiB, the limit of a logical partition where Azure's table API
 *                                     keeps its largest partitions; Azure Storage sets none)
 * @param partitionEntities            entities in a partition, as observed, above which it is oversized (off by
 *                                     default: {@link Long#MAX_VALUE})
 * @param tables                       tables watched at most; beyond, the least recently used is forgotten (256:
 *                                     a table takes 24 KB with short keys, 50 KB with keys of 1 KiB)
 */
public record AdvisorSettings(boolean enabled, Duration window, double partitionEntitiesPerSecond,
                              double endInsertsPerSecond, double scansPerMinute, double readAmplification,
                              double transactionsPerSecond, long partitionBytes, long partitionEntities,
                              int tables) {
    /** Partitions tracked per table, over {@link #STRIPES} stripes. */
    static final int PARTITIONS_PER_STRIPE = 16;
    /** Filter texts tracked per table, over the stripes. */
    static final int FILTERS_PER_STRIPE = 8;
    /** Stripes per table: requests to different partitions of one table rarely wait for each other. */
    static final int STRIPES = 4;
    /** Entities a page must read in vain, besides the ratio, to count as amplified. */
    static final long MIN_WASTED_READS = 100;
    /** The share of a table's transactions one partition must take to be their hot spot. */
    static final double TRANSACTION_SHARE = 0.9;

    public static final AdvisorSettings DEFAULTS = new AdvisorSettings(true, Duration.ofSeconds(60), 2_000,
            2_000, 60, 10, 100, 20L << 30, Long.MAX_VALUE, 256);

    public static final AdvisorSettings OFF = DEFAULTS.withEnabled(false);

    public AdvisorSettings {
        Objects.requireNonNull(window, "window");
        if (window.toMillis() < 1) {
            throw new IllegalArgumentException("the advisor's window must be at least 1 ms: " + window);
        }
        positive(partitionEntitiesPerSecond, "partitionEntitiesPerSecond");
        positive(endInsertsPerSecond, "endInsertsPerSecond");
        positive(scansPerMinute, "scansPerMinute");
        positive(transactionsPerSecond, "transactionsPerSecond");
        if (!(readAmplification >= 1)) {
            throw new IllegalArgumentException("readAmplification must be at least 1: " + readAmplification);
        }
        if (partitionBytes < 1 || partitionEntities < 1 || tables < 1) {
            throw new IllegalArgumentException("partitionBytes, partitionEntities and tables must be at least 1");
        }
    }

    private static void positive(double value, String name) {
        if (!(value > 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException(name + " must be positive: " + value);
        }
    }

    public AdvisorSettings withEnabled(boolean enabled) {
        return new AdvisorSettings(enabled, window, partitionEntitiesPerSecond, endInsertsPerSecond, scansPerMinute,
                readAmplification, transactionsPerSecond, partitionBytes, partitionEntities, tables);
    }

    public AdvisorSettings withWindow(Duration window) {
        return new AdvisorSettings(enabled, window, partitionEntitiesPerSecond, endInsertsPerSecond, scansPerMinute,
                readAmplification, transactionsPerSecond, partitionBytes, partitionEntities, tables);
    }

    public AdvisorSettings withPartitionEntitiesPerSecond(double perSecond) {
        return new AdvisorSettings(enabled, window, perSecond, endInsertsPerSecond, scansPerMinute,
                readAmplification, transactionsPerSecond, partitionBytes, partitionEntities, tables);
    }

    public AdvisorSettings withEndInsertsPerSecond(double perSecond) {
        return new AdvisorSettings(enabled, window, partitionEntitiesPerSecond, perSecond, scansPerMinute,
                readAmplification, transactionsPerSecond, partitionBytes, partitionEntities, tables);
    }

    public AdvisorSettings withScansPerMinute(double perMinute) {
        return new AdvisorSettings(enabled, window, partitionEntitiesPerSecond, endInsertsPerSecond, perMinute,
                readAmplification, transactionsPerSecond, partitionBytes, partitionEntities, tables);
    }

    public AdvisorSettings withReadAmplification(double ratio) {
        return new AdvisorSettings(enabled, window, partitionEntitiesPerSecond, endInsertsPerSecond, scansPerMinute,
                ratio, transactionsPerSecond, partitionBytes, partitionEntities, tables);
    }

    public AdvisorSettings withTransactionsPerSecond(double perSecond) {
        return new AdvisorSettings(enabled, window, partitionEntitiesPerSecond, endInsertsPerSecond, scansPerMinute,
                readAmplification, perSecond, partitionBytes, partitionEntities, tables);
    }

    public AdvisorSettings withPartitionBytes(long bytes) {
        return new AdvisorSettings(enabled, window, partitionEntitiesPerSecond, endInsertsPerSecond, scansPerMinute,
                readAmplification, transactionsPerSecond, bytes, partitionEntities, tables);
    }

    public AdvisorSettings withPartitionEntities(long entities) {
        return new AdvisorSettings(enabled, window, partitionEntitiesPerSecond, endInsertsPerSecond, scansPerMinute,
                readAmplification, transactionsPerSecond, partitionBytes, entities, tables);
    }

    public AdvisorSettings withTables(int tables) {
        return new AdvisorSettings(enabled, window, partitionEntitiesPerSecond, endInsertsPerSecond, scansPerMinute,
                readAmplification, transactionsPerSecond, partitionBytes, partitionEntities, tables);
    }
}
