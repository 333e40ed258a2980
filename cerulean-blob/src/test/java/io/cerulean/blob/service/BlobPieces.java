package io.cerulean.blob.service;

import java.util.function.Consumer;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cerulean.blob.model.BlobProperties;
import io.cerulean.blob.model.BlobType;
import io.cerulean.blob.model.BlockId;
import io.cerulean.blob.model.Conditions;
import io.cerulean.blob.model.ContentHeaders;
import io.cerulean.blob.model.PublicAccess;
import io.cerulean.common.error.ErrorCode;
import io.cerulean.common.error.ServiceException;
import io.cerulean.storage.CommitOutcome;
import io.cerulean.storage.ForwardingKeyValueStore;
import io.cerulean.storage.RecordCursor;
import io.cerulean.storage.RecordKey;
import io.cerulean.storage.RecordMutation;
import io.cerulean.storage.RecordRange;
import io.cerulean.storage.Space;
import io.cerulean.storage.StoredValue;
import io.cerulean.storage.content.ContentId;
import io.cerulean.storage.content.ContentReader;
import io.cerulean.storage.content.ContentStore;
import io.cerulean.storage.content.ContentWriter;
import io.cerulean.storage.state.ServerState;
import io.cerulean.store.memory.MemoryContentStore;
import io.cerulean.store.memory.MemoryKeyValueStore;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;

/**
 * The Blob service's pieces built as {@link BlobService} builds them, on a memory store and a
 * memory content store holding one empty container, for the pieces' own tests. The store counts
 * what it is asked and can hold back durability, the content store knows what it holds, and the
 * clock moves when a test says.
 */
final class BlobPieces implements AutoCloseable {
    static final String ACCOUNT = "devstoreaccount1";
    static final String CONTAINER = "photos";

    final CountingStore store = new CountingStore();
    final TrackedContents contents = new TrackedContents();
    final MovableClock clock = new MovableClock();
    final SecureRandom random = new SecureRandom();
    final ServerState state = new ServerState(store);
    final ContentLifecycle lifecycle = new ContentLifecycle(store, contents);
    final Containers containers = new Containers(store, state, lifecycle, clock, random);
    final BlobWrites writes = new BlobWrites(store, containers, lifecycle, clock, random, account -> false,
            new TagIndex(store, clock, random));
    final Blobs blobs = new Blobs(store, containers, writes, lifecycle, clock);
    final BlobListing listing = new BlobListing(store, containers);
    final Blocks blocks = new Blocks(store, containers, writes, lifecycle, clock, random);
    final PageBlobs pages = new PageBlobs(writes, lifecycle);
    final AppendBlobs appends = new AppendBlobs(writes, lifecycle);
    final Copies copies = new Copies(blobs, containers, writes, lifecycle, java.time.Duration.ofSeconds(5));
    final BlobLeases leases = new BlobLeases(writes);

    BlobPieces() {
        containers.create(ACCOUNT, CONTAINER, Map.of(), PublicAccess.NONE);
    }

    @Override
    public void close() {
        contents.close();
        store.close();
    }

    /** New content of {@code text}, as an upload writes it. */
    ContentId content(String text) {
        try (ContentWriter writer = contents.create()) {
            writer.write(ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8)));
            return writer.finish();
        }
    }

    /** Whether the content store still has {@code id}. */
    boolean exists(ContentId id) {
        return contents.open(id).isPresent();
    }

    /** A block blob of {@code text} in one piece. */
    BlobProperties put(String name, String text) {
        return blobs.put(ACCOUNT, CONTAINER, name, NewBlob.of(BlobType.BLOCK_BLOB, content(text), text.length(),
                ContentHeaders.NONE, Map.of()), Conditions.NONE);
    }

    /** Stages {@code text} under the block id of {@code id}'s text. */
    void stage(String name, String id, String text) {
        blocks.stage(ACCOUNT, CONTAINER, name, blockId(id), content(text), text.length(), null);
    }

    static BlockId blockId(String text) {
        return BlockId.parse(Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8)));
    }

    /** The bytes of {@code blob} as a read sees them, as text (zeros as NULs). */
    String text(BlobProperties blob) {
        try (BlobContent content = blobs.read(blob, 0, blob.contentLength())) {
            ByteBuffer target = ByteBuffer.allocate((int) blob.contentLength());
            while (target.hasRemaining() && content.read(target) >= 0) {
                // segments end where they end: read on
            }
            return new String(target.array(), 0, target.position(), StandardCharsets.UTF_8);
        }
    }

    /** The committed blob's bytes, as text. */
    String text(String name) {
        return text(blobs.get(ACCOUNT, CONTAINER, name, BlobProperties.BASE, null));
    }

    static void assertFails(ThrowingCallable call, ErrorCode code) {
        assertThatThrownBy(call).isInstanceOfSatisfying(ServiceException.class,
                e -> assertThat(e.errorCode()).isEqualTo(code));
    }

    /** A memory store that counts point reads, scans and commits, and holds durability back when told. */
    static final class CountingStore extends ForwardingKeyValueStore {
        final AtomicInteger gets = new AtomicInteger();
        final AtomicInteger scans = new AtomicInteger();
        final AtomicInteger commits = new AtomicInteger();
        private volatile CompletableFuture<Void> durable; // null: durable at once, as the memory store is

        CountingStore() {
            super(new MemoryKeyValueStore());
        }

        @Override
        public Optional<StoredValue> get(Space space, byte[] partition, byte[] row) {
            gets.incrementAndGet();
            return super.get(space, partition, row);
        }

        @Override
        public List<Optional<StoredValue>> getAll(Space space, List<RecordKey> keys) {
            gets.addAndGet(keys.size());
            return super.getAll(space, keys);
        }

        @Override
        public RecordCursor scan(Space space, RecordRange range) {
            scans.incrementAndGet();
            return super.scan(space, range);
        }

        @Override
        public CommitOutcome commit(Space space, byte[] partition, List<RecordMutation> mutations) {
            commits.incrementAndGet();
            return super.commit(space, partition, mutations);
        }

        @Override
        public CompletableFuture<Void> whenDurable() {
            CompletableFuture<Void> held = durable;
            return held != null ? held : super.whenDurable();
        }

        /** Commits from now on are not durable until {@link #makeDurable}. */
        void holdDurability() {
            durable = new CompletableFuture<>();
        }

        void makeDurable() {
            CompletableFuture<Void> held = durable;
            durable = null;
            held.complete(null);
        }

        /** Forgets what was counted so far. */
        void resetCounts() {
            gets.set(0);
            scans.set(0);
            commits.set(0);
        }
    }

    /** A memory content store that knows which contents it holds. */
    static final class TrackedContents implements ContentStore {
        private final MemoryContentStore contents = new MemoryContentStore();
        private final Set<ContentId> held = ConcurrentHashMap.newKeySet();

        /** The contents finished and not deleted. */
        Set<ContentId> held() {
            return Set.copyOf(held);
        }

        @Override
        public void forEachContent(Consumer<ContentId> action) {
            contents.forEachContent(action);
        }

        @Override
        public ContentWriter create() {
            ContentWriter writer = contents.create();
            return new ContentWriter() {
                @Override
                public void write(ByteBuffer bytes) {
                    writer.write(bytes);
                }

                @Override
                public long size() {
                    return writer.size();
                }

                @Override
                public ContentId finish() {
                    ContentId id = writer.finish();
                    held.add(id);
                    return id;
                }

                @Override
                public void close() {
                    writer.close();
                }
            };
        }

        @Override
        public Optional<ContentReader> open(ContentId id) {
            return contents.open(id);
        }

        @Override
        public boolean delete(ContentId id) {
            held.remove(id);
            return contents.delete(id);
        }

        @Override
        public void close() {
            contents.close();
        }
    }

    /** A clock that stands still until moved. */
    static final class MovableClock extends Clock {
        private volatile Instant now = Instant.now();

        void advance(Duration duration) {
            now = now.plus(duration);
        }

        @Override
        public Instant instant() {
            return now;
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            throw new UnsupportedOperationException("UTC only");
        }
    }
}
