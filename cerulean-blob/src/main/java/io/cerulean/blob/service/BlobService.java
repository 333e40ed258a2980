package io.cerulean.blob.service;

import io.cerulean.blob.error.BlobError;
import io.cerulean.blob.layout.BlobRecords;
import io.cerulean.blob.layout.BlobRecords.StagedBlock;
import io.cerulean.blob.layout.ContainerCatalog;
import io.cerulean.blob.model.BlobNames;
import io.cerulean.blob.model.BlobProperties;
import io.cerulean.blob.model.BlobType;
import io.cerulean.blob.model.BlockId;
import io.cerulean.blob.model.Conditions;
import io.cerulean.blob.model.ContentHeaders;
import io.cerulean.blob.model.CopyInfo;
import io.cerulean.blob.model.ETags;
import io.cerulean.blob.model.Lease;
import io.cerulean.blob.model.Segment;
import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import io.cerulean.storage.ByteView;
import io.cerulean.storage.CommitOutcome;
import io.cerulean.storage.KeyValueStore;
import io.cerulean.storage.Precondition;
import io.cerulean.storage.RecordBound;
import io.cerulean.storage.RecordCursor;
import io.cerulean.storage.RecordMutation;
import io.cerulean.storage.RecordRange;
import io.cerulean.storage.Space;
import io.cerulean.storage.StoredValue;
import io.cerulean.storage.content.ContentId;
import io.cerulean.storage.content.ContentStore;
import io.cerulean.storage.content.ContentWriter;
import java.nio.ByteBuffer;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * The Blob service's operations on a {@link KeyValueStore} for records (layout in
 * {@link ContainerCatalog} and {@link BlobRecords}) and a {@link ContentStore} for bytes: those on
 * blobs here, those on containers in {@link #containers()}. Parameters are taken as the REST layer
 * has checked them; what depends on stored state is decided here.
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
    public static final int MAX_COMMITTED_BLOCKS = 50_000;
    /** Staged blocks are discarded this long after their blob's last Put Block, if never committed, as in Azure. */
    public static final java.time.Duration STAGED_BLOCK_LIFETIME = java.time.Duration.ofDays(7);
    /** Staged blocks removed in one commit at most: a bounded batch (Cassandra refuses large ones). */
    private static final int REMOVALS_PER_COMMIT = 64;

    private final KeyValueStore store;
    private final ContentStore contents;
    private final Clock clock;
    private final SecureRandom random = new SecureRandom();
    private final ContentReleases releases;
    private final Containers containers;

    public BlobService(KeyValueStore store, ContentStore contents, Clock clock) {
        this.store = store;
        this.contents = contents;
        this.clock = clock;
        this.releases = new ContentReleases(store, contents);
        this.containers = new Containers(store, releases, clock, random);
    }

    /** The container operations. */
    public Containers containers() {
        return containers;
    }

    /** One entry of List Blobs: a blob, or the common prefix of several under a delimiter. */
    public sealed interface ListedBlob {
        String name();
    }

    /**
     * A committed blob or one of its snapshots, or (with {@code include=uncommittedblobs}) a blob with
     * only staged blocks.
     */
    public record ListedItem(String name, Optional<BlobProperties> committed) implements ListedBlob {
    }

    /** Where a listing resumes: a blob's name, and the snapshot within it (BlobProperties.BASE: the blob). */
    public record ListPosition(String name, long snapshot) {
    }

    /** Names sharing a prefix up to and including the delimiter, listed once. */
    public record ListedPrefix(String name) implements ListedBlob {
    }

    /** A page of List Blobs, and where the next one begins. */
    public record BlobList(List<ListedBlob> items, Optional<ListPosition> next) {
    }

    /** What List Blobs includes beside committed blobs. */
    public record Include(boolean snapshots, boolean uncommitted) {
        public static final Include NONE = new Include(false, false);
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
    public record LeaseOutcome(io.cerulean.blob.model.Lease lease, long etag, Instant lastModified) {
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

    /** Completes once every write that returned before this call is durable. */
    public CompletableFuture<Void> whenDurable() {
        return store.whenDurable();
    }

    /** Where request bodies are written before a write names them. */
    public ContentStore contents() {
        return contents;
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
        return putBlob(account, container, name, type, content, size, headers, metadata, conditions, 0);
    }

    /**
     * Put Blob, with a page blob's starting sequence number; a page blob is {@code size} bytes of
     * zeros ({@code content} null).
     */
    public BlobProperties putBlob(String account, String container, String name, BlobType type, ContentId content,
                                  long size, ContentHeaders headers, Map<String, String> metadata,
                                  Conditions conditions, long sequenceNumber) {
        return releases.owning(content, () -> {
            BlobNames.check(name);
            List<Segment> segments = size == 0 ? List.of() : List.of(new Segment(null, content, size));
            return writePartition(account, container, name, (partition, now) -> {
                BlobProperties old = partition.blob == null ? null : partition.blob.value();
                checkBlobWrite(conditions, old, now);
                partition.staged.clear();
                return setBlob(partition, new BlobProperties(name, BlobProperties.BASE, type,
                        ETags.next(Writes.ticks(now), old == null ? 0 : old.etag()), now, now, size, headers, metadata,
                        segments, old == null ? Lease.NONE : old.lease(), null, sequenceNumber));
            });
        });
    }

    /**
     * Put Block: stages {@code content} under {@code id}, in place of a block staged under it before;
     * invisible to readers until a block list commits it. 400 InvalidBlobOrBlock when the blob's other
     * staged block ids decode to another length; a leased blob needs its lease id.
     */
    public void stageBlock(String account, String container, String name, BlockId id, ContentId content, long size,
                           String leaseId) {
        releases.owning(content, () -> {
            BlobNames.check(name);
            Space space = containers.blobs(account, container);
            byte[] partition = BlobRecords.partition(name);
            byte[] row = BlobRecords.stagedRow(id);
            for (int attempt = 0; attempt < Writes.MAX_ATTEMPTS; attempt++) {
                Optional<StoredValue> committed = store.get(space, partition, BlobRecords.blobRow());
                BlobProperties blob = committed.map(v -> BlobRecords.readBlob(name, BlobProperties.BASE, v)).orElse(null);
                Leases.checkBlobWrite(blob == null ? Lease.NONE : blob.lease(), leaseId, clock.instant());
                checkIdLength(space, name, id);
                Optional<StoredValue> existing = store.get(space, partition, row);
                Precondition precondition = existing.<Precondition>map(v -> new Precondition.VersionEquals(v.version()))
                        .orElse(Precondition.MUST_NOT_EXIST);
                CommitOutcome outcome = store.commit(space, partition, List.of(RecordMutation.put(row,
                        BlobRecords.stagedValue(random.nextLong(), content, size, clock.instant()), precondition)));
                if (outcome instanceof CommitOutcome.Applied) {
                    existing.map(v -> BlobRecords.readStaged(id, v).content()).ifPresent(old -> releases.discardWhenDurable(
                            List.of(old)));
                    return null;
                }
            }
            throw Writes.busy("blob");
        });
    }

    /**
     * Put Block List: the blob becomes the named blocks in order, with these headers and metadata;
     * every staged block, and every committed block not named, is discarded. 400 InvalidBlockList
     * for a block not in the list named; 400 BlockListTooLong past 50,000 blocks.
     */
    public BlobProperties commitBlockList(String account, String container, String name, List<BlockReference> blocks,
                                          ContentHeaders headers, Map<String, String> metadata,
                                          Conditions conditions) {
        BlobNames.check(name);
        if (blocks.size() > MAX_COMMITTED_BLOCKS) {
            throw new ServiceException(BlobError.BLOCK_LIST_TOO_LONG, BlobError.BLOCK_LIST_TOO_LONG.message()
                    + " This one names " + blocks.size() + ".");
        }
        return writePartition(account, container, name, (partition, now) -> {
            BlobProperties old = partition.blob == null ? null : partition.blob.value();
            checkBlobWrite(conditions, old, now);
            Map<BlockId, Segment> committed = new LinkedHashMap<>();
            if (old != null && old.type() == BlobType.BLOCK_BLOB) {
                for (Segment segment : old.segments()) {
                    if (segment.blockId() != null) {
                        committed.putIfAbsent(segment.blockId(), segment);
                    }
                }
            }
            List<Segment> segments = new ArrayList<>(blocks.size());
            long length = 0;
            for (BlockReference reference : blocks) {
                Segment segment = resolve(reference, partition.staged, committed);
                segments.add(segment);
                length += segment.size();
            }
            partition.staged.clear();
            return setBlob(partition, new BlobProperties(name, BlobProperties.BASE, BlobType.BLOCK_BLOB,
                    ETags.next(Writes.ticks(now), old == null ? 0 : old.etag()), now, now, length, headers, metadata, segments,
                    old == null ? Lease.NONE : old.lease(), null, 0));
        });
    }

    private static Segment resolve(BlockReference reference, Map<BlockId, BlobPartition.Row<StagedBlock>> staged,
                                   Map<BlockId, Segment> committed) {
        BlobPartition.Row<StagedBlock> fromStaged = reference.source() == BlockSource.COMMITTED ? null
                : staged.get(reference.id());
        if (fromStaged != null) {
            return new Segment(reference.id(), fromStaged.value().content(), fromStaged.value().size());
        }
        Segment fromCommitted = reference.source() == BlockSource.UNCOMMITTED ? null : committed.get(reference.id());
        if (fromCommitted != null) {
            return fromCommitted;
        }
        String list = switch (reference.source()) {
            case COMMITTED -> "committed";
            case UNCOMMITTED -> "uncommitted";
            case LATEST -> "uncommitted or committed";
        };
        throw new ServiceException(BlobError.INVALID_BLOCK_LIST, BlobError.INVALID_BLOCK_LIST.message()
                + " The block '" + reference.id().text() + "' is not in the blob's " + list + " blocks.");
    }

    /**
     * Append Block: {@code content} added at the end of an append blob. 409 InvalidBlobType for another
     * type, 409 BlockCountExceedsLimit past 50,000 blocks, 412 AppendPositionConditionNotMet and
     * MaxBlobSizeConditionNotMet for its own conditions. Returns the blob, its new block the last.
     */
    public BlobProperties appendBlock(String account, String container, String name, ContentId content, long size,
                                      Conditions conditions, AppendConditions append) {
        return releases.owning(content, () -> writePartition(account, container, name, (partition, now) -> {
            BlobProperties old = existing(partition);
            Leases.checkBlobWrite(old.lease(), conditions.leaseId(), now);
            Writes.check(conditions, old.etag(), old.lastModified());
            if (old.type() != BlobType.APPEND_BLOB) {
                throw new ServiceException(BlobError.INVALID_BLOB_TYPE, BlobError.INVALID_BLOB_TYPE.message()
                        + " Append Block appends to an append blob; '" + name + "' is a " + old.type().wireName() + ".");
            }
            if (append.maxSize() != null && old.contentLength() + size > append.maxSize()) {
                throw new ServiceException(BlobError.MAX_BLOB_SIZE_CONDITION_NOT_MET);
            }
            if (append.appendPosition() != null && old.contentLength() != append.appendPosition()) {
                throw new ServiceException(BlobError.APPEND_POSITION_CONDITION_NOT_MET);
            }
            if (old.segments().size() >= MAX_COMMITTED_BLOCKS) {
                throw new ServiceException(BlobError.BLOCK_COUNT_EXCEEDS_LIMIT);
            }
            List<Segment> segments = new ArrayList<>(old.segments());
            segments.add(new Segment(null, content, size));
            return setBlob(partition, new BlobProperties(name, BlobProperties.BASE, old.type(),
                    ETags.next(Writes.ticks(now), old.etag()), old.created(), now, old.contentLength() + size, old.headers(),
                    old.metadata(), segments, old.lease(), old.copy(), old.sequenceNumber()));
        }));
    }

    /** Where a copy reads from: a blob, or a snapshot of one, in this server's store, and the URL that named it. */
    public record CopySource(String account, String container, String blob, long snapshot, String url) {
    }

    /** Bytes copied from a source into new content, and their MD5. */
    public record CopiedContent(ContentId content, long size, byte[] md5) {
    }

    /**
     * The source of a copy as it is now: 404 CannotVerifyCopySource when it is not there, 412
     * SourceConditionNotMet when {@code conditions} (its {@code x-ms-source-if-*}) fail.
     */
    public BlobProperties copySource(CopySource source, Conditions conditions) {
        BlobProperties blob;
        try {
            blob = blob(source.account(), source.container(), source.blob(), source.snapshot(), conditions.leaseId());
        } catch (ServiceException e) {
            if (e.errorCode() == BlobError.BLOB_NOT_FOUND || e.errorCode() == BlobError.CONTAINER_NOT_FOUND) {
                throw new ServiceException(BlobError.CANNOT_VERIFY_COPY_SOURCE, BlobError.CANNOT_VERIFY_COPY_SOURCE
                        .message() + " The copy source " + source.url() + " does not exist.");
            }
            throw e;
        }
        if (conditions.check(blob.etag(), blob.lastModified()) != Conditions.Verdict.MET) {
            throw new ServiceException(BlobError.SOURCE_CONDITION_NOT_MET);
        }
        return blob;
    }

    /** Copies {@code length} bytes of {@code source} from {@code offset} into new content, computing their MD5. */
    public CopiedContent copyContent(BlobProperties source, long offset, long length) {
        if (length == 0) {
            return new CopiedContent(null, 0, md5().digest());
        }
        java.security.MessageDigest md5 = md5();
        try (BlobContent from = read(source, offset, length); ContentWriter to = contents.create()) {
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

    private static java.security.MessageDigest md5() {
        try {
            return java.security.MessageDigest.getInstance("MD5");
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has MD5", e);
        }
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

    /**
     * Copy Blob (and Put Blob From URL): the blob becomes a whole copy of {@code source}'s bytes, as
     * {@code kind} says, with {@code headers} and {@code metadata} (null: the source's), in place of any
     * blob of the name; its lease stays. The bytes are copied into one new content, which the copy's
     * pieces name at their offsets.
     */
    public BlobProperties copyBlob(String account, String container, String name, BlobProperties source,
                                   String sourceUrl, ContentHeaders headers, Map<String, String> metadata,
                                   Conditions conditions, CopyKind kind) {
        BlobNames.check(name);
        containers.blobs(account, container); // 404 ContainerNotFound before any byte is copied
        CopiedContent copied = copyContent(source, 0, source.contentLength());
        return releases.owning(copied.content(), () -> writePartition(account, container, name, (partition, now) -> {
            BlobProperties old = partition.blob == null ? null : partition.blob.value();
            checkBlobWrite(conditions, old, now);
            boolean copy = kind == CopyKind.COPY;
            List<Segment> segments = copy ? piecesIn(source.segments(), copied.content())
                    : copied.content() == null ? List.of() : List.of(new Segment(null, copied.content(), copied.size()));
            CopyInfo record = copy ? new CopyInfo(java.util.UUID.randomUUID().toString(), sourceUrl, now,
                    copied.size()) : null;
            return setBlob(partition, new BlobProperties(name, BlobProperties.BASE,
                    copy ? source.type() : BlobType.BLOCK_BLOB,
                    ETags.next(Writes.ticks(now), old == null ? 0 : old.etag()), now, now, copied.size(),
                    headers != null ? headers : source.headers(), metadata != null ? metadata : source.metadata(),
                    segments, old == null ? Lease.NONE : old.lease(), record, copy ? source.sequenceNumber() : 0));
        }));
    }

    /** {@code source}'s pieces, each naming its bytes in {@code copy}, which holds all of the source's in order. */
    private static List<Segment> piecesIn(List<Segment> source, ContentId copy) {
        List<Segment> pieces = new ArrayList<>(source.size());
        long offset = 0;
        for (Segment piece : source) {
            pieces.add(piece.content() == null || copy == null ? new Segment(piece.blockId(), null, piece.size())
                    : new Segment(piece.blockId(), copy, offset, piece.size()));
            offset += piece.size();
        }
        return pieces;
    }

    /** Get Block List: 404 BlobNotFound when the blob has neither committed nor staged blocks. */
    public BlockLists blockLists(String account, String container, String name, long snapshot, String leaseId) {
        BlobPartition partition = BlobPartition.read(store, containers.blobs(account, container), name);
        Optional<BlobProperties> blob = Optional.ofNullable(snapshot == BlobProperties.BASE ? partition.blob
                : partition.snapshots.get(snapshot)).map(BlobPartition.Row::value);
        List<Block> uncommitted = new ArrayList<>();
        if (snapshot == BlobProperties.BASE) {
            partition.staged.values().forEach(b -> uncommitted.add(new Block(b.value().id(), b.value().size())));
        }
        if (blob.isEmpty() && uncommitted.isEmpty()) {
            throw new ServiceException(BlobError.BLOB_NOT_FOUND);
        }
        if (blob.isPresent()) {
            Leases.checkBlobRead(blob.get().lease(), leaseId, clock.instant());
            if (blob.get().type() != BlobType.BLOCK_BLOB) {
                throw new ServiceException(BlobError.INVALID_BLOB_TYPE, BlobError.INVALID_BLOB_TYPE.message()
                        + " Only a block blob has a block list.");
            }
        }
        List<Block> committed = new ArrayList<>();
        blob.ifPresent(b -> b.segments().stream().filter(s -> s.blockId() != null)
                .forEach(s -> committed.add(new Block(s.blockId(), s.size()))));
        return new BlockLists(blob, committed, uncommitted);
    }

    /** The committed blob, or one of its snapshots: 404 BlobNotFound (also for a blob with only staged blocks). */
    public BlobProperties blob(String account, String container, String name, long snapshot, String leaseId) {
        Space space = containers.blobs(account, container);
        byte[] row = snapshot == BlobProperties.BASE ? BlobRecords.blobRow() : BlobRecords.snapshotRow(snapshot);
        BlobProperties blob = store.get(space, BlobRecords.partition(name), row)
                .map(v -> BlobRecords.readBlob(name, snapshot, v))
                .orElseThrow(() -> new ServiceException(BlobError.BLOB_NOT_FOUND));
        Leases.checkBlobRead(blob.lease(), leaseId, clock.instant());
        return blob;
    }

    /** The committed blob. */
    public BlobProperties blob(String account, String container, String name) {
        return blob(account, container, name, BlobProperties.BASE, null);
    }

    /** Set Blob Properties: the six content headers, replaced as a set; a new ETag. */
    public BlobProperties setBlobHeaders(String account, String container, String name, ContentHeaders headers,
                                         Conditions conditions) {
        return setBlobProperties(account, container, name, headers, null, null, conditions);
    }

    /** How Set Blob Properties changes a page blob's sequence number ({@code x-ms-sequence-number-action}). */
    public enum SequenceAction { MAX, UPDATE, INCREMENT }

    /** A sequence number change: the action and the value it takes (none for increment). */
    public record SequenceChange(SequenceAction action, long value) {
    }

    /**
     * Set Blob Properties: the content headers (null: kept), a page blob's new size (null: kept; 409
     * InvalidBlobType for another type) and a change of its sequence number (null: none); a new ETag.
     */
    public BlobProperties setBlobProperties(String account, String container, String name, ContentHeaders headers,
                                            Long size, SequenceChange sequence, Conditions conditions) {
        return changeBlob(account, container, name, conditions, (old, etag, now) -> {
            if ((size != null || sequence != null) && old.type() != BlobType.PAGE_BLOB) {
                throw new ServiceException(BlobError.INVALID_BLOB_TYPE, BlobError.INVALID_BLOB_TYPE.message()
                        + " Only a page blob has a size to set and a sequence number.");
            }
            long length = size == null ? old.contentLength() : size;
            List<Segment> segments = size == null ? old.segments() : Pages.resize(old.segments(), old.contentLength(),
                    size);
            long number = old.sequenceNumber();
            if (sequence != null) {
                number = switch (sequence.action()) {
                    case MAX -> Math.max(number, sequence.value());
                    case UPDATE -> sequence.value();
                    case INCREMENT -> number + 1;
                };
            }
            return new BlobProperties(name, BlobProperties.BASE, old.type(), etag, old.created(), now, length,
                    headers == null ? old.headers() : headers, old.metadata(), segments, old.lease(), old.copy(), number);
        });
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
     * Put Page: {@code length} bytes at {@code offset} (both 512-aligned, checked by the caller) become
     * {@code content}'s, or zeros when it is null (a clear). 409 InvalidBlobType for another type, 416
     * InvalidPageRange past the end, 412 SequenceNumberConditionNotMet.
     */
    public BlobProperties putPages(String account, String container, String name, long offset, long length,
                                   ContentId content, Conditions conditions, SequenceConditions sequence) {
        return releases.owning(content, () -> writePartition(account, container, name, (partition, now) -> {
            BlobProperties old = existing(partition);
            Leases.checkBlobWrite(old.lease(), conditions.leaseId(), now);
            Writes.check(conditions, old.etag(), old.lastModified());
            if (old.type() != BlobType.PAGE_BLOB) {
                throw new ServiceException(BlobError.INVALID_BLOB_TYPE, BlobError.INVALID_BLOB_TYPE.message()
                        + " Pages are written to a page blob; '" + name + "' is a " + old.type().wireName() + ".");
            }
            if (!sequence.holdFor(old.sequenceNumber())) {
                throw new ServiceException(BlobError.SEQUENCE_NUMBER_CONDITION_NOT_MET);
            }
            if (offset + length > old.contentLength()) {
                throw new ServiceException(BlobError.INVALID_PAGE_RANGE, BlobError.INVALID_PAGE_RANGE.message()
                        + " The blob is " + old.contentLength() + " bytes long.");
            }
            List<Segment> segments = Pages.replace(old.segments(), offset, new Segment(null, content, length));
            return setBlob(partition, new BlobProperties(name, BlobProperties.BASE, old.type(),
                    ETags.next(Writes.ticks(now), old.etag()), old.created(), now, old.contentLength(), old.headers(),
                    old.metadata(), segments, old.lease(), old.copy(), old.sequenceNumber()));
        }));
    }

    /** Set Blob Metadata: replaces the whole set; a new ETag. */
    public BlobProperties setBlobMetadata(String account, String container, String name, Map<String, String> metadata,
                                          Conditions conditions) {
        return changeBlob(account, container, name, conditions, (old, etag, now) -> new BlobProperties(name,
                BlobProperties.BASE, old.type(), etag, old.created(), now, old.contentLength(), old.headers(), metadata,
                old.segments(), old.lease(), old.copy(), old.sequenceNumber()));
    }

    /**
     * Snapshot Blob: a read-only copy of the blob as it is now, sharing its bytes, under a moment of
     * its own (unique for the blob); its metadata {@code metadata} if any is given, else the blob's.
     * The blob's ETag stays. Returns the snapshot.
     */
    public BlobProperties snapshotBlob(String account, String container, String name, Map<String, String> metadata,
                                       Conditions conditions) {
        return writePartition(account, container, name, (partition, now) -> {
            BlobProperties base = existing(partition);
            Leases.checkBlobRead(base.lease(), conditions.leaseId(), now);
            Writes.check(conditions, base.etag(), base.lastModified());
            long snapshot = Writes.ticks(now) - Writes.EPOCH_TICKS;
            if (!partition.snapshots.isEmpty()) {
                snapshot = Math.max(snapshot, partition.snapshots.lastKey() + 1);
            }
            BlobProperties copy = new BlobProperties(name, snapshot, base.type(), base.etag(), base.created(),
                    base.lastModified(), base.contentLength(), base.headers(),
                    metadata.isEmpty() ? base.metadata() : metadata, base.segments(), Lease.NONE, base.copy(),
                    base.sequenceNumber());
            partition.snapshots.put(snapshot, BlobPartition.written(copy));
            partition.blob = BlobPartition.written(base); // rewritten on the version read: not replaced meanwhile
            return copy;
        });
    }

    /**
     * Delete Blob: the blob and its staged blocks, its snapshots as {@code snapshots} says (409
     * SnapshotsPresent when it says nothing and there are some); or, with {@code snapshot}, that
     * snapshot alone.
     */
    public void deleteBlob(String account, String container, String name, long snapshot, DeleteSnapshots snapshots,
                           Conditions conditions) {
        writePartition(account, container, name, (partition, now) -> {
            if (snapshot != BlobProperties.BASE) {
                if (partition.snapshots.remove(snapshot) == null) {
                    throw new ServiceException(BlobError.BLOB_NOT_FOUND);
                }
                return null;
            }
            BlobProperties base = existing(partition);
            Leases.checkBlobWrite(base.lease(), conditions.leaseId(), now);
            Writes.check(conditions, base.etag(), base.lastModified());
            if (snapshots == DeleteSnapshots.NONE && !partition.snapshots.isEmpty()) {
                throw new ServiceException(BlobError.SNAPSHOTS_PRESENT);
            }
            partition.snapshots.clear();
            if (snapshots != DeleteSnapshots.ONLY) {
                partition.blob = null;
                partition.staged.clear();
            }
            return null;
        });
    }

    /** Delete Blob without snapshots to think of: the blob and its staged blocks. */
    public void deleteBlob(String account, String container, String name, Conditions conditions) {
        deleteBlob(account, container, name, BlobProperties.BASE, DeleteSnapshots.NONE, conditions);
    }

    /** Lease Blob: the state machine of contract 5.2; the ETag stays. 404 for a blob with no committed version. */
    public LeaseOutcome leaseBlob(String account, String container, String name, Leases.Action action,
                                  Conditions conditions) {
        BlobProperties leased = writePartition(account, container, name, (partition, now) -> {
            BlobProperties base = existing(partition);
            Writes.check(conditions, base.etag(), base.lastModified());
            return setBlob(partition, base.withLease(Leases.apply(base.lease(), action, now)));
        });
        return new LeaseOutcome(leased.lease(), leased.etag(), leased.lastModified());
    }

    /**
     * List Blobs: up to {@code max} entries whose names start with {@code prefix}, from {@code from}
     * on, in name order (a blob's snapshots before it, oldest first); with a {@code delimiter}, names
     * that hold it after the prefix are listed once as their common prefix, if any of them is listed
     * (a blob with only staged blocks is, with {@code include.uncommitted()}).
     */
    public BlobList listBlobs(String account, String container, String prefix, String delimiter,
                              Optional<ListPosition> from, int max, Include include) {
        Space space = containers.blobs(account, container);
        RecordRange range = BlobRecords.blobs(prefix, from.map(ListPosition::name).orElse(null));
        if (from.isPresent() && from.get().name().compareTo(prefix) >= 0) {
            byte[] partition = BlobRecords.partition(from.get().name());
            byte[] row = from.get().snapshot() == BlobProperties.BASE ? BlobRecords.blobRow()
                    : BlobRecords.snapshotRow(from.get().snapshot());
            range = new RecordRange(RecordBound.inclusive(partition, row), range.upper());
        }
        List<ListedBlob> items = new ArrayList<>();
        String previous = null;
        String common = null; // the common prefix of the names being read, until one of them is listed
        boolean committedSeen = false;
        boolean uncommittedListed = false;
        RecordCursor cursor = store.scan(space, range);
        try {
            while (cursor.advance()) {
                ByteView partition = cursor.partition();
                String name = BlobRecords.blobName(partition.array(), partition.offset(), partition.length());
                if (!name.equals(previous)) {
                    previous = name;
                    committedSeen = false;
                    uncommittedListed = false;
                    if (common != null && !name.startsWith(common)) {
                        common = null; // nothing under it is listed: only staged blocks, not included
                    }
                    int cut = common != null || delimiter == null || delimiter.isEmpty() ? -1
                            : name.indexOf(delimiter, prefix.length());
                    if (cut >= 0) {
                        common = name.substring(0, cut + delimiter.length());
                    }
                }
                ByteView row = cursor.row();
                ListedItem item = null;
                long position = BlobProperties.BASE;
                if (BlobRecords.isSnapshotRow(row.array(), row.offset(), row.length())) {
                    if (include.snapshots()) {
                        position = BlobRecords.snapshot(row.array(), row.offset());
                        ByteView payload = cursor.payload();
                        item = new ListedItem(name, Optional.of(BlobRecords.readBlob(name, position, payload.array(),
                                payload.offset(), payload.length())));
                    }
                } else if (BlobRecords.isBlobRow(row.array(), row.offset(), row.length())) {
                    committedSeen = true;
                    ByteView payload = cursor.payload();
                    item = new ListedItem(name, Optional.of(BlobRecords.readBlob(name, BlobProperties.BASE,
                            payload.array(), payload.offset(), payload.length())));
                } else if (include.uncommitted() && !committedSeen && !uncommittedListed) {
                    uncommittedListed = true;
                    item = new ListedItem(name, Optional.empty());
                }
                if (item == null) {
                    continue;
                }
                if (items.size() == max) {
                    return new BlobList(items, Optional.of(new ListPosition(name, common != null
                            ? BlobProperties.BASE : position)));
                }
                if (common == null) {
                    items.add(item);
                    continue;
                }
                items.add(new ListedPrefix(common));
                byte[] after = BlobRecords.after(common);
                cursor.close();
                if (after == null) {
                    return new BlobList(items, Optional.empty());
                }
                cursor = store.scan(space, new RecordRange(RecordBound.partitionIncluded(after), range.upper()));
                previous = null;
                common = null;
            }
            return new BlobList(items, Optional.empty());
        } finally {
            cursor.close();
        }
    }

    /** Reads {@code length} bytes of {@code blob} from {@code offset}, one call at a time. */
    public BlobContent read(BlobProperties blob, long offset, long length) {
        return new BlobContent(contents, blob.segments(), offset, length, null);
    }

    /**
     * Get Blob: the committed blob or one of its snapshots ({@link #blob}), with its bytes held until
     * it is closed when {@code bytes} are to be read: a read that begins finishes on this version.
     */
    public ReadableBlob openBlob(String account, String container, String name, long snapshot, String leaseId,
                                 boolean bytes) {
        if (!bytes) {
            return new ReadableBlob(contents, blob(account, container, name, snapshot, leaseId), null);
        }
        return releases.hold(() -> blob(account, container, name, snapshot, leaseId));
    }

    /** The moment a lease's state is judged at: this service's now. */
    public Instant now() {
        return clock.instant();
    }

    /**
     * Discards the staged blocks of every blob, in every container of every account, whose last Put
     * Block is older than {@link #STAGED_BLOCK_LIFETIME}. Safe on any number of servers at once: each
     * removal is a commit on the version read, so a block staged again meanwhile stays.
     *
     * @return how many staged blocks were removed
     */
    public long sweepStagedBlocks() {
        Instant cutoff = clock.instant().minus(STAGED_BLOCK_LIFETIME);
        long removed = 0;
        for (long instance : containers.blobInstances()) {
            removed += sweepStagedBlocks(BlobRecords.space(instance), cutoff);
        }
        return removed;
    }

    private long sweepStagedBlocks(Space space, Instant cutoff) {
        long removed = 0;
        byte[] partition = null;
        List<RecordMutation> stale = new ArrayList<>();
        List<ContentId> released = new ArrayList<>();
        Instant newest = Instant.MIN;
        try (RecordCursor cursor = store.scan(space, RecordRange.all())) {
            while (cursor.advance()) {
                ByteView row = cursor.row();
                if (!BlobRecords.isStagedRow(row.array(), row.offset(), row.length())) {
                    continue;
                }
                byte[] key = cursor.partition().toArray();
                if (partition != null && !Arrays.equals(partition, key)) {
                    removed += removeStaged(space, partition, stale, released, newest, cutoff);
                    newest = Instant.MIN;
                }
                partition = key;
                ByteView payload = cursor.payload();
                StagedBlock block = BlobRecords.readStaged(row.array(), row.offset(), row.length(), payload.array(),
                        payload.offset(), payload.length());
                newest = block.staged().isAfter(newest) ? block.staged() : newest;
                stale.add(RecordMutation.delete(row.toArray(), new Precondition.VersionEquals(cursor.version())));
                if (block.content() != null) {
                    released.add(block.content());
                }
            }
        }
        if (partition != null) {
            removed += removeStaged(space, partition, stale, released, newest, cutoff);
        }
        return removed;
    }

    /** Removes one blob's staged blocks if its last Put Block is before {@code cutoff}; clears the lists either way. */
    private long removeStaged(Space space, byte[] partition, List<RecordMutation> stale, List<ContentId> released,
                              Instant newest, Instant cutoff) {
        long removed = 0;
        if (newest.isBefore(cutoff)) {
            for (int from = 0; from < stale.size(); from += REMOVALS_PER_COMMIT) {
                int to = Math.min(stale.size(), from + REMOVALS_PER_COMMIT);
                if (store.commit(space, partition, stale.subList(from, to)) instanceof CommitOutcome.Applied) {
                    removed += to - from;
                    releases.discardWhenDurable(new ArrayList<>(released.subList(from, to)));
                }
            }
        }
        stale.clear();
        released.clear();
        return removed;
    }

    // ---------------------------------------------------------------- helpers

    /** A write to one blob's partition: changes {@code partition} (a copy of what was read) and returns its answer. */
    private interface PartitionWrite<T> {
        T apply(BlobPartition partition, Instant now);
    }

    /**
     * Reads the blob's partition, lets {@code write} change a copy, and commits the difference on the
     * versions read, again from the start when another writer got there first. The bytes the
     * partition no longer names are deleted once the commit is durable.
     */
    private <T> T writePartition(String account, String container, String name, PartitionWrite<T> write) {
        Space space = containers.blobs(account, container);
        byte[] key = BlobRecords.partition(name);
        for (int attempt = 0; attempt < Writes.MAX_ATTEMPTS; attempt++) {
            BlobPartition before = BlobPartition.read(store, space, name);
            BlobPartition after = before.copy();
            T answer = write.apply(after, clock.instant());
            List<RecordMutation> mutations = before.mutationsTo(after, random);
            if (mutations.isEmpty() || store.commit(space, key, mutations) instanceof CommitOutcome.Applied) {
                Set<ContentId> released = before.contents();
                released.removeAll(after.contents());
                releases.discardWhenDurable(new ArrayList<>(released));
                return answer;
            }
        }
        throw Writes.busy("blob");
    }

    private static BlobProperties setBlob(BlobPartition partition, BlobProperties blob) {
        partition.blob = BlobPartition.written(blob);
        return blob;
    }

    private static BlobProperties existing(BlobPartition partition) {
        if (partition.blob == null) {
            throw new ServiceException(BlobError.BLOB_NOT_FOUND);
        }
        return partition.blob.value();
    }

    /** A change to an existing blob that keeps its bytes; the change gets a new ETag. */
    private interface BlobChange {
        BlobProperties apply(BlobProperties old, long etag, Instant now);
    }

    private BlobProperties changeBlob(String account, String container, String name, Conditions conditions,
                                      BlobChange change) {
        return writePartition(account, container, name, (partition, now) -> {
            BlobProperties old = existing(partition);
            Leases.checkBlobWrite(old.lease(), conditions.leaseId(), now);
            Writes.check(conditions, old.etag(), old.lastModified());
            return setBlob(partition, change.apply(old, ETags.next(Writes.ticks(now), old.etag()), now));
        });
    }

    /**
     * 400 InvalidBlobOrBlock when the blob's staged blocks have ids that decode to another length (all
     * staged ids have one length, so the first tells). Committed blocks do not count: a blob is
     * uploaded again with ids of another length when another client writes it.
     */
    private void checkIdLength(Space space, String name, BlockId id) {
        String other = null;
        try (RecordCursor cursor = store.scan(space, BlobRecords.stagedBlocks(name))) {
            if (cursor.advance()) {
                ByteView row = cursor.row();
                other = new String(row.array(), row.offset() + 1, row.length() - 1,
                        java.nio.charset.StandardCharsets.US_ASCII);
            }
        }
        if (other != null && new BlockId(other).decodedLength() != id.decodedLength()) {
            throw new ServiceException(BlobError.INVALID_BLOB_OR_BLOCK, BlobError.INVALID_BLOB_OR_BLOCK.message()
                    + " The blob's staged block ids are " + new BlockId(other).decodedLength() + " bytes long; '"
                    + id.text() + "' is " + id.decodedLength() + ".");
        }
    }

    /**
     * The conditions of a write that may create the blob (Put Blob, Put Block List, a copy's target),
     * lease included. Run on the partition as read, whose blob row the commit then requires unchanged
     * (absent, or at the version read), so what they decide holds when the write lands.
     */
    private static void checkBlobWrite(Conditions conditions, BlobProperties old, Instant now) {
        if (old != null && conditions.createOnly()) {
            throw new ServiceException(CommonError.AUTHORIZATION_PERMISSION_MISMATCH,
                    CommonError.AUTHORIZATION_PERMISSION_MISMATCH.message() + " The caller may create blobs but not"
                            + " write over one, and '" + old.name() + "' exists.");
        }
        Leases.checkBlobWrite(old == null ? Lease.NONE : old.lease(), conditions.leaseId(), now);
        if (old == null) {
            if (conditions.checkAbsent() != Conditions.Verdict.MET) {
                throw new ServiceException(BlobError.CONDITION_NOT_MET);
            }
            return;
        }
        if (conditions.requiresAbsent()) {
            throw new ServiceException(BlobError.BLOB_ALREADY_EXISTS);
        }
        Writes.check(conditions, old.etag(), old.lastModified());
    }

}
