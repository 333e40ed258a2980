package io.cerulean.blob.model;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

/**
 * Version ids ({@code x-ms-version-id}) as the service writes them and the SDKs parse them: the
 * moment of the write that made the version, UTC, with seven fractional digits
 * ({@code 2026-11-29T06:15:02.1234567Z}); kept as 100 ns ticks since the epoch, as snapshots are.
 */
public final class VersionIds {
    private static final DateTimeFormatter TO_THE_SECOND =
            DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss").withZone(ZoneOffset.UTC);

    private VersionIds() {
    }

    /** Ticks since the epoch of {@code instant}. */
    public static long ticks(Instant instant) {
        return instant.getEpochSecond() * 10_000_000L + instant.getNano() / 100;
    }

    public static String format(long ticks) {
        Instant instant = Instant.ofEpochSecond(Math.floorDiv(ticks, 10_000_000L),
                Math.floorMod(ticks, 10_000_000L) * 100);
        return TO_THE_SECOND.format(instant) + String.format(".%07dZ", Math.floorMod(ticks, 10_000_000L));
    }

    /** The ticks {@code id} names; empty when it is not a moment. */
    public static java.util.OptionalLong parse(String id) {
        try {
            return java.util.OptionalLong.of(ticks(Instant.parse(id)));
        } catch (DateTimeParseException e) {
            return java.util.OptionalLong.empty();
        }
    }
}
