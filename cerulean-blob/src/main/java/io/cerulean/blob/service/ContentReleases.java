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
import io.cerulean.storage.content.ContentStore;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.function.Supplier;

/**
 * When bytes in the content store go: once no record names them, and only after the commit that
 * let go of them is durable (before that, a crash could bring back a record that names them); and
 * at once when the write they were given to fails.
 */
final class ContentReleases {
    private final KeyValueStore store;
    private final ContentStore contents;

    ContentReleases(KeyValueStore store, ContentStore contents) {
        this.store = store;
        this.contents = contents;
    }

    /** Deletes {@code ids} once every commit so far is durable; what cannot be deleted costs space only. */
    void discardWhenDurable(List<ContentId> ids) {
        if (ids.isEmpty()) {
            return;
        }
        List<ContentId> distinct = List.copyOf(new LinkedHashSet<>(ids));
        store.whenDurable().thenRun(() -> distinct.forEach(id -> {
            try {
                contents.delete(id);
            } catch (RuntimeException e) {
                // Left behind: bytes no record names, never bytes a record needs.
            }
        }));
    }

    /** Runs a write that owns {@code content}: if it fails, the content is deleted. */
    <T> T owning(ContentId content, Supplier<T> write) {
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
                        || BlobRecords.isSnapshotRow(row.array(), row.offset(), row.length())) {
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
