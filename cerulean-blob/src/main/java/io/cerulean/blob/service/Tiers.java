package io.cerulean.blob.service;

import io.cerulean.blob.error.BlobError;
import io.cerulean.blob.model.AccessTier;
import io.cerulean.blob.model.BlobProperties;
import io.cerulean.blob.model.BlobType;
import io.cerulean.blob.model.Conditions;
import io.cerulean.blob.model.CopyInfo;
import io.cerulean.blob.model.RehydratePriority;
import io.cerulean.blob.model.Tiering;
import io.cerulean.blob.model.VersionIds;
import io.cerulean.common.error.ServiceException;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * A block blob's access tier: Set Blob Tier on the blob, one of its snapshots or versions, a rehydration from
 * Archive that completes {@code rehydrationDelay} after it began, and what an archived blob refuses.
 * A tier change keeps the blob's ETag and Last-Modified, as the service does. Thread-safe.
 *
 * <p>Set Blob Tier, as the reference's table has it: an online blob takes any tier at once (200); an
 * archived one rehydrates to the online tier named (202), in Archive until then; while it does, only
 * the same target may be named again (202, its priority raised from Standard to High, never lowered),
 * anything else is 409 BlobBeingRehydrated. An archived snapshot or previous version is not
 * rehydrated in place (409 BlobArchived): it is copied to a blob of an online tier instead. Reached
 * through {@link BlobService#tiers()}.
 */
public final class Tiers {
    private final BlobWrites writes;
    private final Duration rehydrationDelay;

    Tiers(BlobWrites writes, Duration rehydrationDelay) {
        this.writes = writes;
        this.rehydrationDelay = rehydrationDelay;
    }

    /**
     * Set Blob Tier on the blob, one of its snapshots or one of its versions: the current version's
     * id names the blob; a previous version is tiered as a snapshot is. 404 BlobNotFound when there
     * is none, 400 InvalidBlobTier for a page or append blob; the blob's lease; {@code tagConditions}'
     * {@code x-ms-if-tags} holds on the tiered row's tags (412 ConditionNotMet). Returns the blob as
     * it now is, {@link Tiering#rehydrating()} when the change was accepted rather than made.
     */
    public BlobProperties set(BlobAddress at, AccessTier tier, RehydratePriority priority, String leaseId,
                              Conditions tagConditions) {
        long snapshot = at.snapshot();
        long version = at.version();
        String name = at.name();
        return writes.write(at.account(), at.container(), name, (partition, now) -> {
            BlobPartition.Row<BlobProperties> current = partition.blob;
            boolean previous = version != BlobProperties.BASE && (current == null
                    || current.value().versionId() == null
                    || VersionIds.parse(current.value().versionId()).orElse(-1) != version);
            boolean base = snapshot == BlobProperties.BASE && !previous;
            BlobPartition.Row<BlobProperties> row = previous ? partition.versions.get(version)
                    : base ? partition.blob : partition.snapshots.get(snapshot);
            if (row == null || row.value().deleted() != null) {
                throw new ServiceException(BlobError.BLOB_NOT_FOUND);
            }
            BlobProperties blob = row.value();
            if (base) {
                Leases.checkBlobWrite(blob.lease(), leaseId, now);
            }
            tagConditions.checkTags(blob.tags());
            if (blob.type() != BlobType.BLOCK_BLOB) {
                throw new ServiceException(BlobError.INVALID_BLOB_TIER, BlobError.INVALID_BLOB_TIER.message()
                        + " Only a block blob has an access tier; '" + name + "' is a " + blob.type().wireName() + ".");
            }
            // At the millisecond the record keeps, so that what is answered is what is read back.
            Tiering next = next(blob.tiering(), tier, priority, base, now.truncatedTo(ChronoUnit.MILLIS));
            if (next.equals(blob.tiering())) {
                return blob;
            }
            BlobProperties changed = blob.withTiering(next);
            if (base) {
                return partition.setBlob(changed);
            }
            (previous ? partition.versions : partition.snapshots).put(previous ? version : snapshot,
                    BlobPartition.written(changed));
            return changed;
        });
    }

    private Tiering next(Tiering current, AccessTier tier, RehydratePriority priority, boolean base, Instant now) {
        if (current.rehydrating()) {
            if (tier != current.rehydratingTo()) {
                throw new ServiceException(BlobError.BLOB_BEING_REHYDRATED, BlobError.BLOB_BEING_REHYDRATED.message()
                        + " It is being rehydrated to " + current.rehydratingTo().wireName() + ", and no other tier"
                        + " may be set until it is.");
            }
            if (priority != RehydratePriority.HIGH) {
                return current; // Standard once High is asked for is not a change: a priority is only raised
            }
            return new Tiering(AccessTier.ARCHIVE, false, current.changed(), current.rehydratingTo(),
                    RehydratePriority.HIGH.wireName(), current.rehydratedAt());
        }
        if (current.archived() && tier != AccessTier.ARCHIVE) {
            if (!base) {
                throw new ServiceException(BlobError.BLOB_ARCHIVED, BlobError.BLOB_ARCHIVED.message()
                        + " An archived snapshot is not rehydrated: copy it to a blob of an online tier.");
            }
            RehydratePriority asked = priority == null ? RehydratePriority.STANDARD : priority;
            return new Tiering(AccessTier.ARCHIVE, false, current.changed(), tier, asked.wireName(),
                    now.plus(rehydrationDelay));
        }
        if (!current.inferred() && current.tier() == tier) {
            return current;
        }
        return new Tiering(tier, false, now, null, null, null);
    }

    /**
     * {@code blob} as it is at {@code now}: a rehydration whose moment has come is over ({@link Tiering#settledAt}),
     * and a copy that waited for it (Copy Blob of an archived source) succeeded at that moment.
     */
    static BlobProperties settled(BlobProperties blob, Instant now) {
        Tiering settled = blob.tiering().settledAt(now);
        if (settled == blob.tiering()) {
            return blob;
        }
        CopyInfo copy = blob.copy();
        if (copy != null && copy.awaitsRehydration()) {
            blob = blob.withCopy(copy.finished(CopyInfo.Status.SUCCESS, null, blob.tiering().rehydratedAt()));
        }
        return blob.withTiering(settled);
    }

    /**
     * What an operation on a blob's bytes or properties needs: an online blob. 409 BlobBeingRehydrated
     * while it is rehydrated, 409 BlobArchived while it is archived.
     */
    static void checkOnline(BlobProperties blob) {
        if (blob.tiering().rehydrating()) {
            throw new ServiceException(BlobError.BLOB_BEING_REHYDRATED);
        }
        if (blob.tiering().archived()) {
            throw new ServiceException(BlobError.BLOB_ARCHIVED);
        }
    }

    /** A tier named by a write that creates {@code type}: 400 InvalidBlobTier for a page or append blob. */
    static void checkWritable(BlobType type, AccessTier tier) {
        if (tier != null && type != BlobType.BLOCK_BLOB) {
            throw new ServiceException(BlobError.INVALID_BLOB_TIER, BlobError.INVALID_BLOB_TIER.message()
                    + " Only a block blob has an access tier; this is a " + type.wireName() + ".");
        }
    }
}
