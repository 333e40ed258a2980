package io.cerulean.blob.service;

/** What List Blobs includes beside committed blobs. */
public record Include(boolean snapshots, boolean uncommitted, boolean versions, boolean deleted) {
    public static final Include NONE = new Include(false, false, false, false);

    public Include(boolean snapshots, boolean uncommitted) {
        this(snapshots, uncommitted, false, false);
    }
}
