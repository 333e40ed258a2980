package io.cerulean.blob.service;

import io.cerulean.blob.error.BlobError;
import io.cerulean.blob.model.BlobNames;
import io.cerulean.blob.model.BlobProperties;
import io.cerulean.blob.model.BlobType;
import io.cerulean.blob.model.Conditions;
import io.cerulean.blob.model.CopyInfo;
import io.cerulean.blob.model.DestinationSettings;
import io.cerulean.blob.model.ETags;
import io.cerulean.blob.model.Lease;
import io.cerulean.blob.model.Segment;
import io.cerulean.common.error.ServiceException;
import io.cerulean.storage.content.ContentId;
import io.cerulean.storage.content.ContentWriter;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Copies finished before their answer: Copy Blob of a small source, Copy Blob From URL, Put Blob From
 * URL, and the source's bytes that Put Block From URL and Append Block From URL write. The source's
 * bytes are read (from this server's store, or fetched from elsewhere) and written into new content
 * before the target is written, so the target never names the source's contents and either may go
 * without the other. Copies in the background are {@link PendingCopies}'. Thread-safe.
 */
final class Copies {
    private final Blobs blobs;
    private final Containers containers;
    private final BlobWrites writes;
    private final ContentLifecycle lifecycle;
    private final Duration rehydrationDelay;

    Copies(Blobs blobs, Containers containers, BlobWrites writes, ContentLifecycle lifecycle,
           Duration rehydrationDelay) {
        this.blobs = blobs;
        this.containers = containers;
        this.writes = writes;
        this.lifecycle = lifecycle;
        this.rehydrationDelay = rehydrationDelay;
    }

    /**
     * The source of a copy as it is now: 404 CannotVerifyCopySource when it is not there, 412
     * SourceConditionNotMet when {@code conditions} (its {@code x-ms-source-if-*}) fail, 409
     * BlobArchived when it is archived (BlobBeingRehydrated while it is rehydrated).
     */
    BlobProperties source(CopySource source, Conditions conditions) {
        return source(source, conditions, false);
    }

    /**
     * The source of a copy as {@link #source(CopySource, Conditions)} finds it; an archived one too
     * when {@code archived} (a copy that rehydrates it), but never one being rehydrated.
     */
    BlobProperties source(CopySource source, Conditions conditions, boolean archived) {
        BlobProperties blob;
        try {
            blob = blobs.get(source.account(), source.container(), source.blob(), source.snapshot(),
                    source.version(), conditions.leaseId());
        } catch (ServiceException e) {
            if (e.errorCode() == BlobError.BLOB_NOT_FOUND || e.errorCode() == BlobError.CONTAINER_NOT_FOUND) {
                throw new ServiceException(BlobError.CANNOT_VERIFY_COPY_SOURCE, BlobError.CANNOT_VERIFY_COPY_SOURCE
                        .message() + " The copy source " + source.url() + " does not exist.");
            }
            throw e;
        }
        if (conditions.check(blob.etag(), blob.lastModified()) != Conditions.Verdict.MET
                || !conditions.tagsHold(blob.tags())) {
            throw new ServiceException(BlobError.SOURCE_CONDITION_NOT_MET);
        }
        if (!archived || blob.tiering().rehydrating()) {
            Tiers.checkOnline(blob); // an archived source's bytes are offline
        }
        return blob;
    }

    /**
     * The source of a copy as {@link #source(CopySource, Conditions, boolean)} finds it, its bytes held
     * until the result is closed, so a copy in the background reads this version to the end whatever
     * happens to the source meanwhile.
     */
    ReadableBlob hold(CopySource source, Conditions conditions, boolean archived) {
        source(source, conditions, archived); // 404 CannotVerifyCopySource, 412 SourceConditionNotMet
        ReadableBlob held = lifecycle.hold(() -> {
            BlobProperties blob = blobs.get(source.account(), source.container(), source.blob(), source.snapshot(),
                    source.version(), conditions.leaseId());
            if (!archived || blob.tiering().rehydrating()) {
                Tiers.checkOnline(blob);
            }
            return blob;
        });
        BlobProperties blob = held.properties();
        if (conditions.check(blob.etag(), blob.lastModified()) != Conditions.Verdict.MET) {
            held.close();
            throw new ServiceException(BlobError.SOURCE_CONDITION_NOT_MET);
        }
        return held;
    }

    /**
     * Copies {@code length} bytes of {@code source} from {@code offset} into new content, computing
     * their MD5. The content is the caller's until a write adopts it.
     */
    CopiedContent content(BlobProperties source, long offset, long length) {
        if (length == 0) {
            return new CopiedContent(null, 0, md5().digest());
        }
        MessageDigest md5 = md5();
        try (BlobContent from = blobs.read(source, offset, length); ContentWriter to = lifecycle.create()) {
            ByteBuffer buffer = ByteBuffer.allocate((int) Math.min(length, 1 << 20));
            while (from.read(buffer) >= 0) {
                buffer.flip();
                md5.update(buffer.duplicate());
                to.write(buffer);
                buffer.clear();
            }
            long size = to.size();
            return new CopiedContent(to.finish(), size, md5.digest());
        }
    }

    private static MessageDigest md5() {
        try {
            return MessageDigest.getInstance("MD5");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has MD5", e);
        }
    }

    /**
     * Copy Blob (and Put Blob From URL): {@code target} becomes a whole copy of {@code source}'s bytes, as
     * its kind says, with its content headers and metadata (each null: the source's), in place of any
     * blob of the name; its lease stays; its settings apply to it (400 InvalidBlobTier for a tier on a
     * copy that is no block blob). A copy of an archived source ({@link DestinationSettings#rehydrate})
     * is archived, rehydrating, its copy pending until the rehydration completes. The bytes are copied
     * into one new content, which the copy's pieces name at their offsets.
     */
    BlobProperties copy(BlobProperties source, String sourceUrl, CopyTarget target) {
        String name = target.name();
        DestinationSettings settings = target.settings();
        BlobNames.check(name);
        boolean copy = target.kind() == CopyKind.COPY;
        Tiers.checkWritable(copy ? source.type() : BlobType.BLOCK_BLOB, settings.tier());
        containers.blobs(target.account(), target.container()); // 404 ContainerNotFound before any byte is copied
        CopiedContent copied = content(source, 0, source.contentLength());
        return lifecycle.adopt(copied.content(), () -> writes.versioned(target.account(), target.container(), name,
                (partition, now) -> {
                    BlobProperties old = partition.blobOrNull();
                    Writes.checkCreateOrReplace(target.conditions(), old, now);
                    List<Segment> segments = copy ? piecesIn(source.segments(), copied.content()) : whole(copied);
                    String id = UUID.randomUUID().toString();
                    CopyInfo record = !copy ? null : settings.rehydrate()
                            ? CopyInfo.awaitingRehydration(id, sourceUrl, copied.size(), now)
                            : new CopyInfo(id, sourceUrl, now, copied.size());
                    return partition.setBlob(settings.applyTo(new BlobProperties(name, BlobProperties.BASE,
                            copy ? source.type() : BlobType.BLOCK_BLOB,
                            ETags.next(Writes.ticks(now), old == null ? 0 : old.etag()), now, now, copied.size(),
                            target.headers() != null ? target.headers() : source.headers(),
                            target.metadata() != null ? target.metadata() : source.metadata(), segments,
                            old == null ? Lease.NONE : old.lease(), record, copy ? source.sequenceNumber() : 0),
                            now, rehydrationDelay));
                }));
    }

    /**
     * Copy Blob From URL of a source served elsewhere: the blob becomes a block blob of {@code fetched}'s
     * bytes in one piece, with its content headers, and {@code metadata} (null: the source's
     * {@code x-ms-meta-*}), remembered as a copy, in place of any blob of the name; its lease stays;
     * {@code settings} apply to it.
     */
    BlobProperties copyFetched(String account, String container, String name, RemoteContent fetched,
                               String sourceUrl, Map<String, String> metadata, Conditions conditions,
                               DestinationSettings settings) {
        BlobNames.check(name);
        CopiedContent copied = fetched.content();
        return lifecycle.adopt(copied.content(), () -> writes.versioned(account, container, name,
                (partition, now) -> {
                    BlobProperties old = partition.blobOrNull();
                    Writes.checkCreateOrReplace(conditions, old, now);
                    return partition.setBlob(settings.applyTo(new BlobProperties(name, BlobProperties.BASE,
                            BlobType.BLOCK_BLOB, ETags.next(Writes.ticks(now), old == null ? 0 : old.etag()), now,
                            now, copied.size(), fetched.headers(), metadata != null ? metadata : fetched.metadata(),
                            whole(copied), old == null ? Lease.NONE : old.lease(),
                            new CopyInfo(UUID.randomUUID().toString(), sourceUrl, now, copied.size()), 0), now,
                            rehydrationDelay));
                }));
    }

    /** Copied bytes as a blob's one piece; none when there are none. */
    static List<Segment> whole(CopiedContent copied) {
        return copied.content() == null ? List.of() : List.of(new Segment(null, copied.content(), copied.size()));
    }

    /** {@code source}'s pieces, each naming its bytes in {@code copy}, which holds all of the source's in order. */
    static List<Segment> piecesIn(List<Segment> source, ContentId copy) {
        List<Segment> pieces = new ArrayList<>(source.size());
        long offset = 0;
        for (Segment piece : source) {
            pieces.add(piece.content() == null || copy == null ? new Segment(piece.blockId(), null, piece.size())
                    : new Segment(piece.blockId(), copy, offset, piece.size()));
            offset += piece.size();
        }
        return pieces;
    }
}
