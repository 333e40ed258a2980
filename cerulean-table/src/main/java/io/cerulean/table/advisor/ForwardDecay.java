package io.cerulean.table.advisor;

import java.time.Duration;

/**
 * Exponentially decayed counts by forward decay: an event at time {@code t} is added with weight
 * {@code exp((t - landmark) / window)}, so stored counts never need decaying one by one; a count's
 * value now is the stored one times {@code exp(-(now - landmark) / window)}. A steady rate of
 * {@code r} a second converges to {@code r * window}, so value over window is a rate. When the
 * weights grow large the owner rescales what it stores ({@link #rebase}) and the landmark moves to
 * now. Not thread-safe: its owner's lock guards it.
 */
final class ForwardDecay {
    /** Weights stay below e^40 before a rebase, far inside a double's range. */
    private static final double MAX_EXPONENT = 40;

    private final double windowNanos;
    private long landmark;

    ForwardDecay(Duration window, long now) {
        this.windowNanos = window.toNanos();
        this.landmark = now;
    }

    /** The weight of one event at {@code now}. */
    double weight(long now) {
        return Math.exp((now - landmark) / windowNanos);
    }

    /** Whether weights at {@code now} have grown enough that the owner should {@link #rebase}. */
    boolean needsRebase(long now) {
        return (now - landmark) / windowNanos > MAX_EXPONENT;
    }

    /** Moves the landmark to {@code now}; returns the factor every stored count must be multiplied by. */
    double rebase(long now) {
        double factor = Math.exp(-(now - landmark) / windowNanos);
        landmark = now;
        return factor;
    }

    /** What a stored count is worth at {@code now}. */
    double valueNow(double stored, long now) {
        return stored * Math.exp(-(now - landmark) / windowNanos);
    }

    /** A stored count at {@code now} as a rate per second. */
    double ratePerSecond(double stored, long now) {
        return valueNow(stored, now) / (windowNanos / 1e9);
    }
}
