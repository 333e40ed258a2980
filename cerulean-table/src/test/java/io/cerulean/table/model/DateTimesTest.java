package io.cerulean.table.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class DateTimesTest {
    /** Checks the digit-writing formatter against java.time's, for instants across the whole stored range. */
    @Test
    void formatAgreesWithJavaTimeAcrossTheServiceRange() {
        java.util.Random random = new java.util.Random(7);
        long min = DateTimes.MIN.getEpochSecond();
        long max = DateTimes.MAX.getEpochSecond();
        java.time.format.DateTimeFormatter seconds =
                java.time.format.DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss").withZone(java.time.ZoneOffset.UTC);
        for (int i = 0; i < 20_000; i++) {
            long second = min + (long) (random.nextDouble() * (max - min));
            int ticks = switch (i % 4) {
                case 0 -> 0;
                case 1 -> random.nextInt(10) * 1_000_000;
                default -> random.nextInt(10_000_000);
            };
            Instant instant = Instant.ofEpochSecond(second, ticks * 100L);
            String fraction = String.format("%07d", ticks);
            String trimmed = fraction.replaceAll("0+$", "");
            String expected = seconds.format(instant) + (trimmed.isEmpty() ? "" : "." + trimmed) + "Z";
            assertThat(DateTimes.format(instant)).as("%s", instant).isEqualTo(expected);
            assertThat(DateTimes.formatSevenDigits(instant)).isEqualTo(seconds.format(instant) + "." + fraction + "Z");
        }
        // Outside any stored date, a year of five digits is written whole.
        assertThat(DateTimes.format(Instant.parse("+10000-01-02T03:04:05.5Z"))).isEqualTo("10000-01-02T03:04:05.5Z");
    }

    @Test
    void formatTrimsTrailingFractionalZerosAsTheServiceDoes() {
        assertThat(DateTimes.format(Instant.parse("2012-10-02T03:03:15Z"))).isEqualTo("2012-10-02T03:03:15Z");
        assertThat(DateTimes.format(Instant.parse("2019-07-10T18:59:59.999Z"))).isEqualTo("2019-07-10T18:59:59.999Z");
        assertThat(DateTimes.format(Instant.parse("2021-10-15T16:13:10.7791241Z")))
                .isEqualTo("2021-10-15T16:13:10.7791241Z");
        assertThat(DateTimes.format(Instant.parse("0001-01-01T00:00:00.0000001Z"))).isEqualTo("0001-01-01T00:00:00.0000001Z");
    }

    @Test
    void sevenDigitFormIsAlwaysSevenDigits() {
        assertThat(DateTimes.formatSevenDigits(Instant.parse("2021-07-08T09:10:09Z")))
                .isEqualTo("2021-07-08T09:10:09.0000000Z");
    }

    @Test
    void parseAcceptsWhatClientsSendAndTruncatesToTicks() {
        assertThat(DateTimes.parse("2008-07-10T00:00:00")).contains(Instant.parse("2008-07-10T00:00:00Z"));
        assertThat(DateTimes.parse("2008-07-10T02:00:00+02:00")).contains(Instant.parse("2008-07-10T00:00:00Z"));
        assertThat(DateTimes.parse("2020-10-01T00:38:36.310293Z")).contains(Instant.parse("2020-10-01T00:38:36.310293Z"));
        assertThat(DateTimes.parse("2020-10-01T00:38:36.123456789Z"))
                .contains(Instant.parse("2020-10-01T00:38:36.1234567Z"));
    }

    @Test
    void parseRefusesNonsenseAndDatesOutsideTheServiceRange() {
        assertThat(DateTimes.parse("")).isEmpty();
        assertThat(DateTimes.parse("yesterday")).isEmpty();
        assertThat(DateTimes.parse("1600-12-31T23:59:59Z")).isEmpty();
        assertThat(DateTimes.parse("1601-01-01T00:00:00Z")).isPresent();
    }

    @Test
    void ticksRoundTrip() {
        Instant instant = Instant.parse("1999-12-31T23:59:59.9999999Z");
        assertThat(DateTimes.fromEpochTicks(DateTimes.toEpochTicks(instant))).isEqualTo(instant);
        Instant early = Instant.parse("1601-01-01T00:00:00.0000001Z");
        assertThat(DateTimes.fromEpochTicks(DateTimes.toEpochTicks(early))).isEqualTo(early);
    }

    @Test
    void theFastPathAgreesWithJavaTimeOnEveryShapeItTakes() {
        java.util.Random random = new java.util.Random(7);
        for (int i = 0; i < 20_000; i++) {
            Instant instant = Instant.ofEpochSecond(random.nextLong(DateTimes.MIN.getEpochSecond(),
                    DateTimes.MAX.getEpochSecond()), random.nextInt(1_000_000_000));
            String iso = instant.toString(); // yyyy-MM-ddTHH:mm:ss[.fff[fff[fff]]]Z
            assertThat(DateTimes.parse(iso)).as(iso).contains(DateTimes.truncateToTicks(instant));
        }
        assertThat(DateTimes.parse("2024-02-30T00:00:00Z")).isEmpty();
        assertThat(DateTimes.parse("2024-02-29T23:59:59.1Z")).contains(Instant.parse("2024-02-29T23:59:59.1Z"));
        assertThat(DateTimes.parse("2023-01-01T24:00:00Z")).isEmpty();
        assertThat(DateTimes.parse("2023-01-01T00:00:00.1234567890Z")).isEmpty();
        assertThat(DateTimes.parse("2023-1-01T00:00:00Z")).isEmpty();
    }

    /** Writing into an array gives the formatted text, at any offset, for the four-digit years it takes. */
    @Test
    void writeGivesTheFormattedTextAtAnyOffset() {
        java.util.Random random = new java.util.Random(11);
        long first = DateTimes.toEpochTicks(Instant.parse("0000-01-01T00:00:00Z"));
        long last = DateTimes.toEpochTicks(Instant.parse("9999-12-31T23:59:59.9999999Z"));
        byte[] out = new byte[DateTimes.MAX_WRITTEN_LENGTH + 9];
        for (int i = 0; i < 20_000; i++) {
            long ticks = switch (i % 3) {
                case 0 -> random.nextLong(first, last + 1);
                case 1 -> random.nextLong(first, last + 1) / 10_000_000L * 10_000_000L; // whole seconds
                default -> i % 2 == 0 ? first + random.nextInt(1000) : last - random.nextInt(1000);
            };
            int at = i % 9;
            int end = DateTimes.write(ticks, out, at);
            String text = new String(out, at, end - at, java.nio.charset.StandardCharsets.US_ASCII);
            assertThat(text).as("%d", ticks).isEqualTo(DateTimes.format(DateTimes.fromEpochTicks(ticks)));
        }
        long tooLate = last + 1;
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> DateTimes.write(tooLate, out, 0))
                .isInstanceOf(IllegalArgumentException.class);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> DateTimes.write(first - 1, out, 0))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
