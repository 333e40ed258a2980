package io.cerulean.blob.service;

import io.cerulean.blob.error.BlobError;
import io.cerulean.blob.model.AccessTier;
import io.cerulean.blob.model.BlobProperties;
import io.cerulean.blob.model.Conditions;
import io.cerulean.blob.model.DestinationSettings;
import io.cerulean.common.error.ServiceException;
import java.net.URI;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The Blob service's copies beyond a copy within the server finished before its answer (which
 * {@link BlobService#copyBlob} makes): sources served elsewhere ({@link RemoteSources}), Copy Blob in
 * the background and Abort Copy Blob ({@link PendingCopies}), Incremental Copy Blob
 * ({@link IncrementalCopies}). Reached through {@link BlobService#copies()}. Thread-safe.
 */
public final class BlobCopies {
    private final Copies copies;
    private final Containers containers;
    private final RemoteSources remote;
    private final PendingCopies pending;
    private final IncrementalCopies incremental;
    private final CopySettings settings;

    BlobCopies(Copies copies, Containers containers, RemoteSources remote, PendingCopies pending,
               IncrementalCopies incremental, CopySettings settings) {
        this.copies = copies;
        this.containers = containers;
        this.remote = remote;
        this.pending = pending;
        this.incremental = incremental;
        this.settings = settings;
    }

    /**
     * Reads a source served elsewhere ({@code length} bytes from {@code offset}, or all of it when
     * {@code length} is null) into new content, the caller's until a write adopts it, waiting at most
     * the settings' remote timeout: CannotVerifyCopySource when it cannot be read.
     */
    public RemoteContent fetch(URI source, long offset, Long length) {
        try {
            return remote.fetch(source, offset, length).get(settings.remoteTimeout().toMillis(),
                    TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException failure ? failure
                    : new IllegalStateException(e.getCause());
        } catch (TimeoutException e) {
            throw new ServiceException(BlobError.COPY_SOURCE_UNREACHABLE, BlobError.COPY_SOURCE_UNREACHABLE.message()
                    + " " + RemoteSources.redacted(source) + " did not answer in time.");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /**
     * Copy Blob From URL of a source served elsewhere: a block blob of {@code fetched}'s bytes and content
     * headers, {@code metadata} (null: the source's), in place of any blob of the name; its lease stays;
     * {@code settings} apply to it.
     */
    public BlobProperties copyFetched(String account, String container, String name, RemoteContent fetched,
                                      String sourceUrl, Map<String, String> metadata, Conditions conditions,
                                      DestinationSettings settings) {
        return copies.copyFetched(account, container, name, fetched, sourceUrl, metadata, conditions, settings);
    }

    /**
     * Copy Blob of {@code source}, a blob of this server, its {@code sourceConditions} checked, to
     * {@code target} (a {@link CopyTarget#copy}): finished before the answer, or in the background
     * ({@link PendingCopies}) for a source larger than the settings say; the target's settings apply to
     * it as it completes. An archived source is copied, as the service allows, only within its account,
     * to another blob, in the online tier the settings name: the destination is then archived and
     * rehydrated to that tier at the settings' priority, its copy pending until it is; otherwise 409
     * BlobArchived.
     */
    public BlobProperties copyBlob(CopySource source, Conditions sourceConditions, CopyTarget target) {
        BlobProperties original = copies.source(source, sourceConditions, true);
        CopyTarget applied = !original.tiering().archived() ? target : target.withSettings(
                rehydrating(target.account(), target.container(), target.name(), source, target.settings()));
        if (pending.inBackground(original)) {
            return start(target.account(), target.container(), target.name(), source, sourceConditions, null,
                    source.url(), target.metadata(), target.conditions(), applied.settings());
        }
        return copies.copy(original, source.url(), applied);
    }

    /** {@code settings} for a copy of the archived {@code source} to {@code name}; 409 BlobArchived if none may be. */
    private static DestinationSettings rehydrating(String account, String container, String name, CopySource source,
                                                   DestinationSettings settings) {
        String why = settings.tier() == null || settings.tier() == AccessTier.ARCHIVE
                ? "An archived blob is copied only to an online tier, named by x-ms-access-tier."
                : !source.account().equals(account) ? "An archived blob is copied only within its account."
                : source.container().equals(container) && source.blob().equals(name)
                ? "An archived blob is copied only to another blob." : null;
        if (why != null) {
            throw new ServiceException(BlobError.BLOB_ARCHIVED, BlobError.BLOB_ARCHIVED.message() + " " + why);
        }
        return settings.rehydrating();
    }

    /** Whether Copy Blob of {@code source} runs in the background, answering {@code pending}. */
    public boolean inBackground(BlobProperties source) {
        return pending.inBackground(source);
    }

    /**
     * Copy Blob in the background, of {@code source} on this server (its {@code sourceConditions}
     * checked; archived only when {@code settings} rehydrate it) or, when it is null, of
     * {@code remoteUrl}: the destination is written now, empty, its copy pending, and filled by a task
     * ({@link PendingCopies}); {@code settings} apply to it in the commit that completes it.
     */
    public BlobProperties start(String account, String container, String name, CopySource source,
                                Conditions sourceConditions, URI remoteUrl, String sourceUrl,
                                Map<String, String> metadata, Conditions conditions, DestinationSettings settings) {
        containers.blobs(account, container); // 404 ContainerNotFound before the source is held
        ReadableBlob held = source == null ? null : copies.hold(source, sourceConditions, settings.rehydrate());
        try {
            return pending.start(account, container, name, held, remoteUrl, sourceUrl, metadata, conditions,
                    settings);
        } catch (RuntimeException e) {
            if (held != null) {
                held.close();
            }
            throw e;
        }
    }

    /**
     * Incremental Copy Blob: {@code source}, a page blob's snapshot, copied into the incremental copy
     * blob {@code name}, which gets a snapshot of its own in the same commit; 409 for a source that is
     * not a snapshot, a destination that is not an incremental copy of the same blob, a snapshot not
     * newer than the last copied.
     */
    public BlobProperties incremental(String account, String container, String name, CopySource source,
                                      Conditions sourceConditions, Conditions conditions) {
        return incremental.copy(account, container, name, source, sourceConditions, conditions);
    }

    /** Abort Copy Blob: 409 NoPendingCopyOperation, 409 CopyIdMismatch; the blob is left empty, aborted. */
    public BlobProperties abort(String account, String container, String name, String copyId, String leaseId) {
        return pending.abort(account, container, name, copyId, leaseId);
    }

    /** Stops the copies running in the background ({@link PendingCopies#close}). */
    void close() {
        pending.close();
    }
}
