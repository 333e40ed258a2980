package io.cerulean.it.queue;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;

/**
 * Checks on message times, which travel in whole seconds (RFC 1123): a time the server took between
 * two instants of the test's clock reads between the first, cut to its second, and the second
 * rounded up to the next whole second.
 */
final class MessageTimes {
    /** What a message sent with a time-to-live of -1 reports as its expiry. */
    static final OffsetDateTime NEVER = OffsetDateTime.of(9999, 12, 31, 23, 59, 59, 0, ZoneOffset.UTC);

    private MessageTimes() {
    }

    /** {@code actual} is a time the server read from its clock between {@code before} and {@code after}, plus {@code offset}. */
    static void assertTakenBetween(OffsetDateTime actual, Instant before, Instant after, Duration offset, String what) {
        assertThat(actual).as(what).isNotNull();
        Instant from = before.plus(offset).truncatedTo(ChronoUnit.SECONDS);
        Instant to = after.plus(offset).truncatedTo(ChronoUnit.SECONDS).plusSeconds(1);
        assertThat(actual.toInstant()).as("%s: %s, expected in [%s, %s]", what, actual, from, to)
                .isBetween(from, to);
    }

    /** {@code later} is {@code amount} after {@code earlier}, give or take the one second of rounding. */
    static void assertApart(OffsetDateTime earlier, OffsetDateTime later, Duration amount, String what) {
        Duration apart = Duration.between(earlier, later);
        assertThat(apart).as("%s: %s to %s", what, earlier, later)
                .isBetween(amount.minusSeconds(1), amount.plusSeconds(1));
    }
}
