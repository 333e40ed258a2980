package io.cerulean.blob.service;

import io.cerulean.blob.layout.BlobRecords;
import io.cerulean.blob.layout.ContainerCatalog;
import io.cerulean.blob.model.AccessTier;
import io.cerulean.blob.layout.TagIndexRecords;
import io.cerulean.blob.model.TagFilter;
import io.cerulean.blob.model.BlobProperties;
import io.cerulean.blob.model.BlobType;
import io.cerulean.blob.model.BlockId;
import io.cerulean.blob.model.Conditions;
import io.cerulean.blob.model.ContentHeaders;
import io.cerulean.blob.model.Lease;
import io.cerulean.blob.model.RehydratePriority;
import io.cerulean.blob.model.Tiering;
import io.cerulean.storage.KeySpaces;
import io.cerulean.storage.KeyValueStore;
import io.cerulean.storage.content.ContentId;
import io.cerulean.storage.content.ContentStore;
import io.cerulean.storage.database.Database;
import io.cerulean.storage.state.ServerState;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Predicate;

/**
 * The Blob service's operations on a {@link KeyValueStore} for records (layout in
 * {@link ContainerCatalog} and {@link BlobRecords}) and a {@link ContentStore} for bytes: the one
 * entry point of the REST layer. Each operation is a resource's own class's, built here and nowhere
 * else: {@link Blobs}, {@link BlobListing}, {@link Blocks}, {@link PageBlobs}, {@link AppendBlobs},
 * {@link Copies}, {@link BlobLeases}, {@link BlobTagging}, {@link TagLookup}, {@link Containers}
 * (reached through {@link #containers()}) and {@link BlobCopies} (through {@link #copies()}),
 * every write to a blob through {@link BlobWrites}, and every byte's life through
 * {@link ContentLifecycle}. Parameters are taken as the REST layer has checked them; what depends on
 * stored state is decided there.
 *
 * <p><b>What Cerulean guarantees.</b> Bytes are written to the content store first and named by a
 * record afterwards, so a blob is never visible half-written: Put Blob and Put Block List commit the
 * blob row, and discard the staged blocks, in one commit of the blob's partition. Every change is a
 * commit on the version read, so concurrent writers to one blob never undo each other; the loser
 * reads again. Content no record names any more is deleted once the commit that let go of it is
 * durable, so a crash never leaves a record naming deleted bytes.
 *
 * <p>Writes take ownership of the content they are given: if they fail, it is deleted. Every write
 * returns once it is visible; the REST layer acknowledges it once {@link #whenDurable()}
 * completes. Thread-safe.
 */
public final class BlobService {
    /** The most blocks a committed block list may name. */
    public static final int MAX_COMMITTED_BLOCKS = Blocks.MAX_COMMITTED_BLOCKS;
    /** Staged blocks are discarded this long after their blob's last Put Block, if never committed, as in Azure. */
    public static final Duration STAGED_BLOCK_LIFETIME = Blocks.STAGED_BLOCK_LIFETIME;

    private final KeyValueStore store;
    private final Clock clock;
    private final ContentLifecycle lifecycle;
    private final UnnamedContents unnamed;
    private final Containers containers;
    private final Blobs blobs;
    private final BlobListing listing;
    private final Blocks blocks;
    private final PageBlobs pages;
    private final AppendBlobs appends;
    private final Copies copies;
    private final BlobLeases leases;
    private final Tiers tiers;
    private final SoftDeletes softDeletes;
    private final BlobWrites writes;
    private final BlobCopies copyOperations;
    private final BlobTagging tagging;
    private final TagLookup tagLookup;
    private final TagIndexSweep tagSweep;

    /**
     * The Blob service on {@code database}, as a server opens it, once its key spaces' formats are
     * checked (or recorded, on a store used for the first time): records in the database's record
     * store, bytes in its content store. Times come from {@code clock}.
     *
     * @throws io.cerulean.storage.StoreFormatException when the store holds blobs in another format
     */
    public static BlobService open(Database database, Clock clock) {
        return open(database, clock, BlobOptions.DEFAULTS);
    }

    /** The Blob service on {@code database}, run as {@code options} say. */
    public static BlobService open(Database database, Clock clock, BlobOptions options) {
        database.checkFormat(KeySpaces.BLOB_CONTAINERS, ContainerCatalog.FORMAT_VERSION);
        database.checkFormat(KeySpaces.BLOBS, BlobRecords.FORMAT_VERSION, BlobRecords.READS_FROM);
        database.checkFormat(KeySpaces.BLOB_TAGS, TagIndexRecords.FORMAT_VERSION);
        return new BlobService(database.records(), database.contents(), database.state(), clock, options);
    }

    /**
     * The Blob service on {@code store} and {@code contents}, whose key spaces' formats the caller
     * has checked; ids come from the store's server state.
     */
    public BlobService(KeyValueStore store, ContentStore contents, Clock clock) {
        this(store, contents, clock, BlobOptions.DEFAULTS);
    }

    /** The same, run as {@code options} say. */
    public BlobService(KeyValueStore store, ContentStore contents, Clock clock, BlobOptions options) {
        this(store, contents, new ServerState(store), clock, options);
    }

    private BlobService(KeyValueStore store, ContentStore contents, ServerState state, Clock clock,
                        BlobOptions options) {
        SecureRandom random = new SecureRandom(); // row versions, drawn at every write (BlobRecords, ContainerCatalog)
        this.store = store;
        this.clock = clock;
        this.lifecycle = new ContentLifecycle(store, contents);
        this.containers = new Containers(store, state, lifecycle, clock, random);
        TagIndex tagIndex = new TagIndex(store, clock, random);
        this.writes = new BlobWrites(store, containers, lifecycle, clock, random, options.versioning(), tagIndex);
        this.softDeletes = new SoftDeletes(store, containers, writes, clock);
        this.blobs = new Blobs(store, containers, writes, lifecycle, clock);
        this.tagging = new BlobTagging(blobs, writes);
        this.tagLookup = new TagLookup(store, containers, tagIndex);
        this.tagSweep = new TagIndexSweep(store, containers, tagIndex, clock);
        this.listing = new BlobListing(store, containers);
        this.blocks = new Blocks(store, containers, writes, lifecycle, clock, random);
        this.unnamed = new UnnamedContents(contents, lifecycle, containers, clock);
        this.pages = new PageBlobs(writes, lifecycle);
        this.appends = new AppendBlobs(writes, lifecycle);
        this.copies = new Copies(blobs, containers, writes, lifecycle, options.rehydrationDelay());
        this.leases = new BlobLeases(writes);
        this.tiers = new Tiers(writes, options.rehydrationDelay());
        RemoteSources remote = new RemoteSources(lifecycle, options.copies().remoteTimeout(),
                options.copies().remoteMaxBytes());
        this.copyOperations = new BlobCopies(copies, containers, remote,
                new PendingCopies(writes, lifecycle, remote, options.copies(), options.rehydrationDelay()),
                new IncrementalCopies(copies, containers, writes, lifecycle), options.copies());
    }

    /** The container operations. */
    public Containers containers() {
        return containers;
    }

    /**
     * The copies beyond a copy within the server finished before its answer: sources served elsewhere,
     * copies in the background and their abort, incremental copies.
     */
    public BlobCopies copies() {
        return copyOperations;
    }

    /** One entry of List Blobs: a blob, or the common prefix of several under a delimiter. */
    public sealed interface ListedBlob {
        String name();
    }

    /**
     * A committed blob or one of its snapshots, or (with {@code include=uncommittedblobs}) a blob with
     * only staged blocks.
     */
    public record ListedItem(String name, Optional<BlobProperties> committed, boolean previousVersion)
            implements ListedBlob {
        public ListedItem(String name, Optional<BlobProperties> committed) {
            this(name, committed, false);
        }
    }

    /**
     * Where a listing resumes: a blob's name, and the snapshot or previous version within it
     * (BlobProperties.BASE for neither: the blob).
     */
    public record ListPosition(String name, long snapshot, long version) {
        public ListPosition(String name, long snapshot) {
            this(name, snapshot, BlobProperties.BASE);
        }
    }

    /** Names sharing a prefix up to and including the delimiter, listed once. */
    public record ListedPrefix(String name) implements ListedBlob {
    }

    /** A page of List Blobs, and where the next one begins. */
    public record BlobList(List<ListedBlob> items, Optional<ListPosition> next) {
    }

    /** What List Blobs includes beside committed blobs. */
    public record Include(boolean snapshots, boolean uncommitted, boolean versions, boolean deleted) {
        public static final Include NONE = new Include(false, false, false, false);

        public Include(boolean snapshots, boolean uncommitted) {
            this(snapshots, uncommitted, false, false);
        }
    }

    /** What Delete Blob does with the blob's snapshots ({@code x-ms-delete-snapshots}). */
    public enum DeleteSnapshots {
        /** None given: refused with 409 SnapshotsPresent if there are any. */
        NONE,
        /** The blob and its snapshots. */
        INCLUDE,
        /** Its snapshots only. */
        ONLY
    }

    /** Append Block's own conditions, null when not sent. */
    public record AppendConditions(Long appendPosition, Long maxSize) {
        public static final AppendConditions NONE = new AppendConditions(null, null);
    }

    /** What a lease action left: the lease, and the resource's ETag and Last-Modified. */
    public record LeaseOutcome(Lease lease, long etag, Instant lastModified) {
    }

    /** Which list of a block list request names a block in (Put Block List's elements). */
    public enum BlockSource { COMMITTED, UNCOMMITTED, LATEST }

    /** One entry of Put Block List. */
    public record BlockReference(BlockSource source, BlockId id) {
    }

    /** A block as Get Block List shows it. */
    public record Block(BlockId id, long size) {
    }

    /** Get Block List: the committed blocks in order (empty if the blob is not committed), the staged ones. */
    public record BlockLists(Optional<BlobProperties> blob, List<Block> committed, List<Block> uncommitted) {
    }

    /**
     * Where a copy reads from: a blob, or a snapshot or a version of one ({@code version}: ticks, or
     * BlobProperties.BASE), in this server's store, and the URL that named it.
     */
    public record CopySource(String account, String container, String blob, long snapshot, long version, String url) {
        public CopySource(String account, String container, String blob, long snapshot, String url) {
            this(account, container, blob, snapshot, BlobProperties.BASE, url);
        }
    }

    /** Bytes copied from a source into new content, and their MD5. */
    public record CopiedContent(ContentId content, long size, byte[] md5) {
    }

    /** Bytes of a source served elsewhere, copied into new content, with its content headers and metadata. */
    public record RemoteContent(CopiedContent content, ContentHeaders headers, Map<String, String> metadata) {
    }

    /** What a copy makes of its source. */
    public enum CopyKind {
        /**
         * Copy Blob and Copy Blob From URL: a blob of the source's type and pieces (a block blob's
         * committed blocks and their ids, a page blob's written pages, an append blob's blocks),
         * remembered as a copy ({@code x-ms-copy-*}).
         */
        COPY,
        /** Put Blob From URL: a block blob of the source's bytes in one piece, its block list not kept. */
        PUT_FROM_URL
    }

    /** How Set Blob Properties changes a page blob's sequence number ({@code x-ms-sequence-number-action}). */
    public enum SequenceAction { MAX, UPDATE, INCREMENT }

    /** A sequence number change: the action and the value it takes (none for increment). */
    public record SequenceChange(SequenceAction action, long value) {
    }

    /** A page blob's own conditions on Put Page ({@code x-ms-if-sequence-number-le, -lt, -eq}), null when not sent. */
    public record SequenceConditions(Long lessOrEqual, Long less, Long equal) {
        public static final SequenceConditions NONE = new SequenceConditions(null, null, null);

        boolean holdFor(long number) {
            return (lessOrEqual == null || number <= lessOrEqual) && (less == null || number < less)
                    && (equal == null || number == equal);
        }
    }

    /**
     * Stops what the service runs itself, before its store closes: the copies in the background, each
     * left pending where its last step was, to read as failed a minute later.
     */
    public void close() {
        copyOperations.close();
    }

    /** Completes once every write that returned before this call is durable. */
    public CompletableFuture<Void> whenDurable() {
        return store.whenDurable();
    }

    /** Where request bodies are written before a write adopts them ({@link ContentLifecycle}). */
    public ContentStore contents() {
        return lifecycle.contents();
    }

    /**
     * Deletes content written for a write that will not take it (a body refused once read, bytes
     * copied for a block whose MD5 did not match); null: none.
     */
    public void discard(ContentId content) {
        if (content != null) {
            lifecycle.discard(content);
        }
    }

    /** The moment a lease's state is judged at: this service's now. */
    public Instant now() {
        return clock.instant();
    }

    // ---------------------------------------------------------------- blobs

    /**
     * Put Blob: the blob is {@code content} ({@code size} bytes; null content for an empty blob), in
     * place of any blob of the name, whatever its type, and of its staged blocks; its lease stays.
     * {@code headers} carries the MD5 to keep. 409 BlobAlreadyExists under {@code If-None-Match: *}.
     */
    public BlobProperties putBlob(String account, String container, String name, BlobType type, ContentId content,
                                  long size, ContentHeaders headers, Map<String, String> metadata,
                                  Conditions conditions) {
        return blobs.put(account, container, name, type, content, size, headers, metadata, conditions, 0, null,
                Map.of());
    }

    /**
     * Put Blob of a block or append blob, a block blob in {@code tier} (null: inferred Hot; 400
     * InvalidBlobTier for a tier on an append blob).
     */
    public BlobProperties putBlob(String account, String container, String name, BlobType type, ContentId content,
                                  long size, ContentHeaders headers, Map<String, String> metadata,
                                  Conditions conditions, AccessTier tier) {
        return blobs.put(account, container, name, type, content, size, headers, metadata, conditions, 0, tier,
                Map.of());
    }

    /**
     * Put Blob, the blob given {@code tags} ({@code x-ms-tags}, checked by the caller), a block blob in
     * {@code tier} (null: inferred Hot).
     */
    public BlobProperties putBlob(String account, String container, String name, BlobType type, ContentId content,
                                  long size, ContentHeaders headers, Map<String, String> metadata,
                                  Conditions conditions, long sequenceNumber, AccessTier tier,
                                  Map<String, String> tags) {
        return blobs.put(account, container, name, type, content, size, headers, metadata, conditions,
                sequenceNumber, tier, tags);
    }

    /**
     * Put Blob, with a page blob's starting sequence number; a page blob is {@code size} bytes of
     * zeros ({@code content} null).
     */
    public BlobProperties putBlob(String account, String container, String name, BlobType type, ContentId content,
                                  long size, ContentHeaders headers, Map<String, String> metadata,
                                  Conditions conditions, long sequenceNumber) {
        return blobs.put(account, container, name, type, content, size, headers, metadata, conditions,
                sequenceNumber, null, Map.of());
    }

    /** The committed blob, or one of its snapshots: 404 BlobNotFound (also for a blob with only staged blocks). */
    public BlobProperties blob(String account, String container, String name, long snapshot, String leaseId) {
        return blobs.get(account, container, name, snapshot, leaseId);
    }

    /**
     * The committed blob, one of its snapshots or one of its versions ({@code version}: ticks, or
     * {@link BlobProperties#BASE}): 404 BlobNotFound when there is none, or it is soft-deleted.
     */
    public BlobProperties blob(String account, String container, String name, long snapshot, long version,
                               String leaseId) {
        return blobs.get(account, container, name, snapshot, version, leaseId);
    }

    /** Whether {@code account} keeps blob versions. */
    public boolean versioning(String account) {
        return writes.versioning(account);
    }

    /** The committed blob. */
    public BlobProperties blob(String account, String container, String name) {
        return blobs.get(account, container, name, BlobProperties.BASE, null);
    }

    /**
     * Get Blob: the committed blob or one of its snapshots ({@link #blob}), with its bytes held until
     * it is closed when {@code bytes} are to be read: a read that begins finishes on this version.
     */
    public ReadableBlob openBlob(String account, String container, String name, long snapshot, String leaseId,
                                 boolean bytes) {
        return blobs.open(account, container, name, snapshot, BlobProperties.BASE, leaseId, bytes);
    }

    /** Get Blob of a snapshot or a version ({@code version}: ticks, or {@link BlobProperties#BASE}). */
    public ReadableBlob openBlob(String account, String container, String name, long snapshot, long version,
                                 String leaseId, boolean bytes) {
        return blobs.open(account, container, name, snapshot, version, leaseId, bytes);
    }

    /** Reads {@code length} bytes of {@code blob} from {@code offset}, one call at a time. */
    public BlobContent read(BlobProperties blob, long offset, long length) {
        return blobs.read(blob, offset, length);
    }

    /** Set Blob Properties: the six content headers, replaced as a set; a new ETag. */
    public BlobProperties setBlobHeaders(String account, String container, String name, ContentHeaders headers,
                                         Conditions conditions) {
        return blobs.setProperties(account, container, name, headers, null, null, conditions);
    }

    /**
     * Set Blob Properties: the content headers (null: kept), a page blob's new size (null: kept; 409
     * InvalidBlobType for another type) and a change of its sequence number (null: none); a new ETag.
     */
    public BlobProperties setBlobProperties(String account, String container, String name, ContentHeaders headers,
                                            Long size, SequenceChange sequence, Conditions conditions) {
        return blobs.setProperties(account, container, name, headers, size, sequence, conditions);
    }

    /** Set Blob Metadata: replaces the whole set; a new ETag. */
    public BlobProperties setBlobMetadata(String account, String container, String name, Map<String, String> metadata,
                                          Conditions conditions) {
        return blobs.setMetadata(account, container, name, metadata, conditions);
    }

    /**
     * Snapshot Blob: a read-only copy of the blob as it is now, sharing its bytes, under a moment of
     * its own (unique for the blob); its metadata {@code metadata} if any is given, else the blob's.
     * The blob's ETag stays. Returns the snapshot.
     */
    public BlobProperties snapshotBlob(String account, String container, String name, Map<String, String> metadata,
                                       Conditions conditions) {
        return blobs.snapshot(account, container, name, metadata, conditions);
    }

    /**
     * Delete Blob: the blob and its staged blocks, its snapshots as {@code snapshots} says (409
     * SnapshotsPresent when it says nothing and there are some); or, with {@code snapshot}, that
     * snapshot alone.
     */
    public void deleteBlob(String account, String container, String name, long snapshot, DeleteSnapshots snapshots,
                           Conditions conditions) {
        blobs.delete(account, container, name, snapshot, BlobProperties.BASE, snapshots, conditions, null);
    }

    /**
     * Delete Blob as above, or of one previous version ({@code version}: ticks; 403
     * OperationNotAllowedOnRootBlob for the current one's). Where versioning is on, the blob becomes
     * a previous version. With a {@code retention} (the account's soft delete policy; null: none),
     * what goes is kept, marked deleted, until {@link #sweepDeleted} finds its retention ended.
     */
    public void deleteBlob(String account, String container, String name, long snapshot, long version,
                           DeleteSnapshots snapshots, Conditions conditions, Duration retention) {
        blobs.delete(account, container, name, snapshot, version, snapshots, conditions, retention);
    }

    /** Delete Blob without snapshots to think of: the blob and its staged blocks. */
    public void deleteBlob(String account, String container, String name, Conditions conditions) {
        blobs.delete(account, container, name, BlobProperties.BASE, BlobProperties.BASE, DeleteSnapshots.NONE,
                conditions, null);
    }

    /**
     * Undelete Blob: the soft-deleted blob (unless the name has a live one), snapshots and versions
     * come back; 404 BlobNotFound when the name has nothing at all.
     */
    public void undeleteBlob(String account, String container, String name) {
        softDeletes.undelete(account, container, name);
    }

    /**
     * Removes for good every blob, snapshot and version deleted longer ago than its account's
     * {@code retention} (null for an account whose deleted data stays). Safe on any number of servers.
     *
     * @return how many were removed
     */
    public long sweepDeleted(java.util.function.Function<String, Duration> retention) {
        return softDeletes.sweep(retention);
    }

    /**
     * List Blobs: up to {@code max} entries whose names start with {@code prefix}, from {@code from}
     * on, in name order (a blob's snapshots before it, oldest first); with a {@code delimiter}, names
     * that hold it after the prefix are listed once as their common prefix, if any of them is listed
     * (a blob with only staged blocks is, with {@code include.uncommitted()}).
     */
    public BlobList listBlobs(String account, String container, String prefix, String delimiter,
                              Optional<ListPosition> from, int max, Include include) {
        BlobList list = listing.list(account, container, prefix, delimiter, from, max, include);
        Instant now = clock.instant();
        List<ListedBlob> items = list.items().stream().map(item -> item instanceof ListedItem listed
                ? new ListedItem(listed.name(), listed.committed().map(blob -> Tiers.settled(blob, now)),
                        listed.previousVersion())
                : item).toList();
        return new BlobList(items, list.next());
    }

    // ---------------------------------------------------------------- blocks, pages, append blocks

    /**
     * Put Block: stages {@code content} under {@code id}, in place of a block staged under it before;
     * invisible to readers until a block list commits it. 400 InvalidBlobOrBlock when the blob's other
     * staged block ids decode to another length; a leased blob needs its lease id.
     */
    public void stageBlock(String account, String container, String name, BlockId id, ContentId content, long size,
                           String leaseId) {
        blocks.stage(account, container, name, id, content, size, leaseId);
    }

    /**
     * Put Block List: the blob becomes the named blocks in order, with these headers and metadata;
     * every staged block, and every committed block not named, is discarded. 400 InvalidBlockList
     * for a block not in the list named; 400 BlockListTooLong past 50,000 blocks.
     */
    public BlobProperties commitBlockList(String account, String container, String name, List<BlockReference> blocks,
                                          ContentHeaders headers, Map<String, String> metadata,
                                          Conditions conditions) {
        return this.blocks.commit(account, container, name, blocks, headers, metadata, conditions, null, Map.of());
    }

    /**
     * Put Block List, the blob in {@code tier} (null: inferred Hot) and given {@code tags}
     * ({@code x-ms-tags}, checked by the caller).
     */
    public BlobProperties commitBlockList(String account, String container, String name, List<BlockReference> blocks,
                                          ContentHeaders headers, Map<String, String> metadata,
                                          Conditions conditions, AccessTier tier, Map<String, String> tags) {
        return this.blocks.commit(account, container, name, blocks, headers, metadata, conditions, tier, tags);
    }

    /** Get Block List: 404 BlobNotFound when the blob has neither committed nor staged blocks. */
    public BlockLists blockLists(String account, String container, String name, long snapshot, String leaseId) {
        return blocks.lists(account, container, name, snapshot, BlobProperties.BASE, leaseId);
    }

    /** Get Block List of one version ({@code version}: ticks, or {@link BlobProperties#BASE}): its committed blocks. */
    public BlockLists blockLists(String account, String container, String name, long snapshot, long version,
                                 String leaseId) {
        return blocks.lists(account, container, name, snapshot, version, leaseId);
    }

    /**
     * Discards the staged blocks of every blob, in every container of every account, whose last Put
     * Block is older than {@link #STAGED_BLOCK_LIFETIME}. Safe on any number of servers at once: each
     * removal is a commit on the version read, so a block staged again meanwhile stays.
     *
     * @return how many staged blocks were removed
     */
    public long sweepStagedBlocks() {
        return blocks.sweep();
    }

    /**
     * Deletes the bytes no row names that were found unnamed by a sweep an hour or more before
     * ({@link UnnamedContents}): what a server that died between writing bytes and committing the
     * row naming them left behind.
     *
     * @return how many contents were deleted
     */
    public long sweepUnnamedContents() {
        return unnamed.sweep();
    }

    /**
     * Removes the tag index's entries of deleted containers, and settles those a write left pending
     * and surely gave up on ({@link TagIndexSweep}). Safe on any number of servers at once.
     *
     * @return how many stale entries were found
     */
    public long sweepTagIndex() {
        return tagSweep.sweep();
    }

    /**
     * The sweeps a server runs every hour (staged blocks, unnamed bytes, stale tag index entries);
     * returns what they removed together.
     */
    public long sweep() {
        return blocks.sweep() + unnamed.sweep() + tagSweep.sweep();
    }

    /**
     * Put Page: {@code length} bytes at {@code offset} (both 512-aligned, checked by the caller) become
     * {@code content}'s, or zeros when it is null (a clear). 409 InvalidBlobType for another type, 416
     * InvalidPageRange past the end, 412 SequenceNumberConditionNotMet.
     */
    public BlobProperties putPages(String account, String container, String name, long offset, long length,
                                   ContentId content, Conditions conditions, SequenceConditions sequence) {
        return pages.put(account, container, name, offset, length, content, conditions, sequence);
    }

    /**
     * Append Block: {@code content} added at the end of an append blob. 409 InvalidBlobType for another
     * type, 409 BlockCountExceedsLimit past 50,000 blocks, 412 AppendPositionConditionNotMet and
     * MaxBlobSizeConditionNotMet for its own conditions. Returns the blob, its new block the last.
     */
    public BlobProperties appendBlock(String account, String container, String name, ContentId content, long size,
                                      Conditions conditions, AppendConditions append) {
        return appends.append(account, container, name, content, size, conditions, append);
    }

    /**
     * Seal Append Blob: no block is appended to the blob again (409 BlobIsSealed); a new ETag, unless
     * it was sealed already. 412 AppendPositionConditionNotMet unless {@code appendPosition} (null: none)
     * is its length; 409 InvalidBlobType for another type.
     */
    public BlobProperties sealAppendBlob(String account, String container, String name, Conditions conditions,
                                         Long appendPosition) {
        return appends.seal(account, container, name, conditions, appendPosition);
    }

    /**
     * Set Blob Tier on a block blob or, with {@code snapshot}, a snapshot of one: an online blob takes
     * {@code tier} at once; an archived one starts a rehydration to it at {@code priority} (null:
     * Standard), done when {@link BlobOptions#rehydrationDelay()} has passed. ETag and Last-Modified
     * stay. 400 InvalidBlobTier for a page or append blob; 409 BlobBeingRehydrated for another tier
     * while a rehydration is under way. Returns the blob, {@link Tiering#rehydrating()} when the change
     * was accepted rather than made.
     */
    public BlobProperties setBlobTier(String account, String container, String name, long snapshot,
                                      AccessTier tier, RehydratePriority priority, String leaseId) {
        return tiers.set(account, container, name, snapshot, tier, priority, leaseId);
    }

    /**
     * Set Blob Tier on one version ({@code version}: ticks, or {@link BlobProperties#BASE}): 404
     * BlobNotFound when there is none; 412 ConditionNotMet when {@code tagConditions}' tags condition
     * fails on it.
     */
    public BlobProperties setBlobTier(String account, String container, String name, long snapshot, long version,
                                      AccessTier tier, RehydratePriority priority, String leaseId,
                                      Conditions tagConditions) {
        return tiers.set(account, container, name, snapshot, version, tier, priority, leaseId, tagConditions);
    }

    // ---------------------------------------------------------------- copies, leases

    /**
     * The source of a copy as it is now: 404 CannotVerifyCopySource when it is not there, 412
     * SourceConditionNotMet when {@code conditions} (its {@code x-ms-source-if-*}) fail.
     */
    public BlobProperties copySource(CopySource source, Conditions conditions) {
        return copies.source(source, conditions);
    }

    /**
     * Copies {@code length} bytes of {@code source} from {@code offset} into new content, computing
     * their MD5; the content is the caller's until a write adopts it.
     */
    public CopiedContent copyContent(BlobProperties source, long offset, long length) {
        return copies.content(source, offset, length);
    }

    /**
     * Copy Blob finished before its answer, Copy Blob From URL and Put Blob From URL: {@code target}
     * becomes a whole copy of {@code source}'s bytes, as its kind says, in place of any blob of the
     * name; its lease stays; what the target's settings name applies to it (400 InvalidBlobTier for a
     * tier on a copy that is no block blob).
     */
    public BlobProperties copyBlob(BlobProperties source, String sourceUrl, CopyTarget target) {
        return copies.copy(source, sourceUrl, target);
    }

    // ---------------------------------------------------------------- tags

    /** A blob Find Blobs by Tags found: where it is, and its tags that the filter names. */
    public record FoundBlob(String container, String name, Map<String, String> tags) {
    }

    /** Where Find Blobs by Tags resumes: after this blob, found under this value of the tag it read by. */
    public record FindPosition(String value, String container, String blob) {
    }

    /** A page of Find Blobs by Tags, and where the next one begins. */
    public record FoundBlobs(List<FoundBlob> blobs, Optional<FindPosition> next) {
    }

    /**
     * Set Blob Tags: {@code tags} (checked by the caller) in place of the blob's; its ETag and
     * Last-Modified stay. A leased blob needs its lease id; a failed {@code x-ms-if-tags} is 412.
     */
    public void setBlobTags(String account, String container, String name, Map<String, String> tags,
                            Conditions conditions) {
        tagging.set(account, container, name, BlobProperties.BASE, tags, conditions);
    }

    /**
     * Set Blob Tags on one version ({@code version}: ticks, or {@link BlobProperties#BASE} for the
     * blob); 404 BlobNotFound for a version the blob does not have. Only the current version's tags
     * are found by Find Blobs by Tags.
     */
    public void setBlobTags(String account, String container, String name, long version, Map<String, String> tags,
                            Conditions conditions) {
        tagging.set(account, container, name, version, tags, conditions);
    }

    /** Get Blob Tags: the tags of the blob or of a snapshot of it, sorted by key. */
    public Map<String, String> blobTags(String account, String container, String name, long snapshot,
                                        Conditions conditions) {
        return tagging.get(account, container, name, snapshot, BlobProperties.BASE, conditions);
    }

    /** Get Blob Tags of the blob, a snapshot or a version ({@code version}: ticks, or {@link BlobProperties#BASE}). */
    public Map<String, String> blobTags(String account, String container, String name, long snapshot, long version,
                                        Conditions conditions) {
        return tagging.get(account, container, name, snapshot, version, conditions);
    }

    /**
     * Find Blobs by Tags: up to {@code max} blobs of the account, or of {@code container} if not
     * null (404 ContainerNotFound when there is none), whose tags pass {@code filter} (as
     * {@link io.cerulean.blob.model.TagFilterParser} reads a {@code where}), from {@code from} on.
     * Reads the tag index and the rows of the blobs it names, never a container's blobs.
     */
    public FoundBlobs findBlobsByTags(String account, String container, TagFilter filter,
                                      Optional<FindPosition> from, int max) {
        return tagLookup.find(account, container, filter, from, max);
    }

    /** Lease Blob: the state machine of contract 5.2; the ETag stays. 404 for a blob with no committed version. */
    public LeaseOutcome leaseBlob(String account, String container, String name, Leases.Action action,
                                  Conditions conditions) {
        return leases.lease(account, container, name, action, conditions);
    }

}
