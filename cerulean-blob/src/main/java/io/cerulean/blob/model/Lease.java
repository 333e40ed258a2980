package io.cerulean.blob.model;

import java.time.Instant;
import java.util.Objects;

/**
 * A blob's or container's lease as stored (contract 5): who holds it, for how long, and whether it
 * is being broken. Its state at a moment is derived, never stored, so that a lease expires or
 * finishes breaking without anyone writing: {@link #state(Instant)}.
 *
 * @param id       the lease's id; null when there is no lease (available)
 * @param duration seconds, 15 to 60, or -1 for a lease that never expires
 * @param expiry   when a lease of fixed duration expires; null for an infinite one
 * @param breakAt  when a lease being broken is broken; null when it is not being broken
 */
public record Lease(String id, int duration, Instant expiry, Instant breakAt) {
    public static final Lease NONE = new Lease(null, 0, null, null);
    public static final int INFINITE = -1;

    /** The states of contract 5.2. */
    public enum State {
        AVAILABLE("available"), LEASED("leased"), EXPIRED("expired"), BREAKING("breaking"), BROKEN("broken");

        private final String wireName;

        State(String wireName) {
            this.wireName = wireName;
        }

        public String wireName() {
            return wireName;
        }

        /** {@code x-ms-lease-status}: locked while someone holds the lease. */
        public String status() {
            return this == LEASED || this == BREAKING ? "locked" : "unlocked";
        }
    }

    public State state(Instant now) {
        if (id == null) {
            return State.AVAILABLE;
        }
        if (breakAt != null) {
            return now.isBefore(breakAt) ? State.BREAKING : State.BROKEN;
        }
        if (expiry != null && !now.isBefore(expiry)) {
            return State.EXPIRED;
        }
        return State.LEASED;
    }

    /** {@code x-ms-lease-duration}, only while leased: {@code infinite} or {@code fixed}. */
    public String durationName() {
        return duration == INFINITE ? "infinite" : "fixed";
    }

    public boolean holds(String leaseId) {
        return id != null && Objects.equals(id.toLowerCase(java.util.Locale.ROOT),
                leaseId == null ? null : leaseId.toLowerCase(java.util.Locale.ROOT));
    }
}
