package io.cerulean.blob.service;

import io.cerulean.blob.layout.BlobRecords;
import io.cerulean.blob.layout.ContainerCatalog;
import io.cerulean.blob.layout.TagIndexRecords;
import io.cerulean.blob.model.AccessTier;
import io.cerulean.blob.model.BlobProperties;
import io.cerulean.blob.model.BlockId;
import io.cerulean.blob.model.Conditions;
import io.cerulean.blob.model.ContentHeaders;
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

/**
 * The Blob service's operations on a {@link KeyValueStore} for records (layout in
 * {@link ContainerCatalog} and {@link BlobRecords}) and a {@link ContentStore} for bytes: the one
 * entry point of the REST layer. Each operation is a resource's own class's, built here and nowhere
 * else: {@link Blobs}, {@link BlobListing}, {@link Blocks}, {@link PageBlobs}, {@link AppendBlobs},
 * {@link Copies}, {@link BlobLeases}, {@link SoftDeletes}, and, each reached through an accessor of
 * its own, {@link Containers} ({@link #containers()}), {@link BlobCopies} ({@link #copies()}),
 * {@link BlobTagging} ({@link #tags()}), {@link Tiers} ({@link #tiers()}) and {@link BlobSweeps}
 * ({@link #sweeps()}); every write to a blob goes through {@link BlobWrites}, and every byte's life
 * through {@link ContentLifecycle}. A blob, snapshot or version read is named by a
 * {@link BlobAddress}. Parameters are taken as the REST layer has checked them; what depends on
 * stored state is decided here.
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
    private final Containers containers;
    private final Blobs blobs;
    private final BlobListing listing;
    private final Blocks blocks;
    private final PageBlobs pages;
    private final AppendBlobs appends;
    private final Copies copies;
    private final BlobLeases leases;
    private final SoftDeletes softDeletes;
    private final BlobWrites writes;
    private final BlobCopies copyOperations;
    private final BlobTagging tagging;
    private final Tiers tiers;
    private final BlobSweeps sweeps;
    private final TagIndex tagIndex;

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
        this.tagIndex = tagIndex;
        this.writes = new BlobWrites(store, containers, lifecycle, clock, random, options.versioning(), tagIndex);
        this.softDeletes = new SoftDeletes(store, containers, writes, clock);
        this.blobs = new Blobs(store, containers, writes, lifecycle, clock);
        this.tagging = new BlobTagging(blobs, writes, new TagLookup(store, containers, tagIndex));
        this.listing = new BlobListing(store, containers);
        this.blocks = new Blocks(store, containers, writes, lifecycle, clock, random);
        this.sweeps = new BlobSweeps(blocks, new UnnamedContents(contents, lifecycle, containers, clock),
                new TagIndexSweep(store, containers, tagIndex, clock), softDeletes);
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

    /**
     * Deletes every container of the account (Storage Analytics' {@code $logs} too), leased or not,
     * with every blob, version, snapshot, soft-deleted blob and staged block in it, and the account's
     * tag index entries: a reset. The bytes go once the deletes are durable. A container created
     * meanwhile may survive it.
     *
     * @return how many containers were deleted
     */
    public long deleteAccount(String account) {
        long deleted = containers.deleteAll(account);
        tagIndex.deleteAccount(account);
        return deleted;
    }

    /** Every account that has a container or a tag index entry, in name order. */
    public java.util.SortedSet<String> accounts() {
        java.util.SortedSet<String> accounts = io.cerulean.storage.AccountPartitions.of(store, ContainerCatalog.SPACE);
        accounts.addAll(tagIndex.accounts());
        return accounts;
    }

    /** Set Blob Tags, Get Blob Tags and Find Blobs by Tags. */
    public BlobTagging tags() {
        return tagging;
    }

    /** Set Blob Tier, and the rehydration from Archive it starts. */
    public Tiers tiers() {
        return tiers;
    }

    /** What a server sweeps now and then: staged blocks, unnamed bytes, the tag index, soft-deleted data. */
    public BlobSweeps sweeps() {
        return sweeps;
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
     * Put Blob: the blob is {@code blob}'s content, in place of any blob of the name, whatever its
     * type, and of its staged blocks; its lease stays. 400 InvalidBlobTier for a tier on a page or
     * append blob; 409 BlobAlreadyExists under {@code If-None-Match: *}.
     */
    public BlobProperties putBlob(String account, String container, String name, NewBlob blob,
                                  Conditions conditions) {
        return blobs.put(account, container, name, blob, conditions);
    }

    /**
     * The committed blob, one of its snapshots or one of its versions: 404 BlobNotFound when there is
     * none (also for a blob with only staged blocks), or it is soft-deleted.
     */
    public BlobProperties blob(BlobAddress at, String leaseId) {
        return blobs.get(at.account(), at.container(), at.name(), at.snapshot(), at.version(), leaseId);
    }

    /** Whether {@code account} keeps blob versions. */
    public boolean versioning(String account) {
        return writes.versioning(account);
    }

    /**
     * Get Blob: the blob, snapshot or version ({@link #blob}), with its bytes held until it is closed
     * when {@code bytes} are to be read: a read that begins finishes on this version.
     */
    public ReadableBlob openBlob(BlobAddress at, String leaseId, boolean bytes) {
        return blobs.open(at.account(), at.container(), at.name(), at.snapshot(), at.version(), leaseId, bytes);
    }

    /** Reads {@code length} bytes of {@code blob} from {@code offset}, one call at a time. */
    public BlobContent read(BlobProperties blob, long offset, long length) {
        return blobs.read(blob, offset, length);
    }

    /**
     * Set Blob Properties: the content headers (null: kept; else replaced as a set), a page blob's new
     * size (null: kept; 409 InvalidBlobType for another type) and a change of its sequence number
     * (null: none); a new ETag.
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
     * SnapshotsPresent when it says nothing and there are some); or the snapshot or previous version
     * {@code at} names alone (403 OperationNotAllowedOnRootBlob for the current version's id). Where
     * versioning is on, the blob becomes a previous version. With a {@code retention} (the account's
     * soft delete policy; null: none), what goes is kept, marked deleted, until
     * {@link BlobSweeps#deleted} finds its retention ended.
     */
    public void deleteBlob(BlobAddress at, DeleteSnapshots snapshots, Conditions conditions, Duration retention) {
        blobs.delete(at.account(), at.container(), at.name(), at.snapshot(), at.version(), snapshots, conditions,
                retention);
    }

    /**
     * Undelete Blob: the soft-deleted blob (unless the name has a live one), snapshots and versions
     * come back; 404 BlobNotFound when the name has nothing at all.
     */
    public void undeleteBlob(String account, String container, String name) {
        softDeletes.undelete(account, container, name);
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
     * Put Block List: the blob becomes the named blocks in order, with these headers and metadata, in
     * {@code tier} (null: inferred Hot) and given {@code tags} ({@code x-ms-tags}, checked by the
     * caller); every staged block, and every committed block not named, is discarded. 400
     * InvalidBlockList for a block not in the list named; 400 BlockListTooLong past 50,000 blocks.
     */
    public BlobProperties commitBlockList(String account, String container, String name, List<BlockReference> blocks,
                                          ContentHeaders headers, Map<String, String> metadata,
                                          Conditions conditions, AccessTier tier, Map<String, String> tags) {
        return this.blocks.commit(account, container, name, blocks, headers, metadata, conditions, tier, tags);
    }

    /**
     * Get Block List of the blob, a snapshot or a version: 404 BlobNotFound when the blob has neither
     * committed nor staged blocks; a version's committed blocks alone.
     */
    public BlockLists blockLists(BlobAddress at, String leaseId) {
        return blocks.lists(at.account(), at.container(), at.name(), at.snapshot(), at.version(), leaseId);
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

    /** Lease Blob: the state machine of contract 5.2; the ETag stays. 404 for a blob with no committed version. */
    public LeaseOutcome leaseBlob(String account, String container, String name, Leases.Action action,
                                  Conditions conditions) {
        return leases.lease(account, container, name, action, conditions);
    }
}
