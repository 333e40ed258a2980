package io.cerulean.bench.client;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * The {@code x-ms-date} value, RFC 1123. It changes once a second, so it is formatted once a
 * second and shared by every thread; signatures over constant paths are cached on it as well.
 */
public final class HttpDate {
    private static final DateTimeFormatter RFC_1123 =
            DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.US).withZone(ZoneOffset.UTC);

    private record Stamp(long second, String text) {
    }

    // Racy by design: two threads crossing a second may both format it; each sees a consistent Stamp.
    private static volatile Stamp current = new Stamp(Long.MIN_VALUE, "");

    private HttpDate() {
    }

    public static String now() {
        long second = System.currentTimeMillis() / 1000;
        Stamp stamp = current;
        if (stamp.second != second) {
            stamp = new Stamp(second, format(second));
            current = stamp;
        }
        return stamp.text;
    }

    static String format(long epochSecond) {
        return RFC_1123.format(Instant.ofEpochSecond(epochSecond));
    }
}
