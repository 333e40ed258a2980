package io.cerulean.http.message;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * Instants as the services write them in error messages, UTC with seven fractional digits:
 * {@code 2021-07-08T09:10:09.1234567Z}. Requests refused by the thousand (a missing entity, a
 * taken key) each carry one, so the part up to the second is kept for the second it names and
 * only the fraction is written each time.
 */
public final class SevenDigitTimes {
    private static final DateTimeFormatter TO_THE_SECOND =
            DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss").withZone(ZoneOffset.UTC);

    /** The last second formatted, which every error in that second shares. */
    private static volatile FormattedSecond last = new FormattedSecond(Long.MIN_VALUE, "");

    private record FormattedSecond(long epochSecond, String text) {
    }

    private SevenDigitTimes() {
    }

    public static String format(Instant instant) {
        FormattedSecond second = last;
        if (second.epochSecond() != instant.getEpochSecond()) {
            second = new FormattedSecond(instant.getEpochSecond(), TO_THE_SECOND.format(instant));
            last = second;
        }
        char[] fraction = {'.', '0', '0', '0', '0', '0', '0', '0', 'Z'};
        int ticks = instant.getNano() / 100;
        for (int i = 7; i >= 1; i--) {
            fraction[i] = (char) ('0' + ticks % 10);
            ticks /= 10;
        }
        return second.text().concat(new String(fraction));
    }
}
