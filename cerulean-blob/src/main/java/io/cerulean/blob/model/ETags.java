package io.cerulean.blob.model;

import java.util.Locale;

/**
 * ETags as the Blob service writes them: {@code "0x"} and the version in upper-case hex, quoted
 * in headers and container listings, bare in blob listings. Versions are drawn from a clock of
 * 100 ns ticks and always move forward for one resource ({@link #next}), so ETags look like
 * Azure's and never repeat for a blob.
 */
public final class ETags {
    private ETags() {
    }

    public static String bare(long version) {
        return "0x" + Long.toHexString(version).toUpperCase(Locale.ROOT);
    }

    public static String quoted(long version) {
        return "\"" + bare(version) + "\"";
    }

    /** The version a change made at {@code nowTicks} gets: later than {@code previous}, which it replaces. */
    public static long next(long nowTicks, long previous) {
        return Math.max(nowTicks, previous + 1);
    }
}
