package io.cerulean.app;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one of a service's sweeps on a daemon thread, every so often after the last one ended: the
 * Queue service's removal of expired messages from queues no one reads, the Blob service's removal
 * of blocks staged and never committed. A sweep that fails (the store cannot answer) is logged and
 * tried again next time. Every server sharing a store sweeps; a sweep's removals are conditional
 * commits and never collide with harm.
 */
final class Sweeper implements AutoCloseable {
    /** How long after one sweep of expired queue messages the next begins. */
    static final Duration QUEUE_EVERY = Duration.ofSeconds(30);
    /** How long after one sweep of stale staged blocks the next begins: they live a week. */
    static final Duration BLOB_EVERY = Duration.ofHours(1);
    private static final Logger log = LoggerFactory.getLogger(Sweeper.class);

    private final ScheduledExecutorService executor;

    private Sweeper(ScheduledExecutorService executor) {
        this.executor = executor;
    }

    /**
     * @param what  what the sweep removes, for the log ("expired queue messages")
     * @param sweep one sweep, returning how many it removed
     */
    static Sweeper start(String name, String what, LongSupplier sweep, Duration every) {
        ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "cerulean-" + name + "-sweeper");
            thread.setDaemon(true);
            return thread;
        });
        executor.scheduleWithFixedDelay(() -> {
            try {
                long removed = sweep.getAsLong();
                if (removed > 0) {
                    log.debug("removed {} {}", removed, what);
                }
            } catch (RuntimeException e) {
                log.warn("a sweep for {} failed; the next one is in {} ms: {}", what, every.toMillis(), e.toString());
            }
        }, every.toMillis(), every.toMillis(), TimeUnit.MILLISECONDS);
        return new Sweeper(executor);
    }

    /** Stops sweeping and waits for a sweep under way, so that the store can be closed after. */
    @Override
    public void close() {
        executor.shutdown();
        try {
            executor.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
