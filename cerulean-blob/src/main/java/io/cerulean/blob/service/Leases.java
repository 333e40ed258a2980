package io.cerulean.blob.service;

import io.cerulean.blob.error.BlobError;
import io.cerulean.blob.model.Lease;
import io.cerulean.common.error.ServiceException;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;

/**
 * The lease state machine of contract 5.2, and the lease checks of 5.3 that other operations make.
 * Pure functions of the stored lease and the moment: no I/O.
 */
public final class Leases {
    private Leases() {
    }

    /** A lease action as Lease Blob and Lease Container ask for it. */
    public sealed interface Action {
        /** @param proposedId the id to take, or null for one the service makes up; duration -1 or 15 to 60 */
        record Acquire(String proposedId, int duration) implements Action {
        }

        record Renew(String leaseId) implements Action {
        }

        record Change(String leaseId, String proposedId) implements Action {
        }

        record Release(String leaseId) implements Action {
        }

        /** @param period seconds, 0 to 60, or null for "as the lease's remaining time says" */
        record Break(Integer period) implements Action {
        }
    }

    /** The lease an action leaves, from {@code current} at {@code now}; 409 with the table's code when it cannot. */
    public static Lease apply(Lease current, Action action, Instant now) {
        Lease.State state = current.state(now);
        if (action instanceof Action.Acquire acquire) {
            if (state == Lease.State.LEASED || state == Lease.State.BREAKING) {
                boolean same = current.holds(acquire.proposedId());
                if (state == Lease.State.BREAKING) {
                    throw same ? fail(BlobError.LEASE_IS_BREAKING_AND_CANNOT_BE_ACQUIRED)
                            : fail(BlobError.LEASE_ALREADY_PRESENT);
                }
                if (!same) {
                    throw fail(BlobError.LEASE_ALREADY_PRESENT);
                }
            }
            String id = acquire.proposedId() != null ? acquire.proposedId() : UUID.randomUUID().toString();
            return fresh(id, acquire.duration(), now);
        }
        if (action instanceof Action.Renew renew) {
            if (!current.holds(renew.leaseId())) {
                throw fail(BlobError.LEASE_ID_MISMATCH_WITH_LEASE_OPERATION);
            }
            if (state == Lease.State.BREAKING || state == Lease.State.BROKEN) {
                throw fail(BlobError.LEASE_IS_BROKEN_AND_CANNOT_BE_RENEWED);
            }
            return fresh(current.id(), current.duration(), now);
        }
        if (action instanceof Action.Change change) {
            switch (state) {
                case AVAILABLE, BROKEN, EXPIRED -> throw fail(BlobError.LEASE_NOT_PRESENT_WITH_LEASE_OPERATION);
                case BREAKING -> throw fail(BlobError.LEASE_IS_BREAKING_AND_CANNOT_BE_CHANGED);
                default -> {
                }
            }
            if (current.holds(change.proposedId())) {
                return current; // a retried change: already done
            }
            if (!current.holds(change.leaseId())) {
                throw fail(BlobError.LEASE_ID_MISMATCH_WITH_LEASE_OPERATION);
            }
            return new Lease(change.proposedId(), current.duration(), current.expiry(), null);
        }
        if (action instanceof Action.Release release) {
            if (!current.holds(release.leaseId())) {
                throw fail(BlobError.LEASE_ID_MISMATCH_WITH_LEASE_OPERATION);
            }
            return Lease.NONE;
        }
        Action.Break brk = (Action.Break) action;
        return switch (state) {
            case AVAILABLE -> throw fail(BlobError.LEASE_NOT_PRESENT_WITH_LEASE_OPERATION);
            case BROKEN -> current;
            case EXPIRED -> brokenAt(current, now);
            case BREAKING -> brk.period() != null && brk.period() == 0 ? brokenAt(current, now) : current;
            case LEASED -> {
                long remaining = current.duration() == Lease.INFINITE ? Long.MAX_VALUE
                        : Math.max(0, Duration.between(now, current.expiry()).toMillis());
                long breakMillis = brk.period() == null
                        ? (current.duration() == Lease.INFINITE ? 0 : remaining)
                        : Math.min(brk.period() * 1000L, remaining);
                yield breakMillis == 0 ? brokenAt(current, now)
                        : new Lease(current.id(), current.duration(), current.expiry(), now.plusMillis(breakMillis));
            }
        };
    }

    /** Seconds until a breaking lease is broken (0 once it is): Break Lease's {@code x-ms-lease-time}. */
    public static long secondsToBreak(Lease lease, Instant now) {
        if (lease.breakAt() == null || !now.isBefore(lease.breakAt())) {
            return 0;
        }
        return (Duration.between(now, lease.breakAt()).toMillis() + 999) / 1000;
    }

    private static Lease fresh(String id, int duration, Instant now) {
        return new Lease(id, duration, duration == Lease.INFINITE ? null : now.plusSeconds(duration), null);
    }

    private static Lease brokenAt(Lease current, Instant now) {
        return new Lease(current.id(), current.duration(), current.expiry(), now);
    }

    /** A write to a blob (contract 5.3): the lease's holder only, and a lease id only where there is a lease. */
    static void checkBlobWrite(Lease lease, String leaseId, Instant now) {
        switch (lease.state(now)) {
            case LEASED, BREAKING -> {
                if (leaseId == null) {
                    throw fail(BlobError.LEASE_ID_MISSING);
                }
                if (!lease.holds(leaseId)) {
                    throw fail(BlobError.LEASE_ID_MISMATCH_WITH_BLOB_OPERATION);
                }
            }
            case AVAILABLE -> {
                if (leaseId != null) {
                    throw fail(BlobError.LEASE_NOT_PRESENT_WITH_BLOB_OPERATION);
                }
            }
            case EXPIRED, BROKEN -> {
                if (leaseId != null) {
                    throw fail(BlobError.LEASE_LOST);
                }
            }
        }
    }

    /** A read of a blob, or a snapshot of it: a lease id, if sent, must be the active lease's. */
    static void checkBlobRead(Lease lease, String leaseId, Instant now) {
        if (leaseId == null) {
            return;
        }
        Lease.State state = lease.state(now);
        if (state != Lease.State.LEASED && state != Lease.State.BREAKING) {
            throw fail(BlobError.LEASE_NOT_PRESENT_WITH_BLOB_OPERATION);
        }
        if (!lease.holds(leaseId)) {
            throw fail(BlobError.LEASE_ID_MISMATCH_WITH_BLOB_OPERATION);
        }
    }

    /**
     * An operation on a container: Delete Container needs the active lease's id; any other needs none,
     * but an id sent must be the active lease's.
     */
    static void checkContainer(Lease lease, String leaseId, boolean delete, Instant now) {
        Lease.State state = lease.state(now);
        boolean active = state == Lease.State.LEASED || state == Lease.State.BREAKING;
        if (leaseId == null) {
            if (delete && active) {
                throw fail(BlobError.LEASE_ID_MISSING);
            }
            return;
        }
        if (!active) {
            throw fail(BlobError.LEASE_NOT_PRESENT_WITH_CONTAINER_OPERATION);
        }
        if (!lease.holds(leaseId)) {
            throw fail(BlobError.LEASE_ID_MISMATCH_WITH_CONTAINER_OPERATION);
        }
    }

    private static ServiceException fail(BlobError error) {
        return new ServiceException(error);
    }
}
