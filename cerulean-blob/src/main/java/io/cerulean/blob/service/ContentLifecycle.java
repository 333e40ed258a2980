package io.cerulean.blob.service;

import io.cerulean.blob.layout.BlobRecords;
import io.cerulean.blob.model.BlobProperties;
import io.cerulean.blob.model.Segment;
import io.cerulean.storage.ByteView;
import io.cerulean.storage.KeyValueStore;
import io.cerulean.storage.RecordCursor;
import io.cerulean.storage.RecordRange;
import io.cerulean.storage.Space;
import io.cerulean.storage.content.ContentId;
import io.cerulean.storage.content.ContentReader;
import io.cerulean.storage.content.ContentStore;
import io.cerulean.storage.content.ContentWriter;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The life of the Blob service's bytes in the content store, in one place: the service's other
 * classes write, adopt, release and hold content through this one only.
 *
 * <ol>
 * <li><b>Written.</b> Content is written whole before any record names it: a request body by the
 * REST layer, through {@link BlobService#contents()}, a copy's bytes through {@link #create}. Until a
 * write is given it, content belongs to whoever wrote it, who discards it ({@link #discard}) if it
 * goes no further (the REST layer does, through {@link BlobService#discard}, for a body it refuses
 * after writing it).
 * <li><b>Adopted.</b> A write given content ({@link #adopt}) owns it: if the write fails, the content
 * is deleted at once; once the write commits a record naming it, the records own it.
 * <li><b>Released.</b> Content goes once no record names it, and only after the commit that let go of
 * it is durable (before that, a crash could bring back a record that names it): what a write to a
 * blob's partition no longer names ({@link #releaseLetGo}), a staged block replaced or swept
 * ({@link #release}), everything a deleted container's blobs named ({@link #dropReleasing}). Content
 * that cannot be deleted is left behind: bytes no record names cost space, never a read.
 * <li><b>Held.</b> A read holds the contents of the version it found ({@link #hold}) until it is
 * closed, so that a read that has begun finishes on that version. Content released while held is
 * opened once and deleted at once, and the reads yet to reach it read that reader, closed when the
 * last of them lets go: no name is left behind for a crash to leak (a file deleted while open goes
 * with its last reader, content in memory with its last reference). Holds are this process's own:
 * servers sharing a Cassandra cluster do not see each other's.
 * </ol>
 *
 * <p>Thread-safe.
 */
final class ContentLifecycle {
    private final KeyValueStore store;
    private final ContentStore contents;
    private final ConcurrentHashMap<ContentId, Held> held = new ConcurrentHashMap<>();

    /** How many reads hold a content, whether it is being deleted, and its reader once it was. */
    private static final class Held {
        int reads; // these two change only in the map's compute, one at a time
        boolean deleting;
        volatile SharedReader deleted;
    }

    ContentLifecycle(KeyValueStore store, ContentStore contents) {
        this.store = store;
        this.contents = contents;
    }

    /** The content store: where request bodies are written, and where reads open what records name. */
    ContentStore contents() {
        return contents;
    }

    /** New content (a copy's bytes), the writer's until a write adopts it. */
    ContentWriter create() {
        return contents.create();
    }

    /** Deletes content written and never given to a write: no record names it, no read holds it. */
    void discard(ContentId content) {
        contents.delete(content);
    }

    /** Runs a write that adopts {@code content} (null: none): if it fails, the content is deleted. */
    <T> T adopt(ContentId content, Supplier<T> write) {
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

    /**
     * After a write to a blob's partition (committed, or found to change nothing): releases what the
     * partition named {@code before} and no longer names {@code after}, whichever rows named it.
     */
    void releaseLetGo(BlobPartition before, BlobPartition after) {
        Set<ContentId> released = before.contents();
        released.removeAll(after.contents());
        release(new ArrayList<>(released));
    }

    /**
     * Drops a container's blobs ({@code space}, whose catalogue row is gone) and releases every
     * content its blobs, snapshots and staged blocks named.
     */
    void dropReleasing(Space space) {
        List<ContentId> orphans = contentsOf(space);
        store.drop(space);
        release(orphans);
    }

    /** Deletes {@code ids}, which a commit let go of, once every commit so far is durable. */
    void release(List<ContentId> ids) {
        if (ids.isEmpty()) {
            return;
        }
        List<ContentId> distinct = List.copyOf(new LinkedHashSet<>(ids));
        store.whenDurable().thenRun(() -> distinct.forEach(id -> {
            try {
                held.compute(id, (key, h) -> {
                    Held entry = h == null ? new Held() : h;
                    if (entry.reads > 0 && entry.deleted == null) {
                        entry.deleted = contents.open(id).map(SharedReader::new).orElse(null);
                    }
                    entry.deleting = true; // a hold taken now is too late: it reads the blob again
                    return entry;
                });
                try {
                    contents.delete(id);
                } finally {
                    SharedReader[] last = new SharedReader[1];
                    held.computeIfPresent(id, (key, h) -> {
                        h.deleting = false;
                        last[0] = h.reads == 0 ? h.deleted : null;
                        return h.reads == 0 ? null : h;
                    });
                    if (last[0] != null) {
                        last[0].reader.close();
                    }
                }
            } catch (RuntimeException e) {
                // Left behind: bytes no record names, never bytes a record needs.
            }
        }));
    }

    /**
     * The blob {@code read} finds, its contents held until the answer is closed. Contents are held
     * once they are known to be there after the hold began (a release before that would have deleted
     * them, one after it finds the hold): one content by opening it, which its read needs anyway;
     * several by {@code read} finding them still named. 503 ServerBusy when the blob changes every time.
     */
    ReadableBlob hold(Supplier<BlobProperties> read) {
        BlobProperties blob = read.get();
        for (int attempt = 0; attempt < Writes.MAX_ATTEMPTS; attempt++) {
            List<ContentId> ids = List.copyOf(new LinkedHashSet<>(contentsOf(blob)));
            if (ids.isEmpty()) {
                return new ReadableBlob(contents, blob, null);
            }
            Pin pin = pin(ids);
            BlobProperties again = null;
            try {
                if (pin.late) {
                    again = read.get();
                } else if (ids.size() == 1) {
                    pin.opened = contents.open(ids.get(0)).orElse(null);
                    if (pin.opened != null) {
                        return new ReadableBlob(contents, blob, pin);
                    }
                } else {
                    again = read.get();
                    if (new HashSet<>(contentsOf(again)).containsAll(ids)) {
                        return new ReadableBlob(contents, blob, pin);
                    }
                }
            } catch (RuntimeException e) {
                pin.close();
                throw e;
            }
            pin.close();
            blob = again != null ? again : read.get(); // replaced meanwhile: the read is of the newer version
        }
        throw Writes.busy("blob");
    }

    private Pin pin(List<ContentId> ids) {
        boolean[] late = {false};
        for (ContentId id : ids) {
            held.compute(id, (key, h) -> {
                Held holding = h == null ? new Held() : h;
                holding.reads++;
                late[0] |= holding.deleting;
                return holding;
            });
        }
        return new Pin(ids, late[0]);
    }

    private void unpin(ContentId id) {
        SharedReader[] last = new SharedReader[1];
        held.computeIfPresent(id, (key, h) -> {
            if (--h.reads > 0 || h.deleting) { // the delete lets go of it once done
                return h;
            }
            last[0] = h.deleted;
            return null;
        });
        if (last[0] != null) {
            last[0].reader.close();
        }
    }

    /** Contents one read holds: none of them is gone before {@link #close}. */
    final class Pin implements AutoCloseable {
        private final List<ContentId> ids;
        private final boolean late; // taken while one of the contents was being deleted
        private ContentReader opened; // the one content, opened as the hold began, until a read takes it
        private boolean closed;

        private Pin(List<ContentId> ids, boolean late) {
            this.ids = ids;
            this.late = late;
        }

        /** The same contents held again, for a read of the version; it takes the content opened already. */
        synchronized Pin again() {
            Pin pin = pin(ids);
            pin.opened = opened;
            opened = null;
            return pin;
        }

        /** One of the held contents, for reading: from the content store, or as it was when deleted. */
        Optional<ContentReader> open(ContentId id) {
            synchronized (this) {
                if (opened != null) { // holds one content only: this one
                    ContentReader reader = opened;
                    opened = null;
                    return Optional.of(reader);
                }
            }
            Held h = held.get(id);
            SharedReader deleted = h == null ? null : h.deleted;
            if (deleted != null) {
                return Optional.of(deleted);
            }
            Optional<ContentReader> reader = contents.open(id);
            if (reader.isPresent()) {
                return reader;
            }
            deleted = h == null ? null : h.deleted; // deleted meanwhile: it was opened first
            return Optional.ofNullable(deleted);
        }

        @Override
        public synchronized void close() {
            if (closed) {
                return;
            }
            closed = true;
            try {
                if (opened != null) { // never read: a 304, say
                    opened.close();
                }
            } finally {
                opened = null;
                ids.forEach(ContentLifecycle.this::unpin);
            }
        }
    }

    /** A deleted content's reader, shared by the reads that hold it; the last of them closes it. */
    private static final class SharedReader implements ContentReader {
        private final ContentReader reader;

        SharedReader(ContentReader reader) {
            this.reader = reader;
        }

        @Override
        public long size() {
            return reader.size();
        }

        @Override
        public synchronized int read(long position, ByteBuffer target) {
            return reader.read(position, target);
        }

        @Override
        public void close() {
            // The reads share it: it is closed when the last of them lets go.
        }
    }

    /** The contents a blob's segments name. */
    private static List<ContentId> contentsOf(BlobProperties blob) {
        List<ContentId> ids = new ArrayList<>();
        for (Segment segment : blob.segments()) {
            if (segment.content() != null) {
                ids.add(segment.content());
            }
        }
        return ids;
    }

    /** Every content a container's blobs, snapshots and staged blocks name. */
    List<ContentId> contentsOf(Space space) {
        List<ContentId> ids = new ArrayList<>();
        try (RecordCursor cursor = store.scan(space, RecordRange.all())) {
            while (cursor.advance()) {
                ByteView row = cursor.row();
                ByteView payload = cursor.payload();
                if (BlobRecords.isBlobRow(row.array(), row.offset(), row.length())
                        || BlobRecords.isSnapshotRow(row.array(), row.offset(), row.length())
                        || BlobRecords.isVersionRow(row.array(), row.offset(), row.length())) {
                    ids.addAll(contentsOf(BlobRecords.readBlob("", BlobProperties.BASE, payload.array(),
                            payload.offset(), payload.length())));
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
}
