package io.cerulean.blob.service;

import java.time.Duration;
import java.util.Objects;

/**
 * How a server runs its Blob service, beside what the store holds.
 *
 * @param rehydrationDelay how long an archived blob takes to be rehydrated to an online tier, at either
 *                         priority: Azure takes hours, which no test or local setup waits for
 */
public record BlobOptions(Duration rehydrationDelay) {
    /** A rehydration takes five seconds: long enough to be seen pending, short enough to wait for. */
    public static final Duration DEFAULT_REHYDRATION_DELAY = Duration.ofSeconds(5);
    public static final BlobOptions DEFAULTS = new BlobOptions(DEFAULT_REHYDRATION_DELAY);

    public BlobOptions {
        Objects.requireNonNull(rehydrationDelay, "rehydrationDelay");
        if (rehydrationDelay.isNegative()) {
            throw new IllegalArgumentException("a rehydration delay is not negative: " + rehydrationDelay);
        }
    }
}
