package io.cerulean.app;

import io.cerulean.queue.service.QueueService;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Removes expired messages from the queues no one reads ({@link QueueService#sweepExpired()}), on a
 * daemon thread, every {@link #EVERY} (or as set) after the last sweep ended. A sweep that fails (the store
 * cannot answer) is logged and tried again next time. Every server sharing a store sweeps; their
 * removals are conditional commits and never collide with harm.
 */
final class QueueSweeper implements AutoCloseable {
    /** How long after one sweep the next begins. */
    static final Duration EVERY = Duration.ofSeconds(30);
    private static final Logger log = LoggerFactory.getLogger(QueueSweeper.class);

    private final ScheduledExecutorService executor;

    private QueueSweeper(ScheduledExecutorService executor) {
        this.executor = executor;
    }

    static QueueSweeper start(QueueService queues, Duration every) {
        ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "cerulean-queue-sweeper");
            thread.setDaemon(true);
            return thread;
        });
        executor.scheduleWithFixedDelay(() -> {
            try {
                long removed = queues.sweepExpired();
                if (removed > 0) {
                    log.debug("removed {} expired queue messages", removed);
                }
            } catch (RuntimeException e) {
                log.warn("a sweep for expired queue messages failed; the next one is in {} ms: {}", every.toMillis(),
                        e.toString());
            }
        }, every.toMillis(), every.toMillis(), TimeUnit.MILLISECONDS);
        return new QueueSweeper(executor);
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
