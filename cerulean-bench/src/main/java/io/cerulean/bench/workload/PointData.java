package io.cerulean.bench.workload;

import java.util.Arrays;

/**
 * What W1 inserted, for W2 and W7: which indices exist and, for the first few thousand, their
 * current ETag. Entity {@code i} lives in partition {@code i % partitions}, row {@code i / partitions}.
 * Written by the workers of one phase, each index by one worker; read after the phase ends.
 */
final class PointData {
    // W7 needs current ETags; keeping them for every one of 200,000 inserts would cost 20 MB for nothing.
    private static final int ETAGS_KEPT = 20_000;

    private final int partitions;
    private final byte[] inserted;
    private final String[] etags;
    private int[] valid = new int[0];
    private int[][] owned = new int[0][];

    PointData(int capacity, int partitions) {
        this.partitions = partitions;
        this.inserted = new byte[capacity];
        this.etags = new String[Math.min(capacity, ETAGS_KEPT)];
    }

    int capacity() {
        return inserted.length;
    }

    String partitionKey(int index) {
        return EntityFactory.partitionKey(EntityFactory.POINT, index % partitions);
    }

    String rowKey(int index) {
        return EntityFactory.rowKey(index / partitions);
    }

    int partition(int index) {
        return index % partitions;
    }

    int row(int index) {
        return index / partitions;
    }

    void inserted(int index, String etag) {
        inserted[index] = 1;
        if (index < etags.length) {
            etags[index] = etag;
        }
    }

    /** Once W1 is over: lists the inserted indices, and deals the ones with ETags out to workers. */
    void seal(int workers) {
        int[] all = new int[inserted.length];
        int n = 0;
        for (int i = 0; i < inserted.length; i++) {
            if (inserted[i] != 0) {
                all[n++] = i;
            }
        }
        valid = Arrays.copyOf(all, n);
        owned = new int[workers][];
        for (int w = 0; w < workers; w++) {
            int[] mine = new int[etags.length / workers + 1];
            int m = 0;
            for (int i = w; i < etags.length; i += workers) {
                if (etags[i] != null) {
                    mine[m++] = i;
                }
            }
            owned[w] = Arrays.copyOf(mine, m);
        }
    }

    /** Every inserted index. */
    int[] valid() {
        return valid;
    }

    /** The indices with a known ETag that this worker alone updates, so ETags never race. */
    int[] owned(int worker) {
        return worker < owned.length ? owned[worker] : new int[0];
    }

    String etag(int index) {
        return etags[index];
    }

    void etag(int index, String etag) {
        etags[index] = etag;
    }
}
