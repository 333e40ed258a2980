package io.cerulean.blob.service;

import io.cerulean.blob.error.BlobError;
import io.cerulean.blob.model.BlobNames;
import io.cerulean.blob.model.BlobProperties;
import io.cerulean.blob.model.BlobType;
import io.cerulean.blob.model.Conditions;
import io.cerulean.blob.model.ContentHeaders;
import io.cerulean.blob.model.CopyInfo;
import io.cerulean.blob.model.DestinationSettings;
import io.cerulean.blob.model.ETags;
import io.cerulean.blob.model.Lease;
import io.cerulean.blob.model.Tiering;
import io.cerulean.common.error.ServiceException;
import io.cerulean.storage.content.ContentId;
import io.cerulean.storage.content.ContentWriter;
import java.net.URI;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Copy Blob in the background (a large source, or one served elsewhere): the destination is written at
 * once, empty, with its copy {@code pending}; a task copies the source into new content a chunk at a
 * time, committing the destination's progress after each, then commits the destination whole, its
 * copy {@code success}, or {@code failed} with why. What the copy's request sets on the destination
 * (its tags, tier, seal: {@link DestinationSettings}) is kept in the pending copy's row and applied
 * in that last commit. Each step is a commit on the destination's
 * partition that goes ahead only while the blob's copy is still this one and pending: a write that
 * replaced the blob, or Abort Copy Blob ({@link #abort}), ends the task at its next step, and the
 * bytes it copied are discarded. A task moves on at least every {@link #HEARTBEAT}, so a copy left
 * pending by a server that stopped is failed once it has not moved for {@link CopyInfo#STALLED_AFTER}
 * ({@link CopyInfo#at}). Thread-safe.
 */
final class PendingCopies {
    private static final Logger LOG = Logger.getLogger(PendingCopies.class.getName());
    /** How often a copy that reads from elsewhere commits that it is still moving. */
    static final Duration HEARTBEAT = Duration.ofSeconds(10);
    /** The longest a background copy of a source served elsewhere may take. */
    private static final Duration REMOTE_LIMIT = Duration.ofHours(1);

    private final BlobWrites writes;
    private final ContentLifecycle lifecycle;
    private final RemoteSources remote;
    private final CopySettings settings;
    private final Duration rehydrationDelay;
    private volatile boolean closing;
    private final ExecutorService tasks = Executors.newCachedThreadPool(runnable -> {
        Thread thread = new Thread(runnable, "blob-copy");
        thread.setDaemon(true);
        return thread;
    });

    PendingCopies(BlobWrites writes, ContentLifecycle lifecycle, RemoteSources remote, CopySettings settings,
                  Duration rehydrationDelay) {
        this.writes = writes;
        this.lifecycle = lifecycle;
        this.remote = remote;
        this.settings = settings;
        this.rehydrationDelay = rehydrationDelay;
    }

    /** The copy ended before its last step: the blob was replaced, or the copy aborted. */
    private static final class Superseded extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Superseded() {
            super(null, null, false, false);
        }
    }

    /** Whether a copy of {@code source} is made in the background rather than before the answer. */
    boolean inBackground(BlobProperties source) {
        return source.contentLength() > settings.backgroundAbove();
    }

    /**
     * Starts a copy of {@code source} (held as read) or, when it is null, of {@code remoteUrl}: the
     * destination is written now, empty and pending, with the source's type and content headers and
     * {@code metadata} (null: the source's), in place of any blob of the name; its lease stays. The
     * pending copy keeps {@code destination} in its row, and the commit that completes it applies them
     * (400 InvalidBlobTier now for a tier on a copy that is no block blob).
     */
    BlobProperties start(String account, String container, String name, ReadableBlob source, URI remoteUrl,
                         String sourceUrl, Map<String, String> metadata, Conditions conditions,
                         DestinationSettings destination) {
        BlobNames.check(name);
        BlobProperties from = source == null ? null : source.properties();
        Tiers.checkWritable(from == null ? BlobType.BLOCK_BLOB : from.type(), destination.tier());
        String id = UUID.randomUUID().toString();
        long length = from == null ? 0 : from.contentLength();
        // Where versions are kept, the blob replaced is kept as one, and the copy's row is the new version.
        BlobProperties started = writes.versioned(account, container, name, (partition, now) -> {
            BlobProperties old = partition.blobOrNull();
            Writes.checkCreateOrReplace(conditions, old, now);
            return partition.setBlob(new BlobProperties(name, BlobProperties.BASE,
                    from == null ? BlobType.BLOCK_BLOB : from.type(),
                    ETags.next(Writes.ticks(now), old == null ? 0 : old.etag()), now, now, 0,
                    from == null ? ContentHeaders.NONE : from.headers(),
                    metadata != null ? metadata : from == null ? Map.of() : from.metadata(), List.of(),
                    old == null ? Lease.NONE : old.lease(),
                    // what the copy sets once complete is kept with it, when it sets anything
                    CopyInfo.pending(id, sourceUrl, length, now)
                            .withSettings(destination.equals(DestinationSettings.NONE) ? null : destination),
                    from == null ? 0 : from.sequenceNumber()));
        });
        tasks.execute(() -> {
            try {
                if (source != null) {
                    copyHeld(account, container, name, id, source);
                } else {
                    copyRemote(account, container, name, id, remoteUrl, metadata == null);
                }
            } catch (Superseded e) {
                // aborted, replaced, or this server is stopping: nothing more to do
            } catch (RuntimeException e) {
                if (!closing) {
                    fail(account, container, name, id, e);
                }
            } finally {
                if (source != null) {
                    source.close();
                }
            }
        });
        return started;
    }

    private void copyHeld(String account, String container, String name, String id, ReadableBlob source) {
        BlobProperties from = source.properties();
        long total = from.contentLength();
        CopiedContent copied;
        try (ContentWriter to = lifecycle.create()) {
            ByteBuffer buffer = ByteBuffer.allocate((int) Math.min(Math.max(total, 1), 1 << 20));
            long offset = 0;
            while (offset < total) {
                long chunk = Math.min(settings.chunkBytes(), total - offset);
                try (BlobContent piece = source.content(offset, chunk)) {
                    while (piece.read(buffer) >= 0) {
                        buffer.flip();
                        to.write(buffer);
                        buffer.clear();
                    }
                }
                offset += chunk;
                progress(account, container, name, id, offset);
                pause();
            }
            ContentId content = total == 0 ? null : to.finish();
            copied = new CopiedContent(content, total, null);
        }
        ContentId content = copied.content();
        lifecycle.adopt(content, () -> finish(account, container, name, id, (old, copy, now) -> old.changed(
                ETags.next(Writes.ticks(now), old.etag()), now, total, old.headers(), old.metadata(),
                Copies.piecesIn(from.segments(), content), old.sequenceNumber()).withCopy(copy)));
    }

    private void copyRemote(String account, String container, String name, String id, URI url,
                            boolean sourceMetadata) {
        CompletableFuture<RemoteContent> fetch = remote.fetch(url, 0, null)
                .orTimeout(REMOTE_LIMIT.toMillis(), TimeUnit.MILLISECONDS);
        RemoteContent fetched;
        while (true) {
            try {
                fetched = fetch.get(HEARTBEAT.toMillis(), TimeUnit.MILLISECONDS);
                break;
            } catch (TimeoutException e) {
                try {
                    progress(account, container, name, id, 0);
                } catch (Superseded superseded) {
                    fetch.thenAccept(late -> lifecycle.discard(late.content().content()));
                    throw superseded;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", e);
            } catch (ExecutionException e) {
                throw e.getCause() instanceof RuntimeException runtime ? runtime
                        : new IllegalStateException(e.getCause());
            }
        }
        RemoteContent got = fetched;
        long size = got.content().size();
        lifecycle.adopt(got.content().content(), () -> finish(account, container, name, id, (old, copy, now) ->
                new BlobProperties(name, BlobProperties.BASE, BlobType.BLOCK_BLOB,
                        ETags.next(Writes.ticks(now), old.etag()), old.created(), now, size, got.headers(),
                        sourceMetadata ? got.metadata() : old.metadata(), Copies.whole(got.content()), old.lease(),
                        // its length known only now that it is read
                        new CopyInfo(copy.id(), copy.source(), copy.status(), size, size, null, copy.completed(), null,
                                copy.incrementalSnapshot()), 0).withVersionId(old.versionId())));
    }

    private void pause() {
        if (settings.chunkPause().isZero()) {
            return;
        }
        try {
            Thread.sleep(settings.chunkPause().toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /** The pending copy {@code id} of the blob as read at {@code now}: {@link Superseded} when it is not. */
    private static BlobProperties pendingCopy(BlobPartition partition, String id, java.time.Instant now) {
        BlobProperties blob = partition.blobOrNull();
        if (blob == null || blob.copy() == null || !blob.copy().id().equals(id)
                || blob.copy().status() != CopyInfo.Status.PENDING) {
            throw new Superseded();
        }
        return blob;
    }

    private void progress(String account, String container, String name, String id, long copied) {
        if (closing) {
            throw new Superseded(); // left pending: read as failed once it has not moved for a minute
        }
        writes.write(account, container, name, (partition, now) -> {
            BlobProperties blob = pendingCopy(partition, id, now);
            return partition.setBlob(blob.withCopy(blob.copy().progressedTo(copied, now)));
        });
    }

    /** What the destination becomes when its copy succeeds: from the blob as read, its copy finished. */
    private interface Completion {
        BlobProperties of(BlobProperties old, CopyInfo copy, java.time.Instant now);
    }

    /**
     * The commit that completes the copy: the destination whole, with the settings its pending copy
     * kept applied (its tags indexed as any write's), its copy succeeded, or, from an archived source,
     * pending until the destination's rehydration completes.
     */
    private BlobProperties finish(String account, String container, String name, String id, Completion completion) {
        return writes.write(account, container, name, (partition, now) -> {
            BlobProperties blob = pendingCopy(partition, id, now);
            CopyInfo copy = blob.copy();
            DestinationSettings destination = copy.settings() == null ? DestinationSettings.NONE : copy.settings();
            CopyInfo done = destination.rehydrate() ? copy.awaitingRehydration()
                    : copy.finished(CopyInfo.Status.SUCCESS, null, now);
            return partition.setBlob(destination.applyTo(completion.of(blob, done, now), now, rehydrationDelay));
        });
    }

    private void fail(String account, String container, String name, String id, RuntimeException failure) {
        String why = failure instanceof ServiceException refused ? refused.errorCode().status() + " "
                + refused.errorCode().code() + " \"" + refused.getMessage() + "\"" : "The copy failed: " + failure;
        if (!(failure instanceof ServiceException)) {
            LOG.log(Level.WARNING, "copy " + id + " to " + account + "/" + container + "/" + name + " failed", failure);
        }
        try {
            writes.write(account, container, name, (partition, now) -> {
                BlobProperties blob = pendingCopy(partition, id, now);
                return partition.setBlob(blob.withCopy(blob.copy().finished(CopyInfo.Status.FAILED, why, now)));
            });
        } catch (Superseded | ServiceException e) {
            // replaced, aborted, or gone with its container: nothing to mark
        }
    }

    /**
     * Stops every copy in the background before the store closes: each is left as its last step
     * committed it, pending, and reads as failed once it has not moved for {@link CopyInfo#STALLED_AFTER},
     * as after a crash; the bytes it copied are discarded.
     */
    void close() {
        closing = true;
        tasks.shutdownNow();
        try {
            tasks.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Abort Copy Blob: the blob's pending copy {@code copyId} ends, {@code aborted}, the blob left empty
     * with its metadata (also when its bytes were in and it waited for its rehydration). 409
     * NoPendingCopyOperation when none is pending, 409 CopyIdMismatch for another id; a leased blob
     * needs its lease id.
     */
    BlobProperties abort(String account, String container, String name, String copyId, String leaseId) {
        return writes.write(account, container, name, (partition, now) -> {
            BlobProperties blob = partition.existing();
            Leases.checkBlobWrite(blob.lease(), leaseId, now);
            CopyInfo copy = blob.copy() == null ? null : blob.copy().at(now);
            if (copy == null || copy.status() != CopyInfo.Status.PENDING) {
                throw new ServiceException(BlobError.NO_PENDING_COPY_OPERATION);
            }
            if (!copy.id().equals(copyId)) {
                throw new ServiceException(BlobError.COPY_ID_MISMATCH);
            }
            BlobProperties aborted = blob.withCopy(copy.finished(CopyInfo.Status.ABORTED, null, now));
            if (copy.awaitsRehydration()) {
                // Its bytes are in, offline until the rehydration: aborted, it is left empty as any other.
                aborted = aborted.changed(ETags.next(Writes.ticks(now), blob.etag()), now, 0, blob.headers(),
                        blob.metadata(), List.of(), blob.sequenceNumber())
                        .withTiering(Tiering.written(blob.tiering().rehydratingTo()));
            }
            return partition.setBlob(aborted);
        });
    }
}
