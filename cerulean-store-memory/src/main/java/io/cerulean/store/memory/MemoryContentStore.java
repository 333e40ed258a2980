package io.cerulean.store.memory;

import io.cerulean.storage.StoreUnavailableException;
import io.cerulean.storage.content.ContentId;
import io.cerulean.storage.content.ContentReader;
import io.cerulean.storage.content.ContentStore;
import io.cerulean.storage.content.ContentWriter;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/** A {@link ContentStore} in memory, each piece of content one array: the reference store and {@code --in-memory}. */
public final class MemoryContentStore implements ContentStore {
    private final Map<ContentId, byte[]> contents = new ConcurrentHashMap<>();
    private volatile boolean closed;

    @Override
    public ContentWriter create() {
        checkOpen();
        return new ContentWriter() {
            private byte[] bytes = new byte[1024];
            private int size;
            private boolean done;

            @Override
            public void write(ByteBuffer source) {
                int length = source.remaining();
                if (size + length > bytes.length) {
                    bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, size + length));
                }
                source.get(bytes, size, length);
                size += length;
            }

            @Override
            public long size() {
                return size;
            }

            @Override
            public ContentId finish() {
                checkOpen();
                ContentId id = ContentId.random();
                contents.put(id, Arrays.copyOf(bytes, size));
                done = true;
                return id;
            }

            @Override
            public void close() {
                if (!done) {
                    bytes = null;
                }
            }
        };
    }

    @Override
    public Optional<ContentReader> open(ContentId id) {
        checkOpen();
        byte[] bytes = contents.get(id);
        if (bytes == null) {
            return Optional.empty();
        }
        return Optional.of(new ContentReader() {
            @Override
            public long size() {
                return bytes.length;
            }

            @Override
            public int read(long position, ByteBuffer target) {
                if (position >= bytes.length) {
                    return -1;
                }
                int length = (int) Math.min(target.remaining(), bytes.length - position);
                target.put(bytes, (int) position, length);
                return length;
            }

            @Override
            public void close() {
            }
        });
    }

    @Override
    public boolean delete(ContentId id) {
        checkOpen();
        return contents.remove(id) != null;
    }

    @Override
    public void forEachContent(Consumer<ContentId> action) {
        contents.keySet().forEach(action);
    }

    @Override
    public void close() {
        closed = true;
        contents.clear();
    }

    private void checkOpen() {
        if (closed) {
            throw new StoreUnavailableException("the content store is closed");
        }
    }
}
