package io.cerulean.it.queue;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.function.Supplier;

/** Waiting for a time-driven change (a visibility timeout, an expiry) by asking again until a deadline. */
final class Polling {
    private static final Duration INTERVAL = Duration.ofMillis(50);

    private Polling() {
    }

    /** The first non-null answer of {@code attempt} within {@code limit}; empty if none came. */
    static <T> Optional<T> firstWithin(Duration limit, Supplier<T> attempt) {
        Instant deadline = Instant.now().plus(limit);
        while (true) {
            T answer = attempt.get();
            if (answer != null) {
                return Optional.of(answer);
            }
            if (Instant.now().isAfter(deadline)) {
                return Optional.empty();
            }
            sleep(INTERVAL);
        }
    }

    /** Sleeps until {@code instant} has passed on this machine's clock (the server's clock too: same machine). */
    static void sleepUntil(Instant instant) {
        Duration left = Duration.between(Instant.now(), instant);
        if (!left.isNegative()) {
            sleep(left.plusMillis(1));
        }
    }

    static void sleep(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
