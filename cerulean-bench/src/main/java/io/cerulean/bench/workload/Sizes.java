package io.cerulean.bench.workload;

import java.time.Duration;

/**
 * How big and how long: the shape of a run. {@link #full} matches the team's reference
 * workloads (100,000 entities for the scans, 20 s phases); {@link #quick} is the same run scaled
 * down to finish well under a minute.
 *
 * @param concurrency     workers, one connection each, for the concurrent workloads
 * @param phase           length of each timed phase (W1, W2, W4, W5, W7)
 * @param entityBytes     JSON size of an entity
 * @param pointPartitions partitions W1 spreads its inserts over
 * @param insertCap       most entities W1 inserts (it stops early when it gets there)
 * @param bigPartitions   partitions of W3's table; W5 scans one of them
 * @param bigEntities     entities W3 loads, which W4, W5, W6 and W8 read
 * @param batchSize       inserts per entity group transaction
 * @param rangeRows       rows a W4 range query returns
 * @param pageTop         W8's $top
 * @param warmup          untimed warm-up before the first phase, per part (insert, read, merge, query)
 * @param loadCap         most time W3 may take
 * @param scanCap         most time W6 and W8 may each take
 * @param grace           how long operations in flight may finish after a timed phase ends
 * @param queueMessages   messages Q2 puts into its queue before its phase; 0 to put for twice the phase's length
 * @param largeBlob       the blobs B3 uploads and B4 downloads
 * @param tagBlobs        the blobs B5 loads into one container, a multiple of 100 (each tag value names 1 in 100)
 */
public record Sizes(int concurrency, Duration phase, int entityBytes, int pointPartitions, int insertCap,
                    int bigPartitions, int bigEntities, int batchSize, int rangeRows, int pageTop, Duration warmup,
                    Duration loadCap, Duration scanCap, Duration grace, int queueMessages,
                    LargeBlob largeBlob, int tagBlobs) {
    public Sizes {
        if (concurrency < 1 || concurrency > 1024) {
            throw new IllegalArgumentException("concurrency must be 1..1024: " + concurrency);
        }
        if (phase.compareTo(Duration.ofMillis(100)) < 0) {
            throw new IllegalArgumentException("a phase must last at least 0.1 s: " + phase);
        }
        if (batchSize < 1 || batchSize > 100) {
            throw new IllegalArgumentException("a batch holds 1..100 entities: " + batchSize);
        }
        if (bigEntities < 1 || bigEntities % (bigPartitions * batchSize) != 0) {
            throw new IllegalArgumentException("the scan data set must be a positive multiple of "
                    + bigPartitions * batchSize + " entities: " + bigEntities);
        }
        if (bigEntities / bigPartitions < rangeRows) {
            throw new IllegalArgumentException("each of the " + bigPartitions + " partitions needs at least "
                    + rangeRows + " entities for the range query");
        }
        if (queueMessages < 0) {
            throw new IllegalArgumentException("queueMessages must not be negative: " + queueMessages);
        }
        if (tagBlobs < 100 || tagBlobs > 10_000_000 || tagBlobs % 100 != 0) {
            throw new IllegalArgumentException("B5's blobs must be a multiple of 100 from 100 to 10,000,000: "
                    + tagBlobs);
        }
        if (insertCap < concurrency) {
            throw new IllegalArgumentException("insertCap below concurrency: " + insertCap);
        }
    }

    public static Sizes full(int concurrency) {
        return new Sizes(concurrency, Duration.ofSeconds(20), 1024, 100, 200_000, 10, 100_000, 100, 100, 1000,
                Duration.ofSeconds(3), Duration.ofSeconds(240), Duration.ofSeconds(120), Duration.ofSeconds(30), 0, LargeBlob.ofMebibytes(64), 10_000);
    }

    public static Sizes quick(int concurrency) {
        return new Sizes(concurrency, Duration.ofSeconds(3), 1024, 100, 50_000, 10, 10_000, 100, 100, 1000,
                Duration.ofMillis(1500), Duration.ofSeconds(30), Duration.ofSeconds(15), Duration.ofSeconds(10), 0, LargeBlob.ofMebibytes(64), 10_000);
    }

    /** The same sizes with another phase length; the warm-up is never longer than a phase. */
    public Sizes withPhase(Duration newPhase) {
        Duration warm = warmup.compareTo(newPhase) > 0 ? newPhase : warmup;
        return new Sizes(concurrency, newPhase, entityBytes, pointPartitions, insertCap, bigPartitions, bigEntities,
                batchSize, rangeRows, pageTop, warm, loadCap, scanCap, grace, queueMessages, largeBlob, tagBlobs);
    }

    public Sizes withBigEntities(int entities) {
        return new Sizes(concurrency, phase, entityBytes, pointPartitions, insertCap, bigPartitions, entities,
                batchSize, rangeRows, pageTop, warmup, loadCap, scanCap, grace, queueMessages, largeBlob, tagBlobs);
    }

    /** The same sizes with Q2 filling its queue with {@code messages} messages (0: for twice the phase). */
    public Sizes withQueueMessages(int messages) {
        return new Sizes(concurrency, phase, entityBytes, pointPartitions, insertCap, bigPartitions, bigEntities,
                batchSize, rangeRows, pageTop, warmup, loadCap, scanCap, grace, messages, largeBlob, tagBlobs);
    }

    /** The same sizes with B3 and B4 moving blobs of this shape. */
    public Sizes withLargeBlob(LargeBlob blob) {
        return new Sizes(concurrency, phase, entityBytes, pointPartitions, insertCap, bigPartitions, bigEntities,
                batchSize, rangeRows, pageTop, warmup, loadCap, scanCap, grace, queueMessages, blob, tagBlobs);
    }

    /** The same sizes with B5 loading {@code blobs} tagged blobs. */
    public Sizes withTagBlobs(int blobs) {
        return new Sizes(concurrency, phase, entityBytes, pointPartitions, insertCap, bigPartitions, bigEntities,
                batchSize, rangeRows, pageTop, warmup, loadCap, scanCap, grace, queueMessages, largeBlob, blobs);
    }

    public int rowsPerBigPartition() {
        return bigEntities / bigPartitions;
    }

    public int batches() {
        return bigEntities / batchSize;
    }
}
