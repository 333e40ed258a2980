package io.cerulean.bench.workload;

/**
 * What W3 loaded, for the queries: which batches committed and so how many rows each filter must
 * return. Batch {@code b} holds rows {@code (b / partitions) * batchSize ..} of partition
 * {@code b % partitions}, so every partition fills evenly. Written by W3's workers, each batch by
 * one; {@link #seal()} and the reads happen after the phase.
 */
final class BigData {
    private final int partitions;
    private final int batchSize;
    private final byte[] committed;
    private long loaded;
    private long[] overThirty;
    private long ageFortyTwo;

    BigData(Sizes sizes) {
        this.partitions = sizes.bigPartitions();
        this.batchSize = sizes.batchSize();
        this.committed = new byte[sizes.batches()];
    }

    int batches() {
        return committed.length;
    }

    int partitionOf(int batch) {
        return batch % partitions;
    }

    int firstRowOf(int batch) {
        return (batch / partitions) * batchSize;
    }

    void committed(int batch) {
        committed[batch] = 1;
    }

    /** Counts, from the committed batches, the rows each query must return. */
    void seal() {
        loaded = 0;
        ageFortyTwo = 0;
        overThirty = new long[partitions];
        for (int b = 0; b < committed.length; b++) {
            if (committed[b] == 0) {
                continue;
            }
            int p = partitionOf(b);
            for (int row = firstRowOf(b); row < firstRowOf(b) + batchSize; row++) {
                int age = EntityFactory.age(EntityFactory.BIG, p, row);
                if (age > 30) {
                    overThirty[p]++;
                }
                if (age == 42) {
                    ageFortyTwo++;
                }
                loaded++;
            }
        }
    }

    boolean complete() {
        return loaded == (long) committed.length * batchSize;
    }

    long loaded() {
        return loaded;
    }

    /** Rows of partition {@code p} with {@code Age gt 30}. */
    long overThirty(int partition) {
        return overThirty[partition];
    }

    /** Rows of the table with {@code Age eq 42}. */
    long ageFortyTwo() {
        return ageFortyTwo;
    }
}
