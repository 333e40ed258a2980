package io.cerulean.blob.service;

import io.cerulean.blob.model.Segment;
import io.cerulean.storage.StoreUnavailableException;
import io.cerulean.storage.content.ContentReader;
import io.cerulean.storage.content.ContentStore;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Optional;

/**
 * A range of a blob's bytes, read in order across its segments, each segment's content opened when
 * the range reaches it and closed when it is done. Used by one thread at a time.
 *
 * <p>A range of a {@link ReadableBlob} holds its contents until it is closed, so it reads whole
 * however the blob is replaced meanwhile. Otherwise, content named by a committed record is deleted
 * only after a later commit let go of it, so a reader that finds it gone read a blob that was
 * replaced meanwhile: it fails rather than send bytes of two versions.
 */
public final class BlobContent implements AutoCloseable {
    private final ContentStore contents;
    private final List<Segment> segments;
    private final ContentLifecycle.Pin pin; // the contents held for this read; null when none are
    private final long length;
    private long sent;
    private int segment; // the segment holding the next byte
    private long inSegment; // the next byte's offset within it
    private ContentReader reader;

    BlobContent(ContentStore contents, List<Segment> segments, long offset, long length, ContentLifecycle.Pin pin) {
        this.contents = contents;
        this.segments = segments;
        this.pin = pin;
        this.length = length;
        long skip = offset;
        while (segment < segments.size() && skip >= segments.get(segment).size()) {
            skip -= segments.get(segment).size();
            segment++;
        }
        this.inSegment = skip;
    }

    /** How many bytes the range holds. */
    public long length() {
        return length;
    }

    /** Reads into {@code target} as much as fits and remains; -1 once the range is read. */
    public int read(ByteBuffer target) {
        if (sent >= length) {
            return -1;
        }
        while (segment < segments.size() && inSegment >= segments.get(segment).size()) {
            nextSegment();
        }
        if (segment >= segments.size()) {
            throw new StoreUnavailableException("the blob's segments end before its length");
        }
        Segment current = segments.get(segment);
        long wanted = Math.min(Math.min(target.remaining(), current.size() - inSegment), length - sent);
        if (current.content() == null) { // pages never written: zeros
            for (long i = 0; i < wanted; i++) {
                target.put((byte) 0);
            }
            inSegment += wanted;
            sent += wanted;
            return (int) wanted;
        }
        if (reader == null) {
            Optional<ContentReader> opened = pin != null ? pin.open(current.content())
                    : contents.open(current.content());
            reader = opened.orElseThrow(() -> new StoreUnavailableException(
                    "the blob was replaced while it was read; read it again"));
        }
        int limit = target.limit();
        target.limit(target.position() + (int) wanted);
        int read;
        try {
            read = reader.read(current.contentOffset() + inSegment, target);
        } finally {
            target.limit(limit);
        }
        if (read < 0) {
            throw new StoreUnavailableException("the blob's content ends before its length");
        }
        inSegment += read;
        sent += read;
        return read;
    }

    private void nextSegment() {
        closeReader();
        segment++;
        inSegment = 0;
    }

    private void closeReader() {
        if (reader != null) {
            reader.close();
            reader = null;
        }
    }

    @Override
    public void close() {
        try {
            closeReader();
        } finally {
            if (pin != null) {
                pin.close();
            }
        }
    }
}
