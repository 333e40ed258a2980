package io.cerulean.table.time;

import io.cerulean.storage.state.Lease;
import io.cerulean.table.model.DateTimes;
import java.time.Instant;
import java.util.function.LongSupplier;

/**
 * The source of entity Timestamps (and so ETags): wall-clock time in 100 ns ticks that never
 * repeats and never goes backwards, also within one tick, across threads and across restarts.
 *
 * <p>Each value is {@code max(wall clock, previous + 1)}, and greater than any version it is shown
 * ({@link #nextTicksAfter}). Alone this makes ticks unique per clock; servers sharing a store each
 * have a clock and may issue the same tick, so the writers of entities condition every write on the
 * version they read and take a tick after it: an entity's versions then strictly increase whichever
 * server writes it. Restarts are covered by a lease: before
 * issuing a tick beyond the persisted high-water mark the clock durably raises the mark by
 * {@link #LEASE_TICKS}, and a restarted clock starts above the mark. So a wall clock that moved
 * backwards between runs cannot hand an entity an ETag it had before. Servers sharing a store share
 * the mark: each raises it, none lowers it, and a clock starting on a mark another server raised
 * starts above everything that server issued until then.
 *
 * <p>Thread-safe: {@link #next()} is one short critical section.
 */
public final class HybridClock {
    /** The server state's lease this clock's high-water mark is kept under. */
    public static final String LEASE = "clock-lease";
    /** How far ahead the high-water mark is raised: 3 seconds of ticks. */
    public static final long LEASE_TICKS = 3 * 10_000_000L;

    private final LongSupplier wallTicks;
    private final Lease lease;
    private long last; // @GuardedBy("this")
    private long leasedUntil; // @GuardedBy("this")

    public HybridClock(LongSupplier wallTicks, Lease lease) {
        this.wallTicks = wallTicks;
        this.lease = lease;
        long mark = lease.load();
        this.last = mark;
        this.leasedUntil = mark;
    }

    /** A clock on the system's wall time. */
    public static HybridClock system(Lease lease) {
        return new HybridClock(() -> DateTimes.toEpochTicks(Instant.now()), lease);
    }

    /** The next tick: greater than every tick this clock (or its predecessors on the same lease) issued. */
    public long nextTicks() {
        return nextTicksAfter(Long.MIN_VALUE);
    }

    /**
     * The next tick, also greater than {@code observed}: a version read from the store, which
     * another server's clock may have issued ahead of this one. The clock keeps it, as a hybrid
     * logical clock keeps the time of a message it receives, so its later ticks are greater too.
     * Pass only what the store holds, never a client's value: the clock cannot be moved back.
     */
    public synchronized long nextTicksAfter(long observed) {
        long next = Math.max(wallTicks.getAsLong(), Math.max(last, observed) + 1);
        if (next > leasedUntil) {
            long mark = next + LEASE_TICKS;
            lease.raise(mark);
            leasedUntil = mark;
        }
        last = next;
        return next;
    }

    /** {@link #nextTicks()} as an instant. */
    public Instant next() {
        return DateTimes.fromEpochTicks(nextTicks());
    }
}
