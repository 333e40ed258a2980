package io.cerulean.tools;

/** The exit codes of the data tools, which scripts may trust. */
public final class ToolExit {
    /** Everything was done. */
    public static final int OK = 0;
    /** The command ran, but some items were refused or failed: its report names them. */
    public static final int SOME_FAILED = 1;
    /** The endpoint or the store could not be reached, or refused the credentials. */
    public static final int UNREACHABLE = 2;
    /** Nothing usable was read: a file or backup that is missing, incomplete or malformed. */
    public static final int BAD_INPUT = 3;
    /** A malformed command line (the {@code cerulean} command's own code for one). */
    public static final int BAD_USAGE = 4;
    /** Interrupted or failed midway: what was done is reported, and a resumable command can go on. */
    public static final int INCOMPLETE = 5;
    /** Refused before anything changed: the target is in use, not empty, or of a kind the command does not take. */
    public static final int REFUSED = 6;

    private ToolExit() {
    }
}
