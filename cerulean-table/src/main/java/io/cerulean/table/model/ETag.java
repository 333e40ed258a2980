package io.cerulean.table.model;

import io.cerulean.common.error.CommonError;
import io.cerulean.table.error.TableServiceException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Optional;

/**
 * Entity ETags, derived from the entity's Timestamp as the service does:
 * {@code W/"datetime'2022-02-01T20%3A52%3A40.2654859Z'"}. Timestamps are unique per write (see
 * {@link io.cerulean.table.time.HybridClock}), so an ETag never repeats for an entity.
 */
public final class ETag {
    private static final String PREFIX = "W/\"datetime'";
    private static final String SUFFIX = "'\"";

    private ETag() {
    }

    /** The most bytes {@link #write} writes. */
    public static final int MAX_WRITTEN_LENGTH = PREFIX.length() + DateTimes.MAX_WRITTEN_LENGTH + 4 + SUFFIX.length();

    /** The ETag of an entity written at {@code timestamp}. */
    public static String of(Instant timestamp) {
        byte[] etag = new byte[MAX_WRITTEN_LENGTH];
        int length = write(DateTimes.toEpochTicks(timestamp), etag, 0);
        return new String(etag, 0, length, StandardCharsets.US_ASCII);
    }

    /**
     * Writes the ETag of an entity written at {@code epochTicks} as ASCII at {@code out[at]}, at
     * most {@link #MAX_WRITTEN_LENGTH} bytes, and returns the index after it: a writer of JSON puts
     * each entity's ETag straight into its output this way.
     */
    public static int write(long epochTicks, byte[] out, int at) {
        int time = ascii(PREFIX, out, at);
        int end = DateTimes.write(epochTicks, out, time);
        // The time's two colons become %3A: what follows the first moves right by two, the second by four.
        System.arraycopy(out, time + 17, out, time + 21, end - (time + 17));
        System.arraycopy(out, time + 14, out, time + 16, 2);
        ascii("%3A", out, time + 13);
        ascii("%3A", out, time + 18);
        return ascii(SUFFIX, out, end + 4);
    }

    private static int ascii(String text, byte[] out, int at) {
        for (int i = 0; i < text.length(); i++) {
            out[at + i] = (byte) text.charAt(i);
        }
        return at + text.length();
    }

    /**
     * The timestamp an ETag names. Clients echo what they were sent, but parsing (rather than
     * comparing strings) also accepts an equivalent spelling, e.g. {@code :} unescaped.
     *
     * @throws TableServiceException InvalidInput when the value is not an ETag of this form
     */
    public static Instant parse(String etag) {
        return tryParse(etag).orElseThrow(() -> new TableServiceException(CommonError.INVALID_INPUT,
                "The etag value '" + etag + "' specified in one of the request headers is not valid. "
                        + "Please make sure only one etag value is specified and is valid."));
    }

    public static Optional<Instant> tryParse(String etag) {
        if (etag == null || !etag.startsWith(PREFIX) || !etag.endsWith(SUFFIX)
                || etag.length() < PREFIX.length() + SUFFIX.length()) {
            return Optional.empty();
        }
        String inner = etag.substring(PREFIX.length(), etag.length() - SUFFIX.length());
        return DateTimes.parse(inner.replace("%3A", ":").replace("%3a", ":"));
    }
}
