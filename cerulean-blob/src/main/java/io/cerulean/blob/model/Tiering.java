package io.cerulean.blob.model;

import java.time.Instant;
import java.util.Objects;

/**
 * Where a block blob's bytes are kept: its access tier, whether it was set or inferred from the
 * account's default, when it last changed, and an archived blob's rehydration under way.
 *
 * <p>A rehydration is stored as its target and the moment it completes; no one writes its completion.
 * Whoever reads the blob after that moment sees it settled ({@link #settledAt}), and the next write
 * of the blob stores it so, which holds across restarts and for every server sharing a store.
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
        if ((rehydratingTo == null) != (rehydratedAt == null)) {
            throw new IllegalArgumentException("a rehydration has both a target and a completion: " + rehydratingTo
                    + ", " + rehydratedAt);
        }
    }

    /** The tier a write names (Put Blob, Put Block List): {@code tier} set explicitly, or inferred Hot when null. */
    public static Tiering written(AccessTier tier) {
        return tier == null ? INFERRED_HOT : new Tiering(tier, false, null, null, null, null);
    }

    /** Whether the blob is offline: archived, rehydrating or not. */
    public boolean archived() {
        return tier == AccessTier.ARCHIVE;
    }

    /** Whether an archived blob is being rehydrated. */
    public boolean rehydrating() {
        return rehydratingTo != null;
    }

    /**
     * The tiering as it is at {@code now}: a rehydration whose moment has come is over, the blob in its
     * target tier since that moment; otherwise this one.
     */
    public Tiering settledAt(Instant now) {
        if (rehydratedAt == null || now.isBefore(rehydratedAt)) {
            return this;
        }
        return new Tiering(rehydratingTo, false, rehydratedAt, null, null, null);
    }
}
