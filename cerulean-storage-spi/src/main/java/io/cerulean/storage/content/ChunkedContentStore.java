package io.cerulean.storage.content;

import io.cerulean.storage.CommitOutcome;
import io.cerulean.storage.KeySpaces;
import io.cerulean.storage.KeyValueStore;
import io.cerulean.storage.Precondition;
import io.cerulean.storage.RecordMutation;
import io.cerulean.storage.Space;
import io.cerulean.storage.StoreUnavailableException;
import io.cerulean.storage.StoredValue;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

/**
 * Content as records of any {@link KeyValueStore}, for a store with no file system of its own
 * beside it (a Cassandra cluster, which every server shares). Key space {@code CONTENT_CHUNKS}:
 *
 * <pre>
 * partition id (32 hex digits) + '/' + chunk number (16 hex digits)   row 'c'   the chunk's bytes
 * partition id (32 hex digits)                                       row 'm'   [size: 8]
 * </pre>
 * Chunks are {@link #CHUNK_BYTES} each, the last one shorter; a partition per chunk keeps every
 * Cassandra partition small. The manifest row is written last, and once it is durable the content
 * exists: {@link ContentStore#open} reads only content that has one. Delete removes the manifest
 * first, so a content half deleted is already gone to readers.
 */
public final class ChunkedContentStore implements ContentStore {
    /** The bytes of one chunk: large enough that a read costs few round trips, small for one mutation. */
    public static final int CHUNK_BYTES = 1 << 20;
    private static final Space SPACE = KeySpaces.CONTENT_CHUNKS.single();
    private static final byte[] CHUNK_ROW = {'c'};
    private static final byte[] MANIFEST_ROW = {'m'};

    private final KeyValueStore store;
    private volatile boolean closed;

    public ChunkedContentStore(KeyValueStore store) {
        this.store = store;
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
        return store.get(SPACE, manifestPartition(id), MANIFEST_ROW)
                .map(manifest -> new ChunkReader(id, ByteBuffer.wrap(manifest.bytes(), StoredValue.HEADROOM, 8).getLong()));
    }

    @Override
    public boolean delete(ContentId id) {
        checkOpen();
        Optional<StoredValue> manifest = store.get(SPACE, manifestPartition(id), MANIFEST_ROW);
        if (manifest.isEmpty()) {
            return false;
        }
        long size = ByteBuffer.wrap(manifest.get().bytes(), StoredValue.HEADROOM, 8).getLong();
        store.commit(SPACE, manifestPartition(id), List.of(RecordMutation.delete(MANIFEST_ROW, Precondition.NONE)));
        deleteChunks(id, chunks(size));
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
        private final ContentId id;
        private final byte[] chunk = StoredValue.allocate(CHUNK_BYTES);
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
                bytes.get(chunk, StoredValue.HEADROOM + filled, n);
                filled += n;
                if (filled == CHUNK_BYTES) {
                    flushChunk();
                }
            }
        }

        private void flushChunk() {
            byte[] value = filled == CHUNK_BYTES ? chunk.clone() : java.util.Arrays.copyOf(chunk, StoredValue.HEADROOM + filled);
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
            if (filled > 0) {
                flushChunk();
            }
            byte[] manifest = StoredValue.allocate(8);
            ByteBuffer.wrap(manifest, StoredValue.HEADROOM, 8).putLong(written);
            store.commit(SPACE, manifestPartition(id), List.of(RecordMutation.put(MANIFEST_ROW,
                    new StoredValue(0, manifest), Precondition.NONE)));
            store.whenDurable().join();
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
        private long cachedChunk = -1; // reads come in order, a few per chunk: keep the last one
        private byte[] cached;

        ChunkReader(ContentId id, long size) {
            this.id = id;
            this.size = size;
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
            }
            int offset = (int) (position - chunk * CHUNK_BYTES);
            int available = cached.length - StoredValue.HEADROOM - offset;
            int n = Math.min(available, target.remaining());
            target.put(cached, StoredValue.HEADROOM + offset, n);
            return n;
        }

        @Override
        public void close() {
            cached = null;
        }
    }
}
