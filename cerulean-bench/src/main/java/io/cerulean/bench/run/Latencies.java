package io.cerulean.bench.run;

import java.util.Arrays;

/**
 * Recorded durations in nanoseconds and their percentiles. Exact, not a histogram: a phase of
 * a few hundred thousand operations costs a few megabytes. Not thread-safe: one per worker, then
 * {@link #merge merged} once the workers are done.
 */
public final class Latencies {
    private long[] values = new long[1024];
    private int size;
    private boolean sorted = true;

    public void add(long nanos) {
        if (size == values.length) {
            values = Arrays.copyOf(values, size * 2);
        }
        values[size++] = nanos;
        sorted = false;
    }

    public static Latencies merge(Iterable<Latencies> parts) {
        Latencies all = new Latencies();
        for (Latencies part : parts) {
            for (int i = 0; i < part.size; i++) {
                all.add(part.values[i]);
            }
        }
        return all;
    }

    public int count() {
        return size;
    }

    /**
     * The nearest-rank percentile: the smallest recorded value such that at least {@code q} of
     * all values are not greater. NaN when nothing was recorded.
     *
     * @param q in (0, 1], e.g. 0.5 or 0.99
     */
    public double percentileMillis(double q) {
        if (q <= 0 || q > 1) {
            throw new IllegalArgumentException("percentile must be in (0, 1]: " + q);
        }
        if (size == 0) {
            return Double.NaN;
        }
        if (!sorted) {
            Arrays.sort(values, 0, size);
            sorted = true;
        }
        int rank = (int) Math.ceil(q * size);
        return values[Math.max(rank, 1) - 1] / 1e6;
    }
}
