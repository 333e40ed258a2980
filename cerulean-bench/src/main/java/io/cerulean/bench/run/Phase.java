package io.cerulean.bench.run;

import io.cerulean.bench.client.Connection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Runs one workload's operations on the first N connections: closed loop, every worker starting
 * its next operation when the last one ends, until the duration is over or the source is empty.
 * Bounded in time whatever the endpoint does: operations still running {@code grace} after the
 * duration are abandoned and their connections closed.
 */
public final class Phase {
    private final List<Connection> connections;

    public Phase(List<Connection> connections) {
        this.connections = List.copyOf(connections);
    }

    /**
     * @param workers  how many connections to use, at most as many as there are
     * @param duration after it no operation starts
     * @param grace    how long operations in flight may still take after {@code duration}
     */
    public PhaseResult run(OpSource source, int workers, Duration duration, Duration grace) {
        if (workers < 1 || workers > connections.size()) {
            throw new IllegalArgumentException("workers must be 1.." + connections.size() + ": " + workers);
        }
        ErrorLog errorLog = new ErrorLog();
        CountDownLatch done = new CountDownLatch(workers);
        long start = System.nanoTime();
        long stopStarting = start + duration.toNanos();
        long abandon = stopStarting + grace.toNanos();
        List<Worker> all = new ArrayList<>(workers);
        for (int i = 0; i < workers; i++) {
            all.add(new Worker(i, connections.get(i), source, 0x5EED_0000L + 31L * i + source.hashCode(),
                    stopStarting, abandon, errorLog, done));
        }
        all.forEach(Worker::start);
        boolean stoppedByWatchdog = !await(done, abandon - System.nanoTime() + TimeUnit.SECONDS.toNanos(1));
        if (stoppedByWatchdog) {
            all.forEach(Worker::stop);
            if (!await(done, TimeUnit.SECONDS.toNanos(10))) {
                throw new IllegalStateException("workers did not stop after their connections were closed");
            }
        }
        long ops = 0;
        long items = 0;
        long errors = 0;
        long end = start;
        boolean incomplete = stoppedByWatchdog;
        for (Worker w : all) {
            ops += w.ops;
            items += w.items;
            errors += w.errors;
            end = Math.max(end, w.finishedAt);
            incomplete |= w.incomplete;
        }
        return new PhaseResult(ops, items, errors, (end - start) / 1e9,
                Latencies.merge(all.stream().map(w -> w.opLatency).toList()),
                Latencies.merge(all.stream().map(w -> w.requestLatency).toList()), incomplete, errorLog.messages());
    }

    private static boolean await(CountDownLatch latch, long nanos) {
        try {
            return latch.await(Math.max(0, nanos), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
