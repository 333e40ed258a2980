package io.cerulean.storage.content;

import io.cerulean.storage.ByteView;
import io.cerulean.storage.CommitOutcome;
import io.cerulean.storage.KeySpaces;
import io.cerulean.storage.KeyValueStore;
import io.cerulean.storage.Precondition;
import io.cerulean.storage.RecordCursor;
import io.cerulean.storage.RecordMutation;
import io.cerulean.storage.RecordRange;
import io.cerulean.storage.Space;
import io.cerulean.storage.StoreUnavailableException;
import io.cerulean.storage.StoredValue;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * Content as records of any {@link KeyValueStore}, for a store with no file system of its own
 * beside it (a Cassandra cluster, which every server shares). Key space {@code CONTENT_CHUNKS}:
 *
 * <pre>
 * partition id (32 hex digits) + '/' + chunk number (16 hex digits)   row 'c'   the chunk's bytes
 * partition id (32 hex digits)                                       row 'm'   [size: 8] [bytes: size, when inline]
 * </pre>
 * Chunks are {@link #CHUNK_BYTES} each, the last one shorter; a partition per chunk keeps every
 * Cassandra partition small. Content shorter than a chunk has no chunks: its bytes follow the size
 * in the manifest (inline), so a small blob costs one record to write and one to read. A manifest
 * of exactly 8 bytes names chunks. The manifest row is written last, and once it is durable the
 * content exists: {@link ContentStore#open} reads only content that has one. Delete removes the
 * manifest first, so a content half deleted is already gone to readers; its chunks go with the
 * last of this process's readers that opened it before (a crash meanwhile leaves chunks no manifest
 * names, which are never read).
 */
public final class ChunkedContentStore implements ContentStore {
    /** The format of the layout above, checked by the database that keeps it. */
    public static final int FORMAT_VERSION = 1;
    /** The bytes of one chunk: large enough that a read costs few round trips, small for one mutation. */
    public static final int CHUNK_BYTES = 1 << 20;
    private static final Space SPACE = KeySpaces.CONTENT_CHUNKS.single();
    private static final byte[] CHUNK_ROW = {'c'};
    private static final byte[] MANIFEST_ROW = {'m'};
    private static final int MANIFEST_BYTES = StoredValue.HEADROOM + 8;

    private final KeyValueStore store;
    private final boolean awaitDurable;
    private final ConcurrentHashMap<ContentId, Readers> readers = new ConcurrentHashMap<>();
    private volatile boolean closed;

    /** The readers of a content open in this process, and its chunks once it was deleted (-1 before). */
    private static final class Readers {
        int open; // changed only in the map's compute, one at a time
        long chunksDeleted = -1;
    }

    /** Content whose {@link ContentWriter#finish} returns once it is durable: for any store. */
    public ChunkedContentStore(KeyValueStore store) {
        this(store, true);
    }

    private ChunkedContentStore(KeyValueStore store, boolean awaitDurable) {
        this.store = store;
        this.awaitDurable = awaitDurable;
    }

    /**
     * Content in a store with one log, whose every sync covers every commit before it (RocksDB), and
     * named only by records committed to that same store afterwards: {@link ContentWriter#finish}
     * returns once the content is written, not synced. It is durable before any record naming it
     * is, since the sync that makes the record durable covers it too; and a writer acknowledges
     * nothing before its record is durable. That saves a put a wait for a sync of its own.
     */
    public static ChunkedContentStore durableWithLaterCommits(KeyValueStore store) {
        return new ChunkedContentStore(store, false);
    }

    private static byte[] manifestPartition(ContentId id) {
        return id.hex().getBytes(StandardCharsets.US_ASCII);
    }

    private static byte[] chunkPartition(ContentId id, long chunk) {
        return (id.hex() + "/" + String.format("%016x", chunk)).getBytes(StandardCharsets.US_ASCII);
    }

    @Override
    public ContentWriter create() {
        checkOpen();
        return new ChunkWriter(ContentId.random());
    }

    @Override
    public Optional<ContentReader> open(ContentId id) {
        checkOpen();
        // Counted before the manifest is read: a delete that removes it after finds this reader.
        readers.compute(id, (key, r) -> {
            Readers counted = r == null ? new Readers() : r;
            counted.open++;
            return counted;
        });
        Optional<StoredValue> manifest;
        try {
            manifest = store.get(SPACE, manifestPartition(id), MANIFEST_ROW);
        } catch (RuntimeException e) {
            readerClosed(id);
            throw e;
        }
        if (manifest.isEmpty() || inline(manifest.get())) { // inline: the reader holds every byte
            readerClosed(id);
        }
        return manifest.map(m -> new ChunkReader(id, m));
    }

    /** One reader of {@code id} fewer; the last one deletes the chunks of a content deleted meanwhile. */
    private void readerClosed(ContentId id) {
        long[] chunks = {-1};
        readers.computeIfPresent(id, (key, r) -> {
            if (--r.open > 0) {
                return r;
            }
            chunks[0] = r.chunksDeleted;
            return null;
        });
        if (chunks[0] >= 0) {
            try {
                deleteChunks(id, chunks[0]);
            } catch (RuntimeException e) {
                // Chunks with no manifest are never read; what is left costs space only.
            }
        }
    }

    private static long sizeOf(StoredValue manifest) {
        return ByteBuffer.wrap(manifest.bytes(), StoredValue.HEADROOM, 8).getLong();
    }

    /** Whether the manifest holds the content's bytes itself rather than naming chunks. */
    private static boolean inline(StoredValue manifest) {
        return manifest.bytes().length > MANIFEST_BYTES;
    }

    @Override
    public boolean delete(ContentId id) {
        checkOpen();
        Optional<StoredValue> manifest = store.get(SPACE, manifestPartition(id), MANIFEST_ROW);
        if (manifest.isEmpty()) {
            return false;
        }
        store.commit(SPACE, manifestPartition(id), List.of(RecordMutation.delete(MANIFEST_ROW, Precondition.NONE)));
        if (!inline(manifest.get())) {
            long chunks = chunks(sizeOf(manifest.get()));
            boolean[] left = {false};
            readers.computeIfPresent(id, (key, r) -> {
                r.chunksDeleted = chunks;
                left[0] = true;
                return r;
            });
            if (!left[0]) {
                deleteChunks(id, chunks);
            }
        }
        return true;
    }

    private void deleteChunks(ContentId id, long chunks) {
        for (long chunk = 0; chunk < chunks; chunk++) {
            store.commit(SPACE, chunkPartition(id, chunk), List.of(RecordMutation.delete(CHUNK_ROW, Precondition.NONE)));
        }
    }

    private static long chunks(long size) {
        return (size + CHUNK_BYTES - 1) / CHUNK_BYTES;
    }

    /** Every manifest's content; chunks no manifest names (a write cut off by a crash) are not seen. */
    @Override
    public void forEachContent(Consumer<ContentId> action) {
        checkOpen();
        try (RecordCursor cursor = store.scan(SPACE, RecordRange.all())) {
            while (cursor.advance()) {
                ByteView row = cursor.row();
                ByteView partition = cursor.partition();
                if (row.length() == 1 && row.array()[row.offset()] == MANIFEST_ROW[0] && partition.length() == 32) {
                    action.accept(new ContentId(new String(partition.array(), partition.offset(), 32,
                            StandardCharsets.US_ASCII)));
                }
            }
        }
    }

    /** The record store is the caller's: closing the content store leaves it open. */
    @Override
    public void close() {
        closed = true;
    }

    private void checkOpen() {
        if (closed) {
            throw new StoreUnavailableException("the content store is closed");
        }
    }

    private final class ChunkWriter implements ContentWriter {
        /** The first chunk's array starts this small and doubles: most content (a 1 KiB blob) is far below a chunk. */
        private static final int FIRST_ARRAY = 8 * 1024;

        private final ContentId id;
        private byte[] chunk; // the chunk being filled, with the value's headroom; null until bytes arrive
        private int filled;
        private long written; // bytes in chunks already committed
        private boolean finished;

        ChunkWriter(ContentId id) {
            this.id = id;
        }

        @Override
        public void write(ByteBuffer bytes) {
            while (bytes.hasRemaining()) {
                int n = Math.min(bytes.remaining(), CHUNK_BYTES - filled);
                makeRoom(filled + n);
                bytes.get(chunk, StoredValue.HEADROOM + filled, n);
                filled += n;
                if (filled == CHUNK_BYTES) {
                    flushChunk();
                }
            }
        }

        /** An array for at least {@code payload} bytes: whole chunks once one has been written. */
        private void makeRoom(int payload) {
            int capacity = chunk == null ? 0 : chunk.length - StoredValue.HEADROOM;
            if (payload <= capacity) {
                return;
            }
            int grown = written > 0 ? CHUNK_BYTES
                    : Math.min(CHUNK_BYTES, Math.max(payload, Math.max(FIRST_ARRAY, capacity * 2)));
            chunk = chunk == null ? StoredValue.allocate(grown) : Arrays.copyOf(chunk, StoredValue.HEADROOM + grown);
        }

        /** Commits the chunk filled so far; a full array goes to the store as it is, and the next chunk gets a new one. */
        private void flushChunk() {
            byte[] value = chunk.length == StoredValue.HEADROOM + filled ? chunk
                    : Arrays.copyOf(chunk, StoredValue.HEADROOM + filled);
            if (value == chunk) {
                chunk = null; // the store owns it now
            }
            CommitOutcome outcome = store.commit(SPACE, chunkPartition(id, written / CHUNK_BYTES),
                    List.of(RecordMutation.put(CHUNK_ROW, new StoredValue(0, value), Precondition.NONE)));
            if (!(outcome instanceof CommitOutcome.Applied)) {
                throw new StoreUnavailableException("a content chunk could not be written");
            }
            written += filled;
            filled = 0;
        }

        @Override
        public long size() {
            return written + filled;
        }

        @Override
        public ContentId finish() {
            byte[] manifest;
            if (written == 0 && filled > 0) { // shorter than a chunk: the bytes go inline, after the size
                manifest = StoredValue.allocate(8 + filled);
                System.arraycopy(chunk, StoredValue.HEADROOM, manifest, MANIFEST_BYTES, filled);
            } else {
                if (filled > 0) {
                    flushChunk();
                }
                manifest = StoredValue.allocate(8);
            }
            ByteBuffer.wrap(manifest, StoredValue.HEADROOM, 8).putLong(size());
            store.commit(SPACE, manifestPartition(id), List.of(RecordMutation.put(MANIFEST_ROW,
                    new StoredValue(0, manifest), Precondition.NONE)));
            if (awaitDurable) {
                store.whenDurable().join();
            }
            finished = true;
            return id;
        }

        @Override
        public void close() {
            if (!finished) {
                try {
                    deleteChunks(id, chunks(written));
                } catch (RuntimeException e) {
                    // Chunks with no manifest are never read; what is left costs space only.
                }
            }
        }
    }

    private final class ChunkReader implements ContentReader {
        private final ContentId id;
        private final long size;
        private final boolean counted; // among the readers that hold the chunks
        private boolean closed;
        private long cachedChunk = -1; // reads come in order, a few per chunk: keep the last one
        private byte[] cached;
        private int cachedOffset; // where the chunk's bytes start in cached

        ChunkReader(ContentId id, StoredValue manifest) {
            this.id = id;
            this.size = sizeOf(manifest);
            this.counted = !inline(manifest);
            if (inline(manifest)) {
                cached = manifest.bytes();
                cachedChunk = 0;
                cachedOffset = MANIFEST_BYTES;
            }
        }

        @Override
        public long size() {
            return size;
        }

        @Override
        public int read(long position, ByteBuffer target) {
            if (position >= size) {
                return -1;
            }
            long chunk = position / CHUNK_BYTES;
            if (chunk != cachedChunk) {
                cached = store.get(SPACE, chunkPartition(id, chunk), CHUNK_ROW)
                        .orElseThrow(() -> new StoreUnavailableException("content " + id + " lost its chunk " + chunk))
                        .bytes();
                cachedChunk = chunk;
                cachedOffset = StoredValue.HEADROOM;
            }
            int offset = (int) (position - chunk * CHUNK_BYTES);
            int available = cached.length - cachedOffset - offset;
            int n = Math.min(available, target.remaining());
            target.put(cached, cachedOffset + offset, n);
            return n;
        }

        @Override
        public void close() {
            cached = null;
            if (counted && !closed) {
                closed = true;
                readerClosed(id);
            }
        }
    }
}
