package io.cerulean.app.metrics;

import io.cerulean.storage.CommitOutcome;
import io.cerulean.storage.ForwardingKeyValueStore;
import io.cerulean.storage.KeyValueStore;
import io.cerulean.storage.RecordMutation;
import io.cerulean.storage.Space;
import io.cerulean.storage.StoreUnavailableException;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A store whose commits and durability waits are timed, the same way for every store:
 * {@code cerulean_store_commit_seconds{store, outcome}} from the call to its return, and
 * {@code cerulean_store_durable_seconds{store}} from {@link #whenDurable} asked to completed. Buckets
 * are fixed (0.1 ms to 5 s), so servers' histograms add up; nothing is computed per request but
 * the bucket increments.
 */
final class MeteredKeyValueStore extends ForwardingKeyValueStore {
    /** From a memory store's commit to a cluster's slowest quorum write, in steps a dashboard can tell apart. */
    static final Duration[] BUCKETS = {Duration.ofNanos(100_000), Duration.ofNanos(250_000),
            Duration.ofNanos(500_000), Duration.ofMillis(1), Duration.ofMillis(2), Duration.ofMillis(5),
            Duration.ofMillis(10), Duration.ofMillis(25), Duration.ofMillis(50), Duration.ofMillis(100),
            Duration.ofMillis(250), Duration.ofMillis(500), Duration.ofSeconds(1), Duration.ofMillis(2_500),
            Duration.ofSeconds(5)};

    private final StoreMeters meters;
    private final Timer committed;
    private final Timer preconditionFailed;
    private final Timer unavailable;
    private final Timer durable;

    MeteredKeyValueStore(KeyValueStore store, String tag, StoreMeters meters) {
        super(store);
        this.meters = meters;
        this.committed = commitTimer(tag, "committed");
        this.preconditionFailed = commitTimer(tag, "precondition_failed");
        this.unavailable = commitTimer(tag, "unavailable");
        this.durable = meters.add(Timer.builder("cerulean.store.durable")
                .description("From a writer asking to be told its commits are durable to being told")
                .tag("store", tag).serviceLevelObjectives(BUCKETS).register(meters.registry()));
    }

    private Timer commitTimer(String tag, String outcome) {
        return meters.add(Timer.builder("cerulean.store.commit")
                .description("Commits to the record store, from call to return (visible, not yet durable)")
                .tags("store", tag, "outcome", outcome).serviceLevelObjectives(BUCKETS).register(meters.registry()));
    }

    @Override
    public CommitOutcome commit(Space space, byte[] partition, List<RecordMutation> mutations) {
        long started = System.nanoTime();
        Timer timer = unavailable;
        try {
            CommitOutcome outcome = store.commit(space, partition, mutations);
            timer = outcome instanceof CommitOutcome.Applied ? committed : preconditionFailed;
            return outcome;
        } catch (StoreUnavailableException e) {
            throw e;
        } catch (RuntimeException e) {
            timer = null; // a bug or a refused argument is no store outcome
            throw e;
        } finally {
            if (timer != null) {
                timer.record(System.nanoTime() - started, TimeUnit.NANOSECONDS);
            }
        }
    }

    @Override
    public CompletableFuture<Void> whenDurable() {
        long asked = System.nanoTime();
        CompletableFuture<Void> done = store.whenDurable();
        // Already durable too (a memory store, or nothing written since the last sync): a wait of nothing.
        done.whenComplete((ignored, failure) -> durable.record(System.nanoTime() - asked,
                TimeUnit.NANOSECONDS));
        return done;
    }

    /** Closes the store, then removes the database's meters: nothing reads a closed store. */
    @Override
    public void close() {
        try {
            store.close();
        } finally {
            meters.removeAll();
        }
    }
}
