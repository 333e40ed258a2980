package io.cerulean.blob.service;

import io.cerulean.blob.error.BlobError;
import io.cerulean.blob.layout.TagIndexRecords;
import io.cerulean.blob.layout.TagIndexRecords.BlobRef;
import io.cerulean.blob.layout.TagIndexRecords.Entry;
import io.cerulean.blob.layout.TagIndexRecords.Tag;
import io.cerulean.blob.model.BlobProperties;
import io.cerulean.common.error.ServiceException;
import io.cerulean.storage.ByteView;
import io.cerulean.storage.KeyValueStore;
import io.cerulean.storage.RecordCursor;
import io.cerulean.storage.RecordRange;
import java.time.Clock;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The hourly sweep of the tag index: removes what lookups would remove when they met it, for the
 * tags no lookup asks for. It reads every entry, and its container's row once per container: an
 * entry of a container deleted (or made again) is deleted; a pending entry its writer is surely done
 * with ({@link TagIndexRecords#PENDING_GRACE}) is settled against its blob's row, read alone
 * ({@link TagIndex#reconcile}). Confirmed entries of live containers are left to lookups, which read
 * their blobs anyway. Safe on any number of servers at once: every change is on the version read.
 */
final class TagIndexSweep {
    private final KeyValueStore store;
    private final Containers containers;
    private final TagIndex index;
    private final Clock clock;

    TagIndexSweep(KeyValueStore store, Containers containers, TagIndex index, Clock clock) {
        this.store = store;
        this.containers = containers;
        this.index = index;
        this.clock = clock;
    }

    /** Sweeps the whole index; returns how many entries it found stale. */
    long sweep() {
        Map<String, Optional<Long>> instances = new HashMap<>();
        long stale = 0;
        try (RecordCursor cursor = store.scan(TagIndexRecords.SPACE, RecordRange.all())) {
            while (cursor.advance()) {
                ByteView payload = cursor.payload();
                Entry entry = TagIndexRecords.read(payload.array(), payload.offset(), payload.length());
                ByteView partitionView = cursor.partition();
                Tag tag = TagIndexRecords.tag(partitionView.array(), partitionView.offset(), partitionView.length());
                ByteView rowView = cursor.row();
                BlobRef ref = TagIndexRecords.blobRef(rowView.array(), rowView.offset(), rowView.length());
                Long instance = instances.computeIfAbsent(tag.account() + "/" + ref.container(),
                        k -> instance(tag.account(), ref.container())).orElse(null);
                boolean dead = instance == null || instance != entry.instance();
                boolean settled = entry.written().plus(TagIndexRecords.PENDING_GRACE).isBefore(clock.instant());
                if (!dead && (entry.confirmed() || !settled)) {
                    continue;
                }
                BlobProperties blob = dead ? null : index.blob(instance, ref.blob()).orElse(null);
                if (!index.reconcile(TagIndexRecords.partition(tag.account(), tag.key(), tag.value()),
                        TagIndexRecords.row(ref.container(), ref.blob()), cursor.version(), entry, tag.key(),
                        tag.value(), instance, blob)) {
                    stale++;
                }
            }
        }
        return stale;
    }

    private Optional<Long> instance(String account, String container) {
        try {
            return Optional.of(containers.stored(account, container).record().blobsInstance());
        } catch (ServiceException e) {
            if (e.errorCode() == BlobError.CONTAINER_NOT_FOUND) {
                return Optional.empty();
            }
            throw e;
        }
    }
}
