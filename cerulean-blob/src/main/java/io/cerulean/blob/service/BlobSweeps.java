package io.cerulean.blob.service;

import java.time.Duration;
import java.util.function.Function;

/**
 * What a server sweeps of the Blob service now and then: staged blocks never committed, bytes no
 * row names, stale tag index entries, and what soft delete kept past its retention. Each sweep is
 * safe on any number of servers at once: every removal is a commit on the rows as read, so what
 * was written again meanwhile stays. Reached through {@link BlobService#sweeps()}. Thread-safe.
 */
public final class BlobSweeps {
    private final Blocks blocks;
    private final UnnamedContents unnamed;
    private final TagIndexSweep tagIndex;
    private final SoftDeletes softDeletes;

    BlobSweeps(Blocks blocks, UnnamedContents unnamed, TagIndexSweep tagIndex, SoftDeletes softDeletes) {
        this.blocks = blocks;
        this.unnamed = unnamed;
        this.tagIndex = tagIndex;
        this.softDeletes = softDeletes;
    }

    /**
     * Discards the staged blocks of every blob, in every container of every account, whose last Put
     * Block is older than {@link BlobService#STAGED_BLOCK_LIFETIME}; a block staged again meanwhile
     * stays.
     *
     * @return how many staged blocks were removed
     */
    public long stagedBlocks() {
        return blocks.sweep();
    }

    /**
     * Deletes the bytes no row names that were found unnamed by a sweep an hour or more before
     * ({@link UnnamedContents}): what a server that died between writing bytes and committing the
     * row naming them left behind.
     *
     * @return how many contents were deleted
     */
    public long unnamedContents() {
        return unnamed.sweep();
    }

    /**
     * Removes the tag index's entries of deleted containers, and settles those a write left pending
     * and surely gave up on ({@link TagIndexSweep}).
     *
     * @return how many stale entries were found
     */
    public long tagIndex() {
        return tagIndex.sweep();
    }

    /**
     * Removes for good every blob, snapshot and version deleted longer ago than its account's
     * {@code retention} (null for an account whose deleted data stays).
     *
     * @return how many were removed
     */
    public long deleted(Function<String, Duration> retention) {
        return softDeletes.sweep(retention);
    }

    /**
     * The sweeps a server runs every hour, in this order: staged blocks, unnamed bytes, stale tag
     * index entries, and soft-deleted data past {@code retention}; returns what they removed
     * together.
     */
    public long all(Function<String, Duration> retention) {
        return stagedBlocks() + unnamedContents() + tagIndex() + deleted(retention);
    }
}
