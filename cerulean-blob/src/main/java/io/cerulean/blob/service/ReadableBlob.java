package io.cerulean.blob.service;

import io.cerulean.blob.model.BlobProperties;
import io.cerulean.storage.content.ContentStore;

/**
 * A blob or snapshot as a read found it, with its bytes held until it is closed: the reads of it
 * ({@link #content}) finish on this version however the blob is replaced or deleted meanwhile, each
 * holding the bytes until it is closed too.
 */
public final class ReadableBlob implements AutoCloseable {
    private final ContentStore contents;
    private final BlobProperties properties;
    private final ContentLifecycle.Pin pin; // null when nothing is held: no bytes, or none to be read

    ReadableBlob(ContentStore contents, BlobProperties properties, ContentLifecycle.Pin pin) {
        this.contents = contents;
        this.properties = properties;
        this.pin = pin;
    }

    /** The blob's properties, as they were with these bytes. */
    public BlobProperties properties() {
        return properties;
    }

    /** Reads {@code length} bytes from {@code offset}, holding the bytes too: take it before closing this. */
    public BlobContent content(long offset, long length) {
        return new BlobContent(contents, properties.segments(), offset, length, pin == null ? null : pin.again());
    }

    @Override
    public void close() {
        if (pin != null) {
            pin.close();
        }
    }
}
