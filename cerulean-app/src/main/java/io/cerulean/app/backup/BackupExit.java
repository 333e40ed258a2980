package io.cerulean.app.backup;

import io.cerulean.tools.ToolExit;

/** The exit codes of {@code cerulean backup} and {@code cerulean restore}, which scripts may trust. */
final class BackupExit {
    static final int OK = ToolExit.OK;
    /** The backup read is incomplete (no manifest), not whole, malformed or of a newer format. */
    static final int BAD_BACKUP = ToolExit.BAD_INPUT;
    /** A malformed command line. */
    static final int BAD_USAGE = ToolExit.BAD_USAGE;
    /** Failed midway, reading or writing (a full disk, a server that stopped): see the message. */
    static final int FAILED = ToolExit.INCOMPLETE;
    /**
     * Refused, nothing changed: no server runs and there is no data directory, the directory is in
     * use, the target is not empty, or the store keeps no files here (Cassandra, memory).
     */
    static final int REFUSED = ToolExit.REFUSED;

    private BackupExit() {
    }

    static int of(BackupException e) {
        return switch (e.reason()) {
            case REFUSED -> REFUSED;
            case BAD_BACKUP -> BAD_BACKUP;
            case FAILED -> FAILED;
        };
    }
}
