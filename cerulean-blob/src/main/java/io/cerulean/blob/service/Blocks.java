package io.cerulean.blob.service;

import io.cerulean.blob.error.BlobError;
import io.cerulean.blob.layout.BlobRecords;
import io.cerulean.blob.layout.BlobRecords.StagedBlock;
import io.cerulean.blob.model.AccessTier;
import io.cerulean.blob.model.BlobNames;
import io.cerulean.blob.model.BlobProperties;
import io.cerulean.blob.model.BlobType;
import io.cerulean.blob.model.BlockId;
import io.cerulean.blob.model.Conditions;
import io.cerulean.blob.model.ContentHeaders;
import io.cerulean.blob.model.ETags;
import io.cerulean.blob.model.Lease;
import io.cerulean.blob.model.Segment;
import io.cerulean.blob.model.Tiering;
import io.cerulean.blob.model.VersionIds;
import io.cerulean.common.error.ServiceException;
import io.cerulean.storage.ByteView;
import io.cerulean.storage.CommitOutcome;
import io.cerulean.storage.KeyValueStore;
import io.cerulean.storage.Precondition;
import io.cerulean.storage.RecordCursor;
import io.cerulean.storage.RecordMutation;
import io.cerulean.storage.RecordRange;
import io.cerulean.storage.Space;
import io.cerulean.storage.StoredValue;
import io.cerulean.storage.content.ContentId;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * A block blob's blocks: Put Block stages one (a row of its own, invisible to readers), Put Block
 * List commits the blob as a list of staged and committed blocks, Get Block List shows both lists,
 * and a sweep discards the staged blocks of blobs whose last Put Block is older than
 * {@link #STAGED_BLOCK_LIFETIME}. Thread-safe.
 */
final class Blocks {
    /** The most blocks a committed block list may name. */
    static final int MAX_COMMITTED_BLOCKS = 50_000;
    /** The most staged blocks a blob may have, as in Azure. */
    static final int MAX_STAGED_BLOCKS = 100_000;
    /** Staged blocks are discarded this long after their blob's last Put Block, if never committed, as in Azure. */
    static final Duration STAGED_BLOCK_LIFETIME = Duration.ofDays(7);
    /** Staged blocks removed in one commit at most: a bounded batch (Cassandra refuses large ones). */
    private static final int REMOVALS_PER_COMMIT = 64;

    private final KeyValueStore store;
    private final Containers containers;
    private final BlobWrites writes;
    private final ContentLifecycle lifecycle;
    private final Clock clock;
    private final RandomGenerator random;
    private final int maxStagedBlocks;

    Blocks(KeyValueStore store, Containers containers, BlobWrites writes, ContentLifecycle lifecycle, Clock clock,
           RandomGenerator random) {
        this(store, containers, writes, lifecycle, clock, random, MAX_STAGED_BLOCKS);
    }

    /** With another limit of staged blocks: for tests, which cannot stage 100,000. */
    Blocks(KeyValueStore store, Containers containers, BlobWrites writes, ContentLifecycle lifecycle, Clock clock,
           RandomGenerator random, int maxStagedBlocks) {
        this.maxStagedBlocks = maxStagedBlocks;
        this.store = store;
        this.containers = containers;
        this.writes = writes;
        this.lifecycle = lifecycle;
        this.clock = clock;
        this.random = random;
    }

    /**
     * Put Block: stages {@code content} under {@code id}, in place of a block staged under it before;
     * invisible to readers until a block list commits it. 400 InvalidBlobOrBlock when the blob's other
     * staged block ids decode to another length; 409 BlockCountExceedsLimit for a new block id when the
     * blob has 100,000 staged blocks; a leased blob needs its lease id. The count is a row of the
     * blob's partition ({@link BlobRecords#stagedCountRow}) written in the same commit as a new block,
     * on the version read, so concurrent Put Blocks of one blob count each block once.
     */
    void stage(String account, String container, String name, BlockId id, ContentId content, long size,
               String leaseId) {
        lifecycle.adopt(content, () -> {
            BlobNames.check(name);
            Space space = containers.blobs(account, container);
            byte[] partition = BlobRecords.partition(name);
            byte[] row = BlobRecords.stagedRow(id);
            for (int attempt = 0; attempt < Writes.MAX_ATTEMPTS; attempt++) {
                Optional<StoredValue> committed = store.get(space, partition, BlobRecords.blobRow());
                BlobProperties blob = committed.map(v -> BlobRecords.readBlob(name, BlobProperties.BASE, v))
                        .filter(b -> b.deleted() == null).orElse(null);
                Leases.checkBlobWrite(blob == null ? Lease.NONE : blob.lease(), leaseId, clock.instant());
                checkIdLength(space, name, id);
                Optional<StoredValue> existing = store.get(space, partition, row);
                Precondition precondition = existing.<Precondition>map(v -> new Precondition.VersionEquals(v.version()))
                        .orElse(Precondition.MUST_NOT_EXIST);
                List<RecordMutation> mutations = new ArrayList<>(2);
                mutations.add(RecordMutation.put(row, BlobRecords.stagedValue(random.nextLong(), content, size,
                        clock.instant()), precondition));
                if (existing.isEmpty()) {
                    mutations.add(counted(space, partition));
                }
                CommitOutcome outcome = store.commit(space, partition, mutations);
                if (outcome instanceof CommitOutcome.Applied) {
                    existing.map(v -> BlobRecords.readStaged(id, v).content()).ifPresent(old -> lifecycle.release(
                            List.of(old)));
                    return null;
                }
            }
            throw Writes.busy("blob");
        });
    }

    /**
     * Put Block List: the blob becomes the named blocks in order, with these headers, metadata and
     * tags; every staged block, and every committed block not named, is discarded; the blob is in
     * {@code tier}, inferred Hot when it is null. 400 InvalidBlockList for a block not in the list
     * named; 400 BlockListTooLong past 50,000 blocks.
     */
    BlobProperties commit(String account, String container, String name, List<BlockReference> blocks,
                          ContentHeaders headers, Map<String, String> metadata, Conditions conditions,
                          AccessTier tier, Map<String, String> tags) {
        BlobNames.check(name);
        if (blocks.size() > MAX_COMMITTED_BLOCKS) {
            throw new ServiceException(BlobError.BLOCK_LIST_TOO_LONG, BlobError.BLOCK_LIST_TOO_LONG.message()
                    + " This one names " + blocks.size() + ".");
        }
        return writes.versioned(account, container, name, (partition, now) -> {
            BlobProperties old = partition.blobOrNull();
            Writes.checkCreateOrReplace(conditions, old, now);
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
            return partition.setBlob(new BlobProperties(name, BlobProperties.BASE, BlobType.BLOCK_BLOB,
                    ETags.next(Writes.ticks(now), old == null ? 0 : old.etag()), now, now, length, headers, metadata,
                    segments, old == null ? Lease.NONE : old.lease(), null, 0).withTiering(Tiering.written(tier))
                    .withTags(tags));
        });
    }

    /** The staged block count raised by one, on the version read: 409 BlockCountExceedsLimit at the limit. */
    private RecordMutation counted(Space space, byte[] partition) {
        Optional<StoredValue> count = store.get(space, partition, BlobRecords.stagedCountRow());
        long staged = count.map(BlobRecords::readStagedCount).orElse(0L);
        if (staged >= maxStagedBlocks) {
            throw new ServiceException(BlobError.BLOCK_COUNT_EXCEEDS_LIMIT,
                    "The uncommitted block count cannot exceed the maximum limit of 100,000 blocks.");
        }
        return RecordMutation.put(BlobRecords.stagedCountRow(), BlobRecords.stagedCountValue(random.nextLong(),
                staged + 1), count.<Precondition>map(v -> new Precondition.VersionEquals(v.version()))
                .orElse(Precondition.MUST_NOT_EXIST));
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

    /** Get Block List: 404 BlobNotFound when the blob has neither committed nor staged blocks. */
    BlockLists lists(String account, String container, String name, long snapshot, String leaseId) {
        return lists(account, container, name, snapshot, BlobProperties.BASE, leaseId);
    }

    /** Get Block List as above, of one version ({@code version}: ticks): its committed blocks alone. */
    BlockLists lists(String account, String container, String name, long snapshot, long version, String leaseId) {
        BlobPartition partition = BlobPartition.read(store, containers.blobs(account, container), name);
        BlobPartition.Row<BlobProperties> row = snapshot == BlobProperties.BASE ? partition.blob
                : partition.snapshots.get(snapshot);
        if (version != BlobProperties.BASE && (row == null || row.value().versionId() == null
                || VersionIds.parse(row.value().versionId()).orElse(-1) != version)) {
            row = partition.versions.get(version); // a previous version's; the current one's id names the blob
        }
        Optional<BlobProperties> blob = Optional.ofNullable(row).map(BlobPartition.Row::value)
                .filter(b -> b.deleted() == null);
        List<Block> uncommitted = new ArrayList<>();
        if (snapshot == BlobProperties.BASE && version == BlobProperties.BASE) {
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
                other = new String(row.array(), row.offset() + 1, row.length() - 1, StandardCharsets.US_ASCII);
            }
        }
        if (other != null && new BlockId(other).decodedLength() != id.decodedLength()) {
            throw new ServiceException(BlobError.INVALID_BLOB_OR_BLOCK, BlobError.INVALID_BLOB_OR_BLOCK.message()
                    + " The blob's staged block ids are " + new BlockId(other).decodedLength() + " bytes long; '"
                    + id.text() + "' is " + id.decodedLength() + ".");
        }
    }

    /**
     * Discards the staged blocks of every blob, in every container of every account, whose last Put
     * Block is older than {@link #STAGED_BLOCK_LIFETIME}. Safe on any number of servers at once: each
     * removal is a commit on the version read, so a block staged again meanwhile stays.
     *
     * @return how many staged blocks were removed
     */
    long sweep() {
        Instant cutoff = clock.instant().minus(STAGED_BLOCK_LIFETIME);
        long removed = 0;
        for (long instance : containers.blobInstances()) {
            removed += sweep(BlobRecords.space(instance), cutoff);
        }
        return removed;
    }

    private long sweep(Space space, Instant cutoff) {
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
                released.add(block.content()); // null for an empty block: the two lists stay aligned by row
            }
        }
        if (partition != null) {
            removed += removeStaged(space, partition, stale, released, newest, cutoff);
        }
        return removed;
    }

    /**
     * The staged block count lowered by {@code removed}, on the version read, or removed at zero; none
     * when there is no count (a count may only fall short of the blocks there are, never exceed them).
     */
    private Optional<RecordMutation> uncounted(Space space, byte[] partition, int removed) {
        Optional<StoredValue> count = store.get(space, partition, BlobRecords.stagedCountRow());
        if (count.isEmpty()) {
            return Optional.empty();
        }
        long left = BlobRecords.readStagedCount(count.get()) - removed;
        Precondition read = new Precondition.VersionEquals(count.get().version());
        return Optional.of(left > 0 ? RecordMutation.put(BlobRecords.stagedCountRow(),
                BlobRecords.stagedCountValue(random.nextLong(), left), read)
                : RecordMutation.delete(BlobRecords.stagedCountRow(), read));
    }

    /**
     * Removes one blob's staged blocks if its last Put Block is before {@code cutoff}; clears the lists
     * either way. {@code released} holds each row's content at the row's index in {@code stale}, null
     * for an empty block, so a batch of rows releases its own contents.
     */
    private long removeStaged(Space space, byte[] partition, List<RecordMutation> stale, List<ContentId> released,
                              Instant newest, Instant cutoff) {
        long removed = 0;
        if (newest.isBefore(cutoff)) {
            for (int from = 0; from < stale.size(); from += REMOVALS_PER_COMMIT) {
                int to = Math.min(stale.size(), from + REMOVALS_PER_COMMIT);
                List<RecordMutation> batch = new ArrayList<>(stale.subList(from, to));
                uncounted(space, partition, to - from).ifPresent(batch::add);
                if (store.commit(space, partition, batch) instanceof CommitOutcome.Applied) {
                    removed += to - from;
                    lifecycle.release(released.subList(from, to).stream().filter(Objects::nonNull).toList());
                }
            }
        }
        stale.clear();
        released.clear();
        return removed;
    }
}
