package io.cerulean.blob.service;

import java.time.Duration;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * How a server runs its Blob service, beside what the store holds: the settings Azure keeps outside
 * the data plane.
 *
 * @param rehydrationDelay how long an archived blob takes to be rehydrated to an online tier, at either
 *                         priority: Azure takes hours, which no test or local setup waits for
 * @param versioning       the accounts whose blobs keep their versions (an account setting in Azure)
 * @param copies           how copies run: which go to the background, in what chunks, how remote sources are read
 */
public record BlobOptions(Duration rehydrationDelay, Predicate<String> versioning, CopySettings copies) {
    /** A rehydration takes five seconds: long enough to be seen pending, short enough to wait for. */
    public static final Duration DEFAULT_REHYDRATION_DELAY = Duration.ofSeconds(5);
    /** No account keeps versions. */
    public static final Predicate<String> NO_VERSIONING = account -> false;
    public static final BlobOptions DEFAULTS = new BlobOptions(DEFAULT_REHYDRATION_DELAY, NO_VERSIONING,
            CopySettings.DEFAULT);

    public BlobOptions {
        Objects.requireNonNull(rehydrationDelay, "rehydrationDelay");
        Objects.requireNonNull(versioning, "versioning");
        Objects.requireNonNull(copies, "copies");
        if (rehydrationDelay.isNegative()) {
            throw new IllegalArgumentException("a rehydration delay is not negative: " + rehydrationDelay);
        }
    }

    public BlobOptions(Duration rehydrationDelay) {
        this(rehydrationDelay, NO_VERSIONING, CopySettings.DEFAULT);
    }

    /** The same with the archive's rehydration taking {@code delay}. */
    public BlobOptions withRehydrationDelay(Duration delay) {
        return new BlobOptions(delay, versioning, copies);
    }

    /** The same with versions kept in the accounts {@code versioning} accepts. */
    public BlobOptions withVersioning(Predicate<String> versioning) {
        return new BlobOptions(rehydrationDelay, versioning, copies);
    }

    /** The same copying as {@code copies} says. */
    public BlobOptions withCopies(CopySettings copies) {
        return new BlobOptions(rehydrationDelay, versioning, copies);
    }
}
