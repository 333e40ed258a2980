package io.cerulean.tools.progress;

/** How {@link Progress} is shown. */
public enum ProgressStyle {
    /** One line redrawn in place. */
    TERMINAL,
    /** A plain line every few seconds: for pipes, files and CI logs. */
    PLAIN,
    /** Nothing but the outcome. */
    QUIET;

    /** {@link #QUIET} when asked, else {@link #TERMINAL} when there is a terminal, else {@link #PLAIN}. */
    public static ProgressStyle choose(boolean quiet) {
        if (quiet) {
            return QUIET;
        }
        return System.console() != null ? TERMINAL : PLAIN;
    }
}
