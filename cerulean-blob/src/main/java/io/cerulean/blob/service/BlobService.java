package io.cerulean.blob.service;

import io.cerulean.blob.error.BlobError;
import io.cerulean.blob.layout.BlobRecords;
import io.cerulean.blob.layout.BlobRecords.StagedBlock;
import io.cerulean.blob.layout.ContainerCatalog;
import io.cerulean.blob.layout.ContainerCatalog.ContainerRecord;
import io.cerulean.blob.model.BlobNames;
import io.cerulean.blob.model.BlobProperties;
import io.cerulean.blob.model.BlobType;
import io.cerulean.blob.model.BlockId;
import io.cerulean.blob.model.Conditions;
import io.cerulean.blob.model.ContainerNames;
import io.cerulean.blob.model.ContainerProperties;
import io.cerulean.blob.model.ContentHeaders;
import io.cerulean.blob.model.ETags;
import io.cerulean.blob.model.PublicAccess;
import io.cerulean.blob.model.Segment;
import io.cerulean.common.acl.AccessPolicies;
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
import io.cerulean.storage.ServiceDocuments;
import io.cerulean.storage.Space;
import io.cerulean.storage.StoredValue;
import io.cerulean.storage.content.ContentId;
import io.cerulean.storage.content.ContentStore;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * The Blob service's operations on a {@link KeyValueStore} for records (layout in
 * {@link ContainerCatalog} and {@link BlobRecords}) and a {@link ContentStore} for bytes. Parameters
 * are taken as the REST layer has checked them; what depends on stored state is decided here.
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
    /** Commits lost to other writers on one resource before giving up with 503 ServerBusy. */
    private static final int MAX_ATTEMPTS = 100;
    /** The most blocks a committed block list may name. */
    public static final int MAX_COMMITTED_BLOCKS = 50_000;
    /** .NET ticks (100 ns since 0001-01-01) at the Unix epoch: ETags then read like Azure's. */
    private static final long EPOCH_TICKS = 621_355_968_000_000_000L;
    private static final String SERVICE = "blob";

    private final KeyValueStore store;
    private final ContentStore contents;
    private final Clock clock;
    private final SecureRandom random = new SecureRandom();

    public BlobService(KeyValueStore store, ContentStore contents, Clock clock) {
        this.store = store;
        this.contents = contents;
        this.clock = clock;
    }

    /** A page of List Containers, and the name it continues at. */
    public record ContainerList(List<ContainerProperties> containers, Optional<String> nextMarker) {
    }

    /** One entry of List Blobs: a blob, or the common prefix of several under a delimiter. */
    public sealed interface ListedBlob {
        String name();
    }

    /** A committed blob, or (with {@code include=uncommittedblobs}) a blob with only staged blocks. */
    public record ListedItem(String name, Optional<BlobProperties> committed) implements ListedBlob {
    }

    /** Names sharing a prefix up to and including the delimiter, listed once. */
    public record ListedPrefix(String name) implements ListedBlob {
    }

    /** A page of List Blobs, and the name it continues at. */
    public record BlobList(List<ListedBlob> items, Optional<String> nextMarker) {
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

    /** The account's Blob service properties document as stored, and its version. */
    public record PropertiesDocument(long version, byte[] document) {
    }

    /** Completes once every write that returned before this call is durable. */
    public CompletableFuture<Void> whenDurable() {
        return store.whenDurable();
    }

    /** Where request bodies are written before a write names them. */
    public ContentStore contents() {
        return contents;
    }

    // ---------------------------------------------------------------- containers

    /** Create Container: 409 ContainerAlreadyExists when the name is taken. */
    public ContainerProperties createContainer(String account, String name, Map<String, String> metadata,
                                               PublicAccess access) {
        ContainerNames.check(name);
        Instant now = clock.instant();
        ContainerProperties properties = new ContainerProperties(name, ETags.next(ticks(now), 0), now, metadata, access);
        long instance = random.nextLong() & Long.MAX_VALUE;
        CommitOutcome outcome = store.commit(ContainerCatalog.SPACE, ContainerCatalog.partition(account),
                List.of(RecordMutation.put(ContainerCatalog.containerRow(name),
                        ContainerCatalog.value(instance, properties, AccessPolicies.empty()), Precondition.MUST_NOT_EXIST)));
        if (!(outcome instanceof CommitOutcome.Applied)) {
            throw new ServiceException(BlobError.CONTAINER_ALREADY_EXISTS);
        }
        return properties;
    }

    /** Get Container Properties: 404 ContainerNotFound. */
    public ContainerProperties container(String account, String name) {
        return containerRecord(account, name).record().properties();
    }

    /** Set Container Metadata: replaces the whole set; a new ETag. */
    public ContainerProperties setContainerMetadata(String account, String name, Map<String, String> metadata,
                                                    Conditions conditions) {
        for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
            StoredContainer current = containerRecord(account, name);
            ContainerProperties old = current.record().properties();
            checkWrite(conditions, old.etag(), old.lastModified());
            Instant now = clock.instant();
            ContainerProperties changed = new ContainerProperties(name, ETags.next(ticks(now), old.etag()), now,
                    metadata, old.publicAccess());
            if (commitContainer(account, current, changed, current.record().acl())) {
                return changed;
            }
        }
        throw busy();
    }

    /** A container's public access level and stored access policies, with its properties. */
    public record ContainerAcl(ContainerProperties properties, AccessPolicies policies) {
    }

    /** Get Container ACL: 404 ContainerNotFound. */
    public ContainerAcl containerAcl(String account, String name) {
        ContainerRecord record = containerRecord(account, name).record();
        return new ContainerAcl(record.properties(), record.acl());
    }

    /** The container's stored access policies, or empty when there is no such container (for a SAS's {@code si}). */
    public Optional<AccessPolicies> findContainerAcl(String account, String name) {
        try {
            return Optional.of(containerRecord(account, name).record().acl());
        } catch (ServiceException e) {
            return Optional.empty(); // no such container, or a name that cannot be one
        }
    }

    /** Set Container ACL: the public access level and the stored access policies, replaced; a new ETag. */
    public ContainerProperties setContainerAcl(String account, String name, PublicAccess access, AccessPolicies acl,
                                               Conditions conditions) {
        for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
            StoredContainer current = containerRecord(account, name);
            ContainerProperties old = current.record().properties();
            checkWrite(conditions, old.etag(), old.lastModified());
            Instant now = clock.instant();
            ContainerProperties changed = new ContainerProperties(name, ETags.next(ticks(now), old.etag()), now,
                    old.metadata(), access);
            if (commitContainer(account, current, changed, acl)) {
                return changed;
            }
        }
        throw busy();
    }

    /**
     * Delete Container: the container is gone at once, and its blobs with it (their rows dropped,
     * their bytes deleted once that is durable).
     */
    public void deleteContainer(String account, String name, Conditions conditions) {
        for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
            StoredContainer current = containerRecord(account, name);
            ContainerProperties old = current.record().properties();
            checkWrite(conditions, old.etag(), old.lastModified());
            CommitOutcome outcome = store.commit(ContainerCatalog.SPACE, ContainerCatalog.partition(account),
                    List.of(RecordMutation.delete(ContainerCatalog.containerRow(name),
                            new Precondition.VersionEquals(current.version()))));
            if (outcome instanceof CommitOutcome.Applied) {
                Space space = BlobRecords.space(current.record().blobsInstance());
                List<ContentId> orphans = contentsOf(space);
                store.drop(space);
                discardWhenDurable(orphans);
                return;
            }
        }
        throw busy();
    }

    /** List Containers: up to {@code max} containers whose names start with {@code prefix}, from {@code marker} on. */
    public ContainerList listContainers(String account, String prefix, Optional<String> marker, int max) {
        List<ContainerProperties> containers = new ArrayList<>();
        Optional<RecordRange> range = ContainerCatalog.containers(account, prefix, marker.orElse(null));
        if (range.isEmpty()) {
            return new ContainerList(containers, Optional.empty());
        }
        try (RecordCursor cursor = store.scan(ContainerCatalog.SPACE, range.get())) {
            while (cursor.advance()) {
                ByteView row = cursor.row();
                String name = ContainerCatalog.name(row.array(), row.offset(), row.length());
                if (containers.size() == max) {
                    return new ContainerList(containers, Optional.of(name));
                }
                ByteView payload = cursor.payload();
                containers.add(ContainerCatalog.read(name, cursor.version(), payload.array(), payload.offset(),
                        payload.length()).properties());
            }
        }
        return new ContainerList(containers, Optional.empty());
    }

    // ---------------------------------------------------------------- blobs

    /**
     * Put Blob: the blob is {@code content} ({@code size} bytes; null content for an empty blob), in
     * place of any blob of the name, whatever its type, and of its staged blocks. {@code headers}
     * carries the MD5 to keep. 409 BlobAlreadyExists under {@code If-None-Match: *}.
     */
    public BlobProperties putBlob(String account, String container, String name, BlobType type, ContentId content,
                                  long size, ContentHeaders headers, Map<String, String> metadata,
                                  Conditions conditions) {
        return owning(content, () -> {
            BlobNames.check(name);
            Space space = blobs(account, container);
            List<Segment> segments = size == 0 && content == null ? List.of() : List.of(new Segment(null, content, size));
            for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
                Optional<StoredValue> current = store.get(space, BlobRecords.partition(name), BlobRecords.blobRow());
                BlobProperties old = current.map(v -> BlobRecords.readBlob(name, v)).orElse(null);
                checkBlobWrite(conditions, old);
                Instant now = clock.instant();
                BlobProperties blob = new BlobProperties(name, type, ETags.next(ticks(now), old == null ? 0 : old.etag()),
                        now, now, size, headers, metadata, segments);
                if (replace(space, old, blob)) {
                    return blob;
                }
            }
            throw busy();
        });
    }

    /**
     * Put Block: stages {@code content} under {@code id}, in place of a block staged under it before;
     * invisible to readers until a block list commits it. 400 InvalidBlobOrBlock when the blob's other
     * block ids have another length.
     */
    public void stageBlock(String account, String container, String name, BlockId id, ContentId content, long size) {
        owning(content, () -> {
            BlobNames.check(name);
            Space space = blobs(account, container);
            byte[] partition = BlobRecords.partition(name);
            byte[] row = BlobRecords.stagedRow(id);
            for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
                checkIdLength(space, name, id);
                Optional<StoredValue> existing = store.get(space, partition, row);
                Precondition precondition = existing.<Precondition>map(v -> new Precondition.VersionEquals(v.version()))
                        .orElse(Precondition.MUST_NOT_EXIST);
                CommitOutcome outcome = store.commit(space, partition, List.of(RecordMutation.put(row,
                        BlobRecords.stagedValue(random.nextLong(), content, size, clock.instant()), precondition)));
                if (outcome instanceof CommitOutcome.Applied) {
                    existing.map(v -> BlobRecords.readStaged(id, v).content()).ifPresent(old -> discardWhenDurable(
                            List.of(old)));
                    return null;
                }
            }
            throw busy();
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
        Space space = blobs(account, container);
        for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
            Optional<StoredValue> current = store.get(space, BlobRecords.partition(name), BlobRecords.blobRow());
            BlobProperties old = current.map(v -> BlobRecords.readBlob(name, v)).orElse(null);
            checkBlobWrite(conditions, old);
            Map<BlockId, StagedBlock> staged = staged(space, name);
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
                Segment segment = resolve(reference, staged, committed);
                segments.add(segment);
                length += segment.size();
            }
            Instant now = clock.instant();
            BlobProperties blob = new BlobProperties(name, BlobType.BLOCK_BLOB,
                    ETags.next(ticks(now), old == null ? 0 : old.etag()), now, now, length, headers, metadata, segments);
            if (replace(space, old, blob)) {
                return blob;
            }
        }
        throw busy();
    }

    private static Segment resolve(BlockReference reference, Map<BlockId, StagedBlock> staged,
                                   Map<BlockId, Segment> committed) {
        StagedBlock fromStaged = reference.source() == BlockSource.COMMITTED ? null : staged.get(reference.id());
        if (fromStaged != null) {
            return new Segment(reference.id(), fromStaged.content(), fromStaged.size());
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
    public BlockLists blockLists(String account, String container, String name) {
        Space space = blobs(account, container);
        Optional<BlobProperties> blob = store.get(space, BlobRecords.partition(name), BlobRecords.blobRow())
                .map(v -> BlobRecords.readBlob(name, v));
        List<Block> uncommitted = new ArrayList<>();
        staged(space, name).values().forEach(b -> uncommitted.add(new Block(b.id(), b.size())));
        if (blob.isEmpty() && uncommitted.isEmpty()) {
            throw new ServiceException(BlobError.BLOB_NOT_FOUND);
        }
        List<Block> committed = new ArrayList<>();
        blob.ifPresent(b -> b.segments().stream().filter(s -> s.blockId() != null)
                .forEach(s -> committed.add(new Block(s.blockId(), s.size()))));
        return new BlockLists(blob, committed, uncommitted);
    }

    /** The committed blob: 404 BlobNotFound (also for a blob with only staged blocks). */
    public BlobProperties blob(String account, String container, String name) {
        Space space = blobs(account, container);
        return store.get(space, BlobRecords.partition(name), BlobRecords.blobRow())
                .map(v -> BlobRecords.readBlob(name, v))
                .orElseThrow(() -> new ServiceException(BlobError.BLOB_NOT_FOUND));
    }

    /** Set Blob Properties: the six content headers, replaced as a set; a new ETag. */
    public BlobProperties setBlobHeaders(String account, String container, String name, ContentHeaders headers,
                                         Conditions conditions) {
        return change(account, container, name, conditions, (old, version, now) -> new BlobProperties(name, old.type(),
                version, old.created(), now, old.contentLength(), headers, old.metadata(), old.segments()));
    }

    /** Set Blob Metadata: replaces the whole set; a new ETag. */
    public BlobProperties setBlobMetadata(String account, String container, String name, Map<String, String> metadata,
                                          Conditions conditions) {
        return change(account, container, name, conditions, (old, version, now) -> new BlobProperties(name, old.type(),
                version, old.created(), now, old.contentLength(), old.headers(), metadata, old.segments()));
    }

    /** Delete Blob: the blob and its staged blocks. */
    public void deleteBlob(String account, String container, String name, Conditions conditions) {
        Space space = blobs(account, container);
        byte[] partition = BlobRecords.partition(name);
        for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
            StoredValue current = store.get(space, partition, BlobRecords.blobRow())
                    .orElseThrow(() -> new ServiceException(BlobError.BLOB_NOT_FOUND));
            BlobProperties old = BlobRecords.readBlob(name, current);
            checkWrite(conditions, old.etag(), old.lastModified());
            List<RecordMutation> mutations = new ArrayList<>();
            mutations.add(RecordMutation.delete(BlobRecords.blobRow(), new Precondition.VersionEquals(current.version())));
            List<ContentId> released = new ArrayList<>(contentsOf(old));
            for (StagedBlock block : staged(space, name).values()) {
                mutations.add(RecordMutation.delete(BlobRecords.stagedRow(block.id()), Precondition.NONE));
                if (block.content() != null) {
                    released.add(block.content());
                }
            }
            if (store.commit(space, partition, mutations) instanceof CommitOutcome.Applied) {
                discardWhenDurable(released);
                return;
            }
        }
        throw busy();
    }

    /**
     * List Blobs: up to {@code max} entries whose names start with {@code prefix}, from {@code marker}
     * on, in name order; with a {@code delimiter}, names that hold it after the prefix are listed
     * once as their common prefix.
     */
    public BlobList listBlobs(String account, String container, String prefix, String delimiter,
                              Optional<String> marker, int max, boolean includeUncommitted) {
        Space space = blobs(account, container);
        RecordRange range = BlobRecords.blobs(prefix, marker.orElse(null));
        List<ListedBlob> items = new ArrayList<>();
        String previous = null;
        RecordCursor cursor = store.scan(space, range);
        try {
            while (cursor.advance()) {
                ByteView partition = cursor.partition();
                String name = BlobRecords.blobName(partition.array(), partition.offset(), partition.length());
                if (name.equals(previous)) {
                    continue; // a later row of the blob just listed or passed over
                }
                previous = name;
                int cut = delimiter == null || delimiter.isEmpty() ? -1 : name.indexOf(delimiter, prefix.length());
                if (cut >= 0) {
                    if (items.size() == max) {
                        return new BlobList(items, Optional.of(name));
                    }
                    String common = name.substring(0, cut + delimiter.length());
                    items.add(new ListedPrefix(common));
                    byte[] after = BlobRecords.after(common);
                    cursor.close();
                    if (after == null) {
                        return new BlobList(items, Optional.empty());
                    }
                    cursor = store.scan(space, new RecordRange(RecordBound.partitionIncluded(after), range.upper()));
                    previous = null;
                    continue;
                }
                ByteView row = cursor.row();
                boolean committed = BlobRecords.isBlobRow(row.array(), row.offset(), row.length());
                if (!committed && !includeUncommitted) {
                    continue;
                }
                if (items.size() == max) {
                    return new BlobList(items, Optional.of(name));
                }
                Optional<BlobProperties> blob = Optional.empty();
                if (committed) {
                    ByteView payload = cursor.payload();
                    blob = Optional.of(BlobRecords.readBlob(name, cursor.version(), payload.array(), payload.offset(),
                            payload.length()));
                }
                items.add(new ListedItem(name, blob));
            }
            return new BlobList(items, Optional.empty());
        } finally {
            cursor.close();
        }
    }

    /** Reads {@code length} bytes of {@code blob} from {@code offset}, one call at a time. */
    public BlobContent read(BlobProperties blob, long offset, long length) {
        return new BlobContent(contents, blob.segments(), offset, length);
    }

    // ---------------------------------------------------------------- service properties

    /** The account's Blob service properties document, if one was put. */
    public Optional<PropertiesDocument> serviceProperties(String account) {
        return ServiceDocuments.get(store, account, SERVICE).map(v -> new PropertiesDocument(v.version(), v.payload()));
    }

    /**
     * Puts the account's Blob service properties document in place of the one at version
     * {@code expected} (empty: none yet), durably before it returns; the new version, or empty when
     * the stored one is not that one.
     */
    public OptionalLong putServiceProperties(String account, OptionalLong expected, byte[] document) {
        OptionalLong version = ServiceDocuments.put(store, account, SERVICE, expected, document);
        if (version.isPresent()) {
            store.whenDurable().join();
        }
        return version;
    }

    // ---------------------------------------------------------------- helpers

    /** A container's catalogue row and its version. */
    private record StoredContainer(long version, ContainerRecord record) {
    }

    private StoredContainer containerRecord(String account, String name) {
        ContainerNames.check(name);
        StoredValue value = store.get(ContainerCatalog.SPACE, ContainerCatalog.partition(account),
                ContainerCatalog.containerRow(name)).orElseThrow(() -> new ServiceException(BlobError.CONTAINER_NOT_FOUND));
        return new StoredContainer(value.version(), ContainerCatalog.read(name, value));
    }

    /** The blobs of a container that exists: 404 ContainerNotFound otherwise. */
    private Space blobs(String account, String container) {
        return BlobRecords.space(containerRecord(account, container).record().blobsInstance());
    }

    private boolean commitContainer(String account, StoredContainer current, ContainerProperties changed,
                                    AccessPolicies acl) {
        return store.commit(ContainerCatalog.SPACE, ContainerCatalog.partition(account),
                List.of(RecordMutation.put(ContainerCatalog.containerRow(changed.name()),
                        ContainerCatalog.value(current.record().blobsInstance(), changed, acl),
                        new Precondition.VersionEquals(current.version())))) instanceof CommitOutcome.Applied;
    }

    /** A change to an existing blob that keeps its bytes. */
    private interface BlobChange {
        BlobProperties apply(BlobProperties old, long version, Instant now);
    }

    private BlobProperties change(String account, String container, String name, Conditions conditions,
                                  BlobChange change) {
        Space space = blobs(account, container);
        byte[] partition = BlobRecords.partition(name);
        for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
            StoredValue current = store.get(space, partition, BlobRecords.blobRow())
                    .orElseThrow(() -> new ServiceException(BlobError.BLOB_NOT_FOUND));
            BlobProperties old = BlobRecords.readBlob(name, current);
            checkWrite(conditions, old.etag(), old.lastModified());
            Instant now = clock.instant();
            BlobProperties changed = change.apply(old, ETags.next(ticks(now), old.etag()), now);
            CommitOutcome outcome = store.commit(space, partition, List.of(RecordMutation.put(BlobRecords.blobRow(),
                    BlobRecords.blobValue(changed), new Precondition.VersionEquals(current.version()))));
            if (outcome instanceof CommitOutcome.Applied) {
                return changed;
            }
        }
        throw busy();
    }

    /**
     * Commits {@code blob} in place of {@code old} (null: none) and discards the staged blocks, in one
     * commit; false when another writer got there first. The bytes neither names any more are
     * deleted once durable.
     */
    private boolean replace(Space space, BlobProperties old, BlobProperties blob) {
        byte[] partition = BlobRecords.partition(blob.name());
        List<RecordMutation> mutations = new ArrayList<>();
        mutations.add(RecordMutation.put(BlobRecords.blobRow(), BlobRecords.blobValue(blob),
                old == null ? Precondition.MUST_NOT_EXIST : new Precondition.VersionEquals(old.etag())));
        Set<ContentId> released = new HashSet<>(old == null ? List.of() : contentsOf(old));
        try (RecordCursor cursor = store.scan(space, BlobRecords.stagedBlocks(blob.name()))) {
            while (cursor.advance()) {
                ByteView row = cursor.row();
                ByteView payload = cursor.payload();
                StagedBlock block = BlobRecords.readStaged(row.array(), row.offset(), row.length(), payload.array(),
                        payload.offset(), payload.length());
                mutations.add(RecordMutation.delete(row.toArray(), new Precondition.VersionEquals(cursor.version())));
                if (block.content() != null) {
                    released.add(block.content());
                }
            }
        }
        if (!(store.commit(space, partition, mutations) instanceof CommitOutcome.Applied)) {
            return false;
        }
        released.removeAll(contentsOf(blob));
        discardWhenDurable(new ArrayList<>(released));
        return true;
    }

    private Map<BlockId, StagedBlock> staged(Space space, String name) {
        Map<BlockId, StagedBlock> staged = new LinkedHashMap<>();
        try (RecordCursor cursor = store.scan(space, BlobRecords.stagedBlocks(name))) {
            while (cursor.advance()) {
                ByteView row = cursor.row();
                ByteView payload = cursor.payload();
                StagedBlock block = BlobRecords.readStaged(row.array(), row.offset(), row.length(), payload.array(),
                        payload.offset(), payload.length());
                staged.put(block.id(), block);
            }
        }
        return staged;
    }

    /** 400 InvalidBlobOrBlock when the blob's blocks, staged or committed, have ids of another length. */
    private void checkIdLength(Space space, String name, BlockId id) {
        int length = id.text().length();
        Integer other = null;
        try (RecordCursor cursor = store.scan(space, BlobRecords.stagedBlocks(name))) {
            if (cursor.advance()) {
                other = cursor.row().length() - 1;
            }
        }
        if (other == null) {
            Optional<StoredValue> blob = store.get(space, BlobRecords.partition(name), BlobRecords.blobRow());
            if (blob.isPresent()) {
                BlobProperties committed = BlobRecords.readBlob(name, blob.get());
                other = committed.segments().stream().filter(s -> s.blockId() != null).findFirst()
                        .map(s -> s.blockId().text().length()).orElse(null);
            }
        }
        if (other != null && other != length) {
            throw new ServiceException(BlobError.INVALID_BLOB_OR_BLOCK, BlobError.INVALID_BLOB_OR_BLOCK.message()
                    + " The blob's block ids are " + other + " characters long; '" + id.text() + "' has " + length
                    + ".");
        }
    }

    /** The write conditions on a blob that may not exist (Put Blob, Put Block List). */
    private static void checkBlobWrite(Conditions conditions, BlobProperties old) {
        if (old == null) {
            if (conditions.checkAbsent() != Conditions.Verdict.MET) {
                throw new ServiceException(BlobError.CONDITION_NOT_MET);
            }
            return;
        }
        if (conditions.requiresAbsent()) {
            throw new ServiceException(BlobError.BLOB_ALREADY_EXISTS);
        }
        checkWrite(conditions, old.etag(), old.lastModified());
    }

    /** On a write, any failed condition is 412 ConditionNotMet. */
    private static void checkWrite(Conditions conditions, long etag, Instant lastModified) {
        if (conditions.check(etag, lastModified) != Conditions.Verdict.MET) {
            throw new ServiceException(BlobError.CONDITION_NOT_MET);
        }
    }

    private static List<ContentId> contentsOf(BlobProperties blob) {
        List<ContentId> ids = new ArrayList<>();
        for (Segment segment : blob.segments()) {
            if (segment.content() != null) {
                ids.add(segment.content());
            }
        }
        return ids;
    }

    /** Every content a container's blobs and staged blocks name. */
    private List<ContentId> contentsOf(Space space) {
        List<ContentId> ids = new ArrayList<>();
        try (RecordCursor cursor = store.scan(space, RecordRange.all())) {
            while (cursor.advance()) {
                ByteView row = cursor.row();
                ByteView payload = cursor.payload();
                if (BlobRecords.isBlobRow(row.array(), row.offset(), row.length())) {
                    ids.addAll(contentsOf(BlobRecords.readBlob("", cursor.version(), payload.array(), payload.offset(),
                            payload.length())));
                } else if (BlobRecords.isStagedRow(row.array(), row.offset(), row.length())) {
                    ContentId id = BlobRecords.readStaged(row.array(), row.offset(), row.length(), payload.array(),
                            payload.offset(), payload.length()).content();
                    if (id != null) {
                        ids.add(id);
                    }
                }
            }
        }
        return ids;
    }

    /**
     * Deletes content once the commits that let go of it are durable: before that, a crash could bring
     * back a record that names it.
     */
    private void discardWhenDurable(List<ContentId> ids) {
        if (ids.isEmpty()) {
            return;
        }
        List<ContentId> distinct = List.copyOf(new java.util.LinkedHashSet<>(ids));
        store.whenDurable().thenRun(() -> distinct.forEach(id -> {
            try {
                contents.delete(id);
            } catch (RuntimeException e) {
                // Left behind: bytes no record names, never bytes a record needs.
            }
        }));
    }

    /** Runs a write that owns {@code content}: if it fails, the content is deleted. */
    private <T> T owning(ContentId content, java.util.function.Supplier<T> write) {
        try {
            return write.get();
        } catch (RuntimeException e) {
            if (content != null) {
                try {
                    contents.delete(content);
                } catch (RuntimeException deleting) {
                    e.addSuppressed(deleting);
                }
            }
            throw e;
        }
    }

    private static long ticks(Instant now) {
        return EPOCH_TICKS + now.getEpochSecond() * 10_000_000L + now.getNano() / 100;
    }

    private static ServiceException busy() {
        return new ServiceException(CommonError.SERVER_BUSY,
                "The blob is being changed by too many concurrent requests; please retry.");
    }

}
