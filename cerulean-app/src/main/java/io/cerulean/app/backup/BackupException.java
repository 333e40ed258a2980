package io.cerulean.app.backup;

/** A backup or restore that did not happen, or did not finish, and why, in words for a person. */
final class BackupException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** Why, as the exit code tells it. */
    enum Reason {
        /** Refused before anything was changed: a target in use or not empty, a store with no files. */
        REFUSED,
        /** The backup read is incomplete, malformed or of a newer format. */
        BAD_BACKUP,
        /** Failed midway, reading or writing. */
        FAILED
    }

    private final Reason reason;

    BackupException(Reason reason, String message) {
        this(reason, message, null);
    }

    BackupException(Reason reason, String message, Throwable cause) {
        super(message, cause);
        this.reason = reason;
    }

    Reason reason() {
        return reason;
    }
}
