package io.cerulean.http.pipeline;

import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Work to do later without a thread waiting for it meanwhile: a fault answered after its delay, a
 * streamed body ended at its request's deadline. One daemon thread runs them all, and only hands
 * answers on; it ends when idle a while.
 */
final class Delays {
    private static final ScheduledThreadPoolExecutor TIMER = timer();

    private Delays() {
    }

    /** Runs {@code task} in {@code nanos}; at once when that is not positive. */
    static ScheduledFuture<?> after(long nanos, Runnable task) {
        return TIMER.schedule(task, Math.max(0, nanos), TimeUnit.NANOSECONDS);
    }

    private static ScheduledThreadPoolExecutor timer() {
        ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1, task -> {
            Thread thread = new Thread(task, "cerulean-delays");
            thread.setDaemon(true);
            return thread;
        });
        timer.setRemoveOnCancelPolicy(true); // a deadline met leaves nothing behind
        timer.setKeepAliveTime(30, TimeUnit.SECONDS);
        timer.allowCoreThreadTimeOut(true);
        return timer;
    }
}
