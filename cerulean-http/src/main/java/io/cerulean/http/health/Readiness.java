package io.cerulean.http.health;

import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Whether the server is ready, asked as often as balancers like and answered without waiting on the
 * store on the asker's thread: the probe runs on a daemon thread of its own, one at a time; its
 * report is reused for {@link #REUSED_FOR}; an answer completes when the probe does or when the
 * bound passes, whichever is first. A probe still running past the bound (a hung store) is not
 * started again: until it returns, every answer says at once how long the store has not answered.
 * Not ready before {@link #serving()} (the server is starting) nor after {@link #closing()}.
 *
 * <p>Thread-safe.
 */
public final class Readiness implements AutoCloseable {
    /** How long a probe may take before the server is not ready. */
    public static final Duration DEFAULT_BOUND = Duration.ofSeconds(2);
    /** How long a report is answered again rather than probed again. */
    static final Duration REUSED_FOR = Duration.ofSeconds(1);

    /** One check of the store, blocking; empty when it is ready, else why not. */
    @FunctionalInterface
    public interface Probe {
        Optional<String> run();
    }

    private enum Phase { STARTING, SERVING, CLOSING }

    /** One probe: its own outcome, and the answer given for it (the outcome, or the bound's). */
    private record Attempt(long startedNanos, CompletableFuture<ReadinessReport> probed,
                           CompletableFuture<ReadinessReport> answer) {
    }

    private final String store;
    private final Probe probe;
    private final Duration bound;
    private final long reusedForNanos;
    private final Clock clock;
    private final ExecutorService prober;
    private volatile Phase phase = Phase.STARTING;
    // Guarded by this.
    private Attempt attempt;
    private long answeredNanos;

    /**
     * @param store what {@code probe} checks, as an operator calls it ({@code RocksDB})
     * @param bound how long a probe may take before the server is not ready
     */
    public Readiness(String store, Probe probe, Duration bound) {
        this(store, probe, bound, REUSED_FOR, Clock.systemUTC());
    }

    Readiness(String store, Probe probe, Duration bound, Duration reusedFor, Clock clock) {
        if (bound.isNegative() || bound.isZero()) {
            throw new IllegalArgumentException("the bound must be positive: " + bound);
        }
        this.store = store;
        this.probe = probe;
        this.bound = bound;
        this.reusedForNanos = reusedFor.toNanos();
        this.clock = clock;
        ThreadPoolExecutor pool = new ThreadPoolExecutor(1, 1, 30, TimeUnit.SECONDS, new LinkedBlockingQueue<>(),
                task -> {
                    Thread thread = new Thread(task, "cerulean-readiness-probe");
                    thread.setDaemon(true);
                    return thread;
                });
        pool.allowCoreThreadTimeOut(true); // no thread kept while no one asks
        this.prober = pool;
    }

    /** From now on the server serves: ready when its store is. */
    public void serving() {
        if (phase == Phase.STARTING) {
            phase = Phase.SERVING;
        }
    }

    /** From now on the server is closing: not ready, whatever its store says. */
    public void closing() {
        phase = Phase.CLOSING;
    }

    /**
     * The server's readiness: a report of the last second, the probe under way, or a new probe. The
     * future completes within the bound, on the probe's thread or a timer's: what waits on it must
     * only hand it on.
     */
    public CompletableFuture<ReadinessReport> check() {
        Phase now = phase;
        if (now != Phase.SERVING) {
            return CompletableFuture.completedFuture(ReadinessReport.notReady(store,
                    now == Phase.STARTING ? "the server is starting" : "the server is closing", clock.instant()));
        }
        synchronized (this) {
            long nanos = System.nanoTime();
            if (attempt != null) {
                if (!attempt.answer().isDone() || nanos - answeredNanos < reusedForNanos) {
                    return attempt.answer();
                }
                if (!attempt.probed().isDone()) {
                    return CompletableFuture.completedFuture(ReadinessReport.notReady(store, store
                            + " has not answered for " + seconds(Duration.ofNanos(nanos - attempt.startedNanos()))
                            + " s", clock.instant()));
                }
            }
            attempt = start(nanos);
            return attempt.answer();
        }
    }

    private Attempt start(long startedNanos) {
        CompletableFuture<ReadinessReport> probed = new CompletableFuture<>();
        try {
            prober.execute(() -> probed.complete(probeOnce()));
        } catch (java.util.concurrent.RejectedExecutionException e) {
            probed.complete(ReadinessReport.notReady(store, "the server is closing", clock.instant()));
        }
        CompletableFuture<ReadinessReport> answer = probed.copy().completeOnTimeout(null, bound.toNanos(),
                TimeUnit.NANOSECONDS).thenApply(report -> report != null ? report : ReadinessReport.notReady(store,
                store + " did not answer within " + seconds(bound) + " s", clock.instant()));
        answer.whenComplete((report, failure) -> answered());
        return new Attempt(startedNanos, probed, answer);
    }

    private synchronized void answered() {
        answeredNanos = System.nanoTime();
    }

    private ReadinessReport probeOnce() {
        try {
            Optional<String> failure = probe.run();
            return failure.isEmpty() ? ReadinessReport.ready(store, clock.instant())
                    : ReadinessReport.notReady(store, failure.get(), clock.instant());
        } catch (RuntimeException e) {
            return ReadinessReport.notReady(store, store + " failed the check: " + e, clock.instant());
        }
    }

    private static String seconds(Duration duration) {
        long millis = duration.toMillis();
        return millis % 1000 == 0 ? Long.toString(millis / 1000)
                : String.format(java.util.Locale.ROOT, "%.1f", millis / 1000.0);
    }

    /** Not ready from now on; a probe under way is interrupted. */
    @Override
    public void close() {
        closing();
        prober.shutdownNow();
    }
}
