package io.cerulean.blob.model;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * What a blob that was the destination of a copy remembers of it ({@code x-ms-copy-*}). A copy
 * Cerulean finishes before its answer is recorded as succeeded; one that runs in the background is
 * pending, with the bytes copied so far, until it succeeds, fails or is aborted. A pending copy moves
 * on at least every {@link #STALLED_AFTER} while a server copies it, so one that has not moved for
 * longer was left by a server that stopped, and is failed from then on ({@link #at}).
 *
 * @param source      the source's URL as the request named it
 * @param copied      the bytes copied so far
 * @param length      the bytes to copy: the progress is {@code copied/length}
 * @param description why a copy failed or was aborted; null otherwise
 * @param completed   when it finished (or, while pending, when it began)
 * @param progressed  while pending, when it last moved on; null once finished, and for a copy whose bytes
 *                    are in, pending until its destination is rehydrated ({@link #awaitsRehydration})
 * @param incrementalSnapshot for an incremental copy, the moment of the destination snapshot it made
 *                    ({@link BlobProperties#BASE} for any other copy)
 * @param settings    while pending, what the copy sets on its destination once complete; null when none
 */
public record CopyInfo(String id, String source, Status status, long copied, long length, String description,
                       Instant completed, Instant progressed, long incrementalSnapshot, DestinationSettings settings) {
    /** How long a pending copy may go without moving on before it is taken for failed. */
    public static final Duration STALLED_AFTER = Duration.ofSeconds(60);

    /** {@code x-ms-copy-status}. */
    public enum Status {
        PENDING("pending"), SUCCESS("success"), ABORTED("aborted"), FAILED("failed");

        private final String wireName;

        Status(String wireName) {
            this.wireName = wireName;
        }

        public String wireName() {
            return wireName;
        }
    }

    public CopyInfo {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(completed, "completed");
    }

    /** A copy with no settings kept. */
    public CopyInfo(String id, String source, Status status, long copied, long length, String description,
                    Instant completed, Instant progressed, long incrementalSnapshot) {
        this(id, source, status, copied, length, description, completed, progressed, incrementalSnapshot, null);
    }

    /** A copy that succeeded at {@code completed}, {@code length} bytes. */
    public CopyInfo(String id, String source, Instant completed, long length) {
        this(id, source, Status.SUCCESS, length, length, null, completed, null, BlobProperties.BASE);
    }

    /** A copy of {@code length} bytes begun at {@code now}, none of them copied yet. */
    public static CopyInfo pending(String id, String source, long length, Instant now) {
        return new CopyInfo(id, source, Status.PENDING, 0, length, null, now, now, BlobProperties.BASE);
    }

    /**
     * A copy of {@code length} bytes, all in at {@code begun}, pending until its destination's
     * rehydration from Archive completes; no one writes its success: it is read as succeeded from
     * that moment, with the tier (see the service's {@code Tiers.settled}).
     */
    public static CopyInfo awaitingRehydration(String id, String source, long length, Instant begun) {
        return new CopyInfo(id, source, Status.PENDING, length, length, null, begun, null, BlobProperties.BASE);
    }

    /** This pending copy, its bytes all in, awaiting its destination's rehydration; its settings applied. */
    public CopyInfo awaitingRehydration() {
        return new CopyInfo(id, source, Status.PENDING, length, length, null, completed, null, incrementalSnapshot);
    }

    /** Whether this copy has its bytes and waits for its destination's rehydration to succeed. */
    public boolean awaitsRehydration() {
        return status == Status.PENDING && progressed == null;
    }

    /** This pending copy keeping {@code settings} to apply once complete. */
    public CopyInfo withSettings(DestinationSettings settings) {
        return new CopyInfo(id, source, status, copied, length, description, completed, progressed,
                incrementalSnapshot, settings);
    }

    /**
     * Whether this copy is pending at {@code now}: pending, and moved on within {@link #STALLED_AFTER}
     * or waiting for its destination's rehydration, which no server drives.
     */
    public boolean pendingAt(Instant now) {
        return status == Status.PENDING && (progressed == null || !progressed.plus(STALLED_AFTER).isBefore(now));
    }

    /** This copy as it stands at {@code now}: a pending copy that stalled is failed. */
    public CopyInfo at(Instant now) {
        if (status != Status.PENDING || pendingAt(now)) {
            return this;
        }
        return finished(Status.FAILED, "The copy stopped: the server copying it stopped before it finished.",
                progressed.plus(STALLED_AFTER));
    }

    /** This pending copy, {@code copied} bytes in, at {@code now}. */
    public CopyInfo progressedTo(long copied, Instant now) {
        return new CopyInfo(id, source, status, copied, length, description, completed, now, incrementalSnapshot,
                settings);
    }

    /** This copy finished at {@code now} as {@code status}, for {@code why} (null on success); its settings done. */
    public CopyInfo finished(Status status, String why, Instant now) {
        return new CopyInfo(id, source, status, status == Status.SUCCESS ? length : copied, length, why, now, null,
                incrementalSnapshot);
    }

    /** This copy, as an incremental copy that made the destination snapshot {@code snapshot}. */
    public CopyInfo withIncrementalSnapshot(long snapshot) {
        return new CopyInfo(id, source, status, copied, length, description, completed, progressed, snapshot,
                settings);
    }

    /** Whether this record says more than a copy that succeeded: it is kept in the record's optional field. */
    public boolean hasState() {
        return status != Status.SUCCESS || copied != length || description != null || progressed != null
                || incrementalSnapshot != BlobProperties.BASE || settings != null;
    }

    public String progress() {
        return copied + "/" + length;
    }
}
