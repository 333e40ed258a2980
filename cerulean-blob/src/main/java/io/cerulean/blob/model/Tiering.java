package io.cerulean.blob.model;

import java.time.Instant;
import java.util.Objects;

/**
 * Where a block blob's bytes are kept: its access tier, whether it was set or inferred from the
 * account's default, when it last changed, and an archived blob's rehydration under way.
 *
 * @param changed       when Set Blob Tier last changed it ({@code AccessTierChangeTime}); null when never
 * @param rehydratingTo the tier an archived blob is being rehydrated to ({@code ArchiveStatus}); null when none
 * @param priority      the rehydration's {@code x-ms-rehydrate-priority} (Standard, High); null when none
 * @param rehydratedAt  when the rehydration under way completes; null when none
 */
public record Tiering(AccessTier tier, boolean inferred, Instant changed, AccessTier rehydratingTo, String priority,
                      Instant rehydratedAt) {
    /** A block blob written with no tier: Hot, the account's default, inferred. */
    public static final Tiering INFERRED_HOT = new Tiering(AccessTier.HOT, true, null, null, null, null);

    public Tiering {
        Objects.requireNonNull(tier, "tier");
    }
}
