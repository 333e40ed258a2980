package io.cerulean.http.acl;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Optional;

/**
 * The Start and Expiry of a stored access policy as clients send them: ISO 8601 with {@code Z},
 * with an offset, or without a zone (taken as UTC), any number of fractional digits up to nine,
 * kept to the service's 100 ns tick; and only between 1601 and the end of 9999, the range of the
 * service's DateTime.
 */
final class PolicyTimes {
    private static final Instant MIN = Instant.parse("1601-01-01T00:00:00Z");
    private static final Instant MAX = Instant.parse("9999-12-31T23:59:59.9999999Z");

    private PolicyTimes() {
    }

    /** Empty when {@code text} is no such date-time or lies outside the range. */
    static Optional<Instant> parse(String text) {
        Instant instant;
        try {
            instant = OffsetDateTime.parse(text, DateTimeFormatter.ISO_OFFSET_DATE_TIME).toInstant();
        } catch (DateTimeException withZone) {
            try {
                instant = LocalDateTime.parse(text, DateTimeFormatter.ISO_LOCAL_DATE_TIME).toInstant(ZoneOffset.UTC);
            } catch (DateTimeException noZone) {
                return Optional.empty();
            }
        }
        int nanos = instant.getNano();
        Instant ticks = instant.minusNanos(nanos % 100);
        return ticks.isBefore(MIN) || ticks.isAfter(MAX) ? Optional.empty() : Optional.of(ticks);
    }
}
