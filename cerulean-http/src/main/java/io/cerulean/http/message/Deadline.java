package io.cerulean.http.message;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import java.time.Duration;

/**
 * When a request must be done by: its arrival plus the REST {@code timeout} it asked for (see
 * {@link ServerTimeout}), or never when it asked for none. Read from {@link System#nanoTime()}, so
 * a change of the wall clock moves no deadline. An operation checks it ({@link #check()}) before
 * it commits and between the steps of a long one; what it did not commit stays undone.
 *
 * @param arrivedNanos when the request arrived, on {@link System#nanoTime()}'s scale
 * @param limitNanos   how long it may take from then; {@link Long#MAX_VALUE} for no limit
 */
public record Deadline(long arrivedNanos, long limitNanos) {
    public Deadline {
        if (limitNanos < 0) {
            throw new IllegalArgumentException("a time limit cannot be negative: " + limitNanos);
        }
    }

    /** A request that arrived now and has no limit yet. */
    public static Deadline arrivedNow() {
        return new Deadline(System.nanoTime(), Long.MAX_VALUE);
    }

    /** The same arrival, with {@code limit} to finish in. */
    public Deadline within(Duration limit) {
        return new Deadline(arrivedNanos, limit.toNanos());
    }

    /** Whether a limit was set. */
    public boolean limited() {
        return limitNanos != Long.MAX_VALUE;
    }

    /** The time left, zero once it passed; {@code ceiling} when that is sooner, or when there is no limit. */
    public Duration remaining(Duration ceiling) {
        if (!limited()) {
            return ceiling;
        }
        long left = remainingNanos();
        return left < ceiling.toNanos() ? Duration.ofNanos(left) : ceiling;
    }

    /** The nanoseconds left, 0 once the time is up; {@link Long#MAX_VALUE} with no limit. */
    public long remainingNanos() {
        return limited() ? Math.max(0, limitNanos - (System.nanoTime() - arrivedNanos)) : Long.MAX_VALUE;
    }

    /** Whether the time is up. */
    public boolean passed() {
        return limited() && System.nanoTime() - arrivedNanos >= limitNanos;
    }

    /** @throws ServiceException 500 OperationTimedOut when the time is up */
    public void check() {
        if (passed()) {
            throw timedOut();
        }
    }

    /** 500 OperationTimedOut, as the services answer a request that ran out of time. */
    public static ServiceException timedOut() {
        return new ServiceException(CommonError.OPERATION_TIMED_OUT);
    }
}
