package io.cerulean.queue.model;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/** When a message expires: its insertion plus its time to live, or never. */
public final class Expiry {
    /** What the service reports for a message that never expires, and the latest expiry it gives. */
    public static final Instant NEVER = Instant.parse("9999-12-31T23:59:59Z");
    /** The time to live of a message put without one. */
    public static final Duration DEFAULT_TIME_TO_LIVE = Duration.ofDays(7);

    private Expiry() {
    }

    /** The expiry of a message inserted at {@code insertion} with {@code timeToLive} (empty: never). */
    public static Instant of(Instant insertion, Optional<Duration> timeToLive) {
        if (timeToLive.isEmpty()) {
            return NEVER;
        }
        // Not Duration.between: it counts in nanoseconds first, and 8,000 years of them overflow a
        // long, which it catches, at a thrown exception a message.
        Duration left = Duration.ofSeconds(NEVER.getEpochSecond() - insertion.getEpochSecond(),
                NEVER.getNano() - insertion.getNano());
        return timeToLive.get().compareTo(left) >= 0 ? NEVER : insertion.plus(timeToLive.get());
    }
}
