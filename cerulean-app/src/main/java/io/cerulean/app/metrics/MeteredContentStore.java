package io.cerulean.app.metrics;

import io.cerulean.storage.content.ContentId;
import io.cerulean.storage.content.ContentReader;
import io.cerulean.storage.content.ContentStore;
import io.cerulean.storage.content.ContentWriter;
import io.micrometer.core.instrument.Counter;
import java.nio.ByteBuffer;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * A content store whose bytes are counted as they stream through it, nothing buffered:
 * {@code cerulean_content_written_bytes_total{store}} as each buffer is written (content discarded
 * before it is finished included: the store wrote it), {@code cerulean_content_read_bytes_total{store}}
 * as each read returns, and {@code cerulean_content_deleted_total{store}} for each content deleted.
 */
final class MeteredContentStore implements ContentStore {
    private final ContentStore store;
    private final Counter written;
    private final Counter read;
    private final Counter deleted;

    MeteredContentStore(ContentStore store, String tag, StoreMeters meters) {
        this.store = store;
        this.written = meters.add(Counter.builder("cerulean.content.written").baseUnit("bytes").tag("store", tag)
                .description("Blob content bytes written to the content store").register(meters.registry()));
        this.read = meters.add(Counter.builder("cerulean.content.read").baseUnit("bytes").tag("store", tag)
                .description("Blob content bytes read from the content store").register(meters.registry()));
        this.deleted = meters.add(Counter.builder("cerulean.content.deleted").tag("store", tag)
                .description("Contents deleted from the content store").register(meters.registry()));
    }

    @Override
    public ContentWriter create() {
        ContentWriter writer = store.create();
        return new ContentWriter() {
            @Override
            public void write(ByteBuffer bytes) {
                int length = bytes.remaining();
                writer.write(bytes);
                written.increment(length);
            }

            @Override
            public long size() {
                return writer.size();
            }

            @Override
            public ContentId finish() {
                return writer.finish();
            }

            @Override
            public void close() {
                writer.close();
            }
        };
    }

    @Override
    public Optional<ContentReader> open(ContentId id) {
        return store.open(id).map(reader -> new ContentReader() {
            @Override
            public long size() {
                return reader.size();
            }

            @Override
            public int read(long position, ByteBuffer target) {
                int n = reader.read(position, target);
                if (n > 0) {
                    read.increment(n);
                }
                return n;
            }

            @Override
            public void close() {
                reader.close();
            }
        });
    }

    @Override
    public boolean delete(ContentId id) {
        boolean was = store.delete(id);
        if (was) {
            deleted.increment();
        }
        return was;
    }

    @Override
    public void forEachContent(Consumer<ContentId> action) {
        store.forEachContent(action);
    }

    /** Closes the store; its meters go with the database's records, closed after it. */
    @Override
    public void close() {
        store.close();
    }
}
