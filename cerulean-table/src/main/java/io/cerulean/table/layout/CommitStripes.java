package io.cerulean.table.layout;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Which partitions have been written since a given moment, told in stripes: each partition of each
 * table falls in one of {@value #STRIPES} stripes by hash, and a stripe counts the commits under
 * way in it and the commits finished. Something read from a partition while its stripe had none
 * under way, at generation {@code g}, is still its state while the stripe has none under way and
 * is still at {@code g}. Partitions sharing a stripe only cost one another a needless read.
 *
 * <p>A commit is {@link #begin begun} before its write and {@link #end ended} after it, generation
 * first and then the count under way; a reader reads the count and then the generation. So a
 * reader that finds none under way and the generation it expects knows that every commit it could
 * see has ended, and so was counted, before what it compares with was read.
 */
final class CommitStripes {
    static final int STRIPES = 1024;
    /** Counters of neighbouring stripes a cache line apart: writers to different stripes do not contend. */
    private static final int SPACING = 8;

    private final AtomicLongArray underWay = new AtomicLongArray(STRIPES * SPACING);
    private final AtomicLongArray generation = new AtomicLongArray(STRIPES * SPACING);

    /** The stripe of one partition of one table. */
    static int stripe(long table, byte[] partition) {
        int h = Arrays.hashCode(partition) * 31 + Long.hashCode(table);
        h ^= h >>> 16;
        return (h & (STRIPES - 1)) * SPACING;
    }

    void begin(int stripe) {
        underWay.incrementAndGet(stripe);
    }

    void end(int stripe) {
        generation.incrementAndGet(stripe);
        underWay.decrementAndGet(stripe);
    }

    /** The stripe's generation when no commit is under way in it; -1 when one is. */
    long quiet(int stripe) {
        if (underWay.get(stripe) != 0) {
            return -1;
        }
        return generation.get(stripe);
    }
}
