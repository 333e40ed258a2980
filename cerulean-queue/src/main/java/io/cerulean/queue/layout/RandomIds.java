package io.cerulean.queue.layout;

import java.util.concurrent.ThreadLocalRandom;

/**
 * The versions the Queue service draws for every record it writes (a queue's row, its ACL, a
 * message's two rows). Drawn at random rather than counted, so that a version once replaced never
 * comes back and a commit conditioned on it never succeeds on a later state, whichever server wrote
 * it, with no counter between servers on the hot path. (Messages instances are counted instead, in
 * the server state: see {@link QueueCatalog}.)
 */
public final class RandomIds {
    private RandomIds() {
    }

    /** A random positive id. */
    public static long next() {
        return ThreadLocalRandom.current().nextLong(1, Long.MAX_VALUE);
    }
}
