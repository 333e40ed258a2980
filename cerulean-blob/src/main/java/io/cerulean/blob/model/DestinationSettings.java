package io.cerulean.blob.model;

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
 * @param priority  how soon it would be rehydrated; a copy of an online source has nothing to rehydrate
 * @param seal      whether the destination, if an append blob, is sealed once copied
 */
public record DestinationSettings(Map<String, String> tags, AccessTier tier, RehydratePriority priority,
                                  boolean seal) {
    /** A copy that names none of them: no tags, inferred Hot, not sealed. */
    public static final DestinationSettings NONE = new DestinationSettings(Map.of(), null, null, false);

    public DestinationSettings {
        tags = Collections.unmodifiableMap(new TreeMap<>(Objects.requireNonNull(tags, "tags")));
    }

    /** These settings with {@code tags} instead. */
    public DestinationSettings withTags(Map<String, String> tags) {
        return new DestinationSettings(tags, tier, priority, seal);
    }

    /**
     * {@code blob}, a copy's destination as it is once its bytes are in, with these settings: its tags,
     * its seal (an append blob's only), and its tier.
     */
    public BlobProperties applyTo(BlobProperties blob) {
        return blob.withTags(tags).withSealed(seal && blob.type() == BlobType.APPEND_BLOB)
                .withTiering(Tiering.written(tier));
    }
}
