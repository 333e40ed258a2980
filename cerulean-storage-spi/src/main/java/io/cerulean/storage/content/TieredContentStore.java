package io.cerulean.storage.content;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Small content in one store, large content in another: content of at most {@code threshold}
 * bytes goes to {@code small}, the rest to {@code large}. Beside RocksDB, small content as records
 * rides the log's group commit, where a file of its own would cost two syncs (the file and its
 * directory) for every small blob; large content as files is written once, never rewritten by
 * compaction nor written twice through the log. A writer holds up to {@code threshold} bytes until
 * it knows which store the content belongs in.
 */
public final class TieredContentStore implements ContentStore {
    private final ContentStore small;
    private final ContentStore large;
    private final int threshold;
    private volatile boolean closed;

    public TieredContentStore(ContentStore small, ContentStore large, int threshold) {
        this.small = small;
        this.large = large;
        this.threshold = threshold;
    }

    @Override
    public ContentWriter create() {
        if (closed) {
            throw new io.cerulean.storage.StoreUnavailableException("the content store is closed");
        }
        return new TieredWriter();
    }

    @Override
    public Optional<ContentReader> open(ContentId id) {
        Optional<ContentReader> reader = small.open(id);
        return reader.isPresent() ? reader : large.open(id);
    }

    @Override
    public boolean delete(ContentId id) {
        return small.delete(id) || large.delete(id);
    }

    @Override
    public void forEachContent(Consumer<ContentId> action) {
        small.forEachContent(action);
        large.forEachContent(action);
    }

    @Override
    public void close() {
        closed = true;
        try {
            small.close();
        } finally {
            large.close();
        }
    }

    private final class TieredWriter implements ContentWriter {
        private byte[] held = new byte[Math.min(threshold, 8192)];
        private int heldBytes;
        private ContentWriter spilled; // the large store's writer, once the content outgrew the threshold

        @Override
        public void write(ByteBuffer bytes) {
            if (spilled == null && heldBytes + bytes.remaining() > threshold) {
                spilled = large.create();
                spilled.write(ByteBuffer.wrap(held, 0, heldBytes));
                held = null;
            }
            if (spilled != null) {
                spilled.write(bytes);
                return;
            }
            if (heldBytes + bytes.remaining() > held.length) {
                held = Arrays.copyOf(held, Math.min(threshold, Math.max(held.length * 2, heldBytes + bytes.remaining())));
            }
            int n = bytes.remaining();
            bytes.get(held, heldBytes, n);
            heldBytes += n;
        }

        @Override
        public long size() {
            return spilled != null ? spilled.size() : heldBytes;
        }

        @Override
        public ContentId finish() {
            if (spilled != null) {
                return spilled.finish();
            }
            try (ContentWriter writer = small.create()) {
                writer.write(ByteBuffer.wrap(held, 0, heldBytes));
                return writer.finish();
            }
        }

        @Override
        public void close() {
            if (spilled != null) {
                spilled.close();
            }
        }
    }
}
