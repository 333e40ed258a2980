package io.cerulean.queue.layout;

import java.util.concurrent.ThreadLocalRandom;

/**
 * The ids the Queue service draws: every record's version (a queue's row, its ACL, a message's two
 * rows) and a queue's messages instance. Drawn at random rather than counted, so that servers
 * sharing a store need no counter between them.
 */
public final class RandomIds {
    private RandomIds() {
    }

    /** A random positive id. */
    public static long next() {
        return ThreadLocalRandom.current().nextLong(1, Long.MAX_VALUE);
    }
}
