package io.cerulean.blob.model;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * What Copy Blob sets on its destination beside the bytes, content headers and metadata:
 * {@code x-ms-tags}, {@code x-ms-access-tier}, {@code x-ms-rehydrate-priority} and
 * {@code x-ms-seal-blob}. A copy finished before its answer applies them in the commit that writes
 * the destination; a copy in the background keeps them in its pending state
 * ({@link CopyInfo#settings}) and applies them in the commit that completes it, so they are never
 * seen on a destination whose bytes are not there yet.
 *
 * @param tags      the destination's index tags; empty for none
 * @param tier      its access tier; null: inferred Hot
 * @param priority  how soon it is rehydrated when the source is archived; null: Standard
 * @param seal      whether the destination, if an append blob, is sealed once copied
 * @param rehydrate whether the source is archived: the destination is then archived until it is
 *                  rehydrated to {@code tier}, an online tier
 */
public record DestinationSettings(Map<String, String> tags, AccessTier tier, RehydratePriority priority,
                                  boolean seal, boolean rehydrate) {
    /** A copy that names none of them: no tags, inferred Hot, not sealed, from an online source. */
    public static final DestinationSettings NONE = new DestinationSettings(Map.of(), null, null, false, false);

    public DestinationSettings {
        tags = Collections.unmodifiableMap(new TreeMap<>(Objects.requireNonNull(tags, "tags")));
        if (rehydrate && (tier == null || tier == AccessTier.ARCHIVE)) {
            throw new IllegalArgumentException("a rehydration goes to an online tier, not " + tier);
        }
    }

    /** A copy of an online source with these settings. */
    public DestinationSettings(Map<String, String> tags, AccessTier tier, RehydratePriority priority, boolean seal) {
        this(tags, tier, priority, seal, false);
    }

    /** These settings for a copy of an archived source, rehydrated to {@link #tier}. */
    public DestinationSettings rehydrating() {
        return new DestinationSettings(tags, tier, priority, seal, true);
    }

    /** These settings with {@code tags} instead. */
    public DestinationSettings withTags(Map<String, String> tags) {
        return new DestinationSettings(tags, tier, priority, seal, rehydrate);
    }

    /**
     * {@code blob}, a copy's destination as it is once its bytes are in, at {@code now}, with these
     * settings: its tags, its seal (an append blob's only), and its tier, or, from an archived source,
     * Archive with a rehydration to the tier that completes {@code rehydrationDelay} from now.
     */
    public BlobProperties applyTo(BlobProperties blob, Instant now, Duration rehydrationDelay) {
        BlobProperties set = blob.withTags(tags).withSealed(seal && blob.type() == BlobType.APPEND_BLOB);
        if (!rehydrate) {
            return set.withTiering(Tiering.written(tier));
        }
        // At the millisecond the record keeps, so that what is answered is what is read back.
        Instant at = now.truncatedTo(ChronoUnit.MILLIS);
        RehydratePriority asked = priority == null ? RehydratePriority.STANDARD : priority;
        return set.withTiering(new Tiering(AccessTier.ARCHIVE, false, null, tier, asked.wireName(),
                at.plus(rehydrationDelay)));
    }
}
