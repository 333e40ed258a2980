package io.cerulean.core.model;

import io.cerulean.core.error.ErrorCode;
import io.cerulean.core.error.TableServiceException;
import java.time.Instant;
import java.util.Optional;

/**
 * Entity ETags, derived from the entity's Timestamp as the service does:
 * {@code W/"datetime'2022-02-01T20%3A52%3A40.2654859Z'"}. Timestamps are unique per write (see
 * {@link io.cerulean.core.time.HybridClock}), so an ETag never repeats for an entity.
 */
public final class ETag {
    private static final String PREFIX = "W/\"datetime'";
    private static final String SUFFIX = "'\"";

    private ETag() {
    }

    /** The ETag of an entity written at {@code timestamp}. */
    public static String of(Instant timestamp) {
        return ofFormatted(DateTimes.format(timestamp));
    }

    /**
     * The ETag of an entity whose Timestamp, as {@link DateTimes#format} writes it, is
     * {@code timestamp}: for a writer that has formatted it already.
     */
    public static String ofFormatted(String timestamp) {
        return PREFIX + timestamp.replace(":", "%3A") + SUFFIX;
    }

    /**
     * The timestamp an ETag names. Clients echo what they were sent, but parsing (rather than
     * comparing strings) also accepts an equivalent spelling, e.g. {@code :} unescaped.
     *
     * @throws TableServiceException InvalidInput when the value is not an ETag of this form
     */
    public static Instant parse(String etag) {
        return tryParse(etag).orElseThrow(() -> new TableServiceException(ErrorCode.INVALID_INPUT,
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
