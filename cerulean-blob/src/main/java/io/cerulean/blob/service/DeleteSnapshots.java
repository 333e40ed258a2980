package io.cerulean.blob.service;

/** What Delete Blob does with the blob's snapshots ({@code x-ms-delete-snapshots}). */
public enum DeleteSnapshots {
    /** None given: refused with 409 SnapshotsPresent if there are any. */
    NONE,
    /** The blob and its snapshots. */
    INCLUDE,
    /** Its snapshots only. */
    ONLY
}
