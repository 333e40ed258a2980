package io.cerulean.http.message;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * Dates in the HTTP form (RFC 7231 IMF-fixdate, {@code Tue, 01 Feb 2022 20:52:39 GMT}). The JDK's
 * RFC 1123 formatter writes single-digit days ({@code Tue, 1 Feb}), which fixed-width parsers in
 * the SDKs reject.
 */
public final class HttpDates {
    private static final DateTimeFormatter IMF_FIXDATE =
            DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.US).withZone(ZoneOffset.UTC);

    private HttpDates() {
    }

    /** The last second formatted: every response carries the current one, which changes once a second. */
    private static volatile FormattedSecond last = new FormattedSecond(Long.MIN_VALUE, "");

    private record FormattedSecond(long epochSecond, String text) {
    }

    public static String format(Instant instant) {
        FormattedSecond cached = last;
        if (cached.epochSecond() == instant.getEpochSecond()) {
            return cached.text();
        }
        String text = IMF_FIXDATE.format(instant);
        last = new FormattedSecond(instant.getEpochSecond(), text);
        return text;
    }
}
