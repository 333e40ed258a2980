package io.cerulean.table.model;

import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * DateTime values as the Table service writes and reads them: UTC, 100 ns ticks, formatted
 * {@code yyyy-MM-ddTHH:mm:ss[.fffffff]Z} with trailing fractional zeros removed.
 */
public final class DateTimes {
    /** The earliest DateTime the service accepts, 1601-01-01T00:00:00Z. */
    public static final Instant MIN = Instant.parse("1601-01-01T00:00:00Z");
    /** The latest DateTime the service accepts, 9999-12-31T23:59:59.9999999Z. */
    public static final Instant MAX = Instant.parse("9999-12-31T23:59:59.9999999Z");

    /** The most bytes {@link #write} writes. */
    public static final int MAX_WRITTEN_LENGTH = 28;

    private static final long TICKS_PER_SECOND = 10_000_000L;
    private static final long FIRST_FOUR_DIGIT_SECOND = Instant.parse("0000-01-01T00:00:00Z").getEpochSecond();
    private static final long LAST_FOUR_DIGIT_SECOND = Instant.parse("9999-12-31T23:59:59Z").getEpochSecond();
    private static final Pattern FIVE_DIGIT_YEAR = Pattern.compile("\\+?\\d{5,}-\\d\\d-\\d\\dT");

    private DateTimes() {
    }

    /** {@code instant} without anything finer than a 100 ns tick. */
    public static Instant truncateToTicks(Instant instant) {
        int nanos = instant.getNano();
        int truncated = nanos - nanos % 100;
        return truncated == nanos ? instant : instant.truncatedTo(ChronoUnit.SECONDS).plusNanos(truncated);
    }

    /** 100 ns ticks since the Unix epoch. */
    public static long toEpochTicks(Instant instant) {
        return Math.addExact(Math.multiplyExact(instant.getEpochSecond(), TICKS_PER_SECOND), instant.getNano() / 100);
    }

    public static Instant fromEpochTicks(long ticks) {
        return Instant.ofEpochSecond(Math.floorDiv(ticks, TICKS_PER_SECOND), Math.floorMod(ticks, TICKS_PER_SECOND) * 100);
    }

    /** The wire form with trailing fractional zeros trimmed, e.g. {@code 2021-10-15T16:13:10.7791241Z}. */
    public static String format(Instant instant) {
        return format(instant, false);
    }

    /** The wire form with all seven fractional digits, as stored access policies are written. */
    public static String formatSevenDigits(Instant instant) {
        return format(instant, true);
    }

    /**
     * Writes the wire form of the DateTime {@code epochTicks} (trailing fractional zeros trimmed) as
     * ASCII at {@code out[at]}, at most {@link #MAX_WRITTEN_LENGTH} bytes, and returns the index after
     * it: a writer of JSON puts every entity's Timestamp, and its other DateTimes, straight into its
     * output this way. The year must be within 0..9999, as that of every DateTime the service keeps.
     *
     * @throws IllegalArgumentException for a year outside 0..9999
     */
    public static int write(long epochTicks, byte[] out, int at) {
        long epochSecond = Math.floorDiv(epochTicks, TICKS_PER_SECOND);
        int ticks = (int) Math.floorMod(epochTicks, TICKS_PER_SECOND);
        if (epochSecond < FIRST_FOUR_DIGIT_SECOND || epochSecond > LAST_FOUR_DIGIT_SECOND) {
            throw new IllegalArgumentException("not a four-digit year: " + epochTicks + " ticks");
        }
        return write(epochSecond, ticks, false, out, at);
    }

    /**
     * Every entity a query returns has at least one DateTime (its Timestamp), so this runs hundreds
     * of thousands of times a second: digits go straight into the array.
     */
    private static String format(Instant instant, boolean sevenDigits) {
        byte[] text = new byte[MAX_WRITTEN_LENGTH];
        int length = write(instant.getEpochSecond(), instant.getNano() / 100, sevenDigits, text, 0);
        String written = new String(text, 0, length, StandardCharsets.ISO_8859_1);
        long second = instant.getEpochSecond();
        if (second >= FIRST_FOUR_DIGIT_SECOND && second <= LAST_FOUR_DIGIT_SECOND) {
            return written;
        }
        // A year outside 0..9999 belongs to no stored date; it is written whole, padded to four.
        int year = LocalDateTime.ofEpochSecond(second, 0, ZoneOffset.UTC).getYear();
        return padded(Integer.toString(year), 4) + written.substring(4);
    }

    /** The wire form, the year taken as four digits (the caller replaces any other). */
    private static int write(long epochSecond, int ticks, boolean sevenDigits, byte[] out, int at) {
        long day = Math.floorDiv(epochSecond, 86_400L);
        int second = (int) Math.floorMod(epochSecond, 86_400L);
        LocalDate date = LocalDate.ofEpochDay(day);
        putDigits(out, at, date.getYear(), 4);
        out[at + 4] = '-';
        putDigits(out, at + 5, date.getMonthValue(), 2);
        out[at + 7] = '-';
        putDigits(out, at + 8, date.getDayOfMonth(), 2);
        out[at + 10] = 'T';
        putDigits(out, at + 11, second / 3600, 2);
        out[at + 13] = ':';
        putDigits(out, at + 14, second / 60 % 60, 2);
        out[at + 16] = ':';
        putDigits(out, at + 17, second % 60, 2);
        int end = at + 19;
        if (ticks != 0 || sevenDigits) {
            out[end] = '.';
            putDigits(out, end + 1, ticks, 7);
            end += 8;
            while (!sevenDigits && out[end - 1] == '0') {
                end--;
            }
        }
        out[end++] = 'Z';
        return end;
    }

    /** {@code value} in exactly {@code width} decimal digits at {@code at}, zero-padded. */
    private static void putDigits(byte[] out, int at, int value, int width) {
        for (int i = at + width - 1; i >= at; i--) {
            out[i] = (byte) ('0' + Math.floorMod(value, 10));
            value /= 10;
        }
    }

    private static String padded(String digits, int width) {
        return digits.length() >= width ? digits : "0".repeat(width - digits.length()) + digits;
    }

    /**
     * Parses an ISO 8601 date-time as clients send it: with {@code Z}, with an offset, or without a
     * zone (taken as UTC); up to 7 fractional digits (more are truncated to ticks). Empty when the
     * text is not such a date-time or lies outside {@link #MIN}..{@link #MAX}.
     */
    public static Optional<Instant> parse(String text) {
        return parseUnbounded(text).filter(DateTimes::inRange);
    }

    /**
     * The form nearly every client sends, {@code yyyy-MM-ddTHH:mm:ss[.f{1,9}]Z}, read without
     * java.time's general parser (a tenth of the cost); null for anything else, which the general
     * parser then reads or refuses.
     */
    private static Instant parseUtc(String text) {
        int length = text.length();
        if (length < 20 || text.charAt(length - 1) != 'Z' || text.charAt(4) != '-' || text.charAt(7) != '-'
                || text.charAt(10) != 'T' || text.charAt(13) != ':' || text.charAt(16) != ':') {
            return null;
        }
        int year = digits(text, 0, 4);
        int month = digits(text, 5, 2);
        int day = digits(text, 8, 2);
        int hour = digits(text, 11, 2);
        int minute = digits(text, 14, 2);
        int second = digits(text, 17, 2);
        int nanos = 0;
        if (length > 20) {
            int fractionDigits = length - 21;
            if (text.charAt(19) != '.' || fractionDigits < 1 || fractionDigits > 9) {
                return null;
            }
            int fraction = digits(text, 20, fractionDigits);
            if (fraction < 0) {
                return null;
            }
            nanos = fraction;
            for (int i = fractionDigits; i < 9; i++) {
                nanos *= 10;
            }
        } else if (length != 20) {
            return null;
        }
        if (year < 0 || month < 1 || month > 12 || day < 1 || hour < 0 || hour > 23 || minute < 0 || minute > 59
                || second < 0 || second > 59 || day > java.time.YearMonth.of(year, month).lengthOfMonth()) {
            return null;
        }
        long epochDay = java.time.LocalDate.of(year, month, day).toEpochDay();
        return truncateToTicks(Instant.ofEpochSecond(epochDay * 86_400 + hour * 3600L + minute * 60L + second, nanos));
    }

    /** The decimal number in {@code count} characters at {@code from}, or -1 when one is not a digit. */
    private static int digits(String text, int from, int count) {
        int value = 0;
        for (int i = from; i < from + count; i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            value = value * 10 + (c - '0');
        }
        return value;
    }

    /** Whether the service can store {@code instant}: between {@link #MIN} and {@link #MAX}. */
    public static boolean inRange(Instant instant) {
        return !instant.isBefore(MIN) && !instant.isAfter(MAX);
    }

    /**
     * Like {@link #parse} but without the range check, so that callers can tell a date outside
     * the service's range (OutOfRangeInput) from text that is no date at all (InvalidInput).
     * Years of five or more digits parse as {@link Instant#MAX}.
     */
    public static Optional<Instant> parseUnbounded(String text) {
        if (text == null || text.isEmpty()) {
            return Optional.empty();
        }
        if (text.length() > 5 && text.charAt(4) != '-' && FIVE_DIGIT_YEAR.matcher(text).lookingAt()) {
            return Optional.of(Instant.MAX);
        }
        Instant common = parseUtc(text);
        if (common != null) {
            return Optional.of(common);
        }
        Instant instant;
        try {
            instant = OffsetDateTime.parse(text, DateTimeFormatter.ISO_OFFSET_DATE_TIME).toInstant();
        } catch (DateTimeParseException withZone) {
            try {
                instant = LocalDateTime.parse(text, DateTimeFormatter.ISO_LOCAL_DATE_TIME).toInstant(ZoneOffset.UTC);
            } catch (DateTimeParseException | ArithmeticException noZone) {
                return Optional.empty();
            }
        } catch (DateTimeException | ArithmeticException e) {
            return Optional.empty();
        }
        return Optional.of(truncateToTicks(instant));
    }
}
