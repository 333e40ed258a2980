package io.cerulean.blob.service;

import java.time.Duration;
import java.util.Objects;

/**
 * How the service copies. Copy Blob of a source larger than {@code backgroundAbove} bytes, or of one
 * served elsewhere, answers {@code pending} at once and copies in the background, {@code chunkBytes}
 * at a time, each chunk a commit of the destination's progress, with {@code chunkPause} between two
 * (zero but in tests that want a copy slow enough to abort). A source served elsewhere is read within
 * {@code remoteTimeout} (a synchronous copy's whole read) and up to {@code remoteMaxBytes}.
 */
public record CopySettings(long backgroundAbove, int chunkBytes, Duration chunkPause, Duration remoteTimeout,
                           long remoteMaxBytes) {
    private static final long MIB = 1024L * 1024;
    /** 4 MiB copied at once, larger in the background in 4 MiB chunks; a remote read within 60 s and 256 MiB. */
    public static final CopySettings DEFAULT = new CopySettings(4 * MIB, (int) (4 * MIB), Duration.ZERO,
            Duration.ofSeconds(60), 256 * MIB);

    public CopySettings {
        if (backgroundAbove < 0 || chunkBytes <= 0 || remoteMaxBytes <= 0) {
            throw new IllegalArgumentException("copy sizes must be positive");
        }
        Objects.requireNonNull(chunkPause, "chunkPause");
        Objects.requireNonNull(remoteTimeout, "remoteTimeout");
    }
}
