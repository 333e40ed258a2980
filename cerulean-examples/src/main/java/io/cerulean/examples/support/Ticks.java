package io.cerulean.examples.support;

import java.time.Instant;

/** Moments as the guide's samples count them: .NET ticks, 100 ns since 0001-01-01. */
public final class Ticks {
    /** The ticks at the Unix epoch. */
    private static final long EPOCH_TICKS = 621_355_968_000_000_000L;

    private Ticks() {
    }

    /** The ticks of {@code at}, to the 100 ns. */
    public static long of(Instant at) {
        return at.getEpochSecond() * 10_000_000L + at.getNano() / 100 + EPOCH_TICKS;
    }
}
