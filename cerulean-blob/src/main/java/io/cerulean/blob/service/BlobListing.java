package io.cerulean.blob.service;

import io.cerulean.blob.layout.BlobRecords;
import io.cerulean.blob.model.BlobProperties;
import io.cerulean.storage.ByteView;
import io.cerulean.storage.KeyValueStore;
import io.cerulean.storage.RecordBound;
import io.cerulean.storage.RecordCursor;
import io.cerulean.storage.RecordRange;
import io.cerulean.storage.Space;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * List Blobs: one scan of a container's blobs in name order, a blob's snapshots and previous versions
 * before it (those soft-deleted only when asked for), names
 * under a delimiter folded into their common prefix (the scan then skips past the prefix rather than
 * reading what it holds), and a position to resume at. Thread-safe.
 */
final class BlobListing {
    private final KeyValueStore store;
    private final Containers containers;

    BlobListing(KeyValueStore store, Containers containers) {
        this.store = store;
        this.containers = containers;
    }

    /**
     * List Blobs: up to {@code max} entries whose names start with {@code prefix}, from {@code from}
     * on, in name order (a blob's snapshots before it, oldest first); with a {@code delimiter}, names
     * that hold it after the prefix are listed once as their common prefix, if any of them is listed
     * (a blob with only staged blocks is, with {@code include.uncommitted()}).
     */
    BlobList list(String account, String container, String prefix, String delimiter,
                  Optional<ListPosition> from, int max, Include include) {
        Space space = containers.blobs(account, container);
        RecordRange range = BlobRecords.blobs(prefix, from.map(ListPosition::name).orElse(null));
        if (from.isPresent() && from.get().name().compareTo(prefix) >= 0) {
            byte[] partition = BlobRecords.partition(from.get().name());
            byte[] row = from.get().version() != BlobProperties.BASE ? BlobRecords.versionRow(from.get().version())
                    : from.get().snapshot() == BlobProperties.BASE ? BlobRecords.blobRow()
                    : BlobRecords.snapshotRow(from.get().snapshot());
            range = new RecordRange(RecordBound.inclusive(partition, row), range.upper());
        }
        List<ListedBlob> items = new ArrayList<>();
        String previous = null;
        String common = null; // the common prefix of the names being read, until one of them is listed
        boolean committedSeen = false;
        boolean uncommittedListed = false;
        RecordCursor cursor = store.scan(space, range);
        try {
            while (cursor.advance()) {
                ByteView partition = cursor.partition();
                String name = BlobRecords.blobName(partition.array(), partition.offset(), partition.length());
                if (!name.equals(previous)) {
                    previous = name;
                    committedSeen = false;
                    uncommittedListed = false;
                    if (common != null && !name.startsWith(common)) {
                        common = null; // nothing under it is listed: only staged blocks, not included
                    }
                    int cut = common != null || delimiter == null || delimiter.isEmpty() ? -1
                            : name.indexOf(delimiter, prefix.length());
                    if (cut >= 0) {
                        common = name.substring(0, cut + delimiter.length());
                    }
                }
                ByteView row = cursor.row();
                ListedItem item = null;
                long position = BlobProperties.BASE;
                long version = BlobProperties.BASE;
                if (BlobRecords.isSnapshotRow(row.array(), row.offset(), row.length())) {
                    if (include.snapshots()) {
                        position = BlobRecords.snapshot(row.array(), row.offset());
                        item = listed(name, position, cursor.payload(), false, include);
                    }
                } else if (BlobRecords.isVersionRow(row.array(), row.offset(), row.length())) {
                    if (include.versions()) {
                        version = BlobRecords.version(row.array(), row.offset());
                        item = listed(name, BlobProperties.BASE, cursor.payload(), true, include);
                    }
                } else if (BlobRecords.isBlobRow(row.array(), row.offset(), row.length())) {
                    committedSeen = true;
                    item = listed(name, BlobProperties.BASE, cursor.payload(), false, include);
                } else if (include.uncommitted() && !committedSeen && !uncommittedListed) {
                    uncommittedListed = true;
                    item = new ListedItem(name, Optional.empty());
                }
                if (item == null) {
                    continue;
                }
                if (items.size() == max) {
                    return new BlobList(items, Optional.of(common != null
                            ? new ListPosition(name, BlobProperties.BASE) : new ListPosition(name, position, version)));
                }
                if (common == null) {
                    items.add(item);
                    continue;
                }
                items.add(new ListedPrefix(common));
                byte[] after = BlobRecords.after(common);
                cursor.close();
                if (after == null) {
                    return new BlobList(items, Optional.empty());
                }
                cursor = store.scan(space, new RecordRange(RecordBound.partitionIncluded(after), range.upper()));
                previous = null;
                common = null;
            }
            return new BlobList(items, Optional.empty());
        } finally {
            cursor.close();
        }
    }

    /** A blob, snapshot or previous version row as listed; null when it is soft-deleted and deleted ones are not. */
    private static ListedItem listed(String name, long snapshot, ByteView payload, boolean previousVersion,
                                     Include include) {
        BlobProperties blob = BlobRecords.readBlob(name, snapshot, payload.array(), payload.offset(),
                payload.length());
        if (blob.deleted() != null && !include.deleted()) {
            return null;
        }
        return new ListedItem(name, Optional.of(blob), previousVersion);
    }
}
