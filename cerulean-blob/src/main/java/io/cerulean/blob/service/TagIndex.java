package io.cerulean.blob.service;

import io.cerulean.blob.layout.BlobRecords;
import io.cerulean.blob.layout.TagIndexRecords;
import io.cerulean.blob.layout.TagIndexRecords.Entry;
import io.cerulean.blob.model.BlobProperties;
import io.cerulean.storage.ByteView;
import io.cerulean.storage.KeyValueStore;
import io.cerulean.storage.Precondition;
import io.cerulean.storage.RecordCursor;
import io.cerulean.storage.RecordKey;
import io.cerulean.storage.RecordMutation;
import io.cerulean.storage.RecordRange;
import io.cerulean.storage.StoredValue;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * Keeps the index of blob index tags ({@link TagIndexRecords}, whose comment says why it is right)
 * in step with the blobs: a write that sets a blob's tags {@linkplain #prepare puts} their entries,
 * pending, before its commit, and {@linkplain #settle settles} them after it: confirms its own and
 * removes the blob's entries of tags it no longer has. Lookups {@linkplain #reconcile reconcile}
 * each entry they find with its blob. Every change to an entry is a commit on the version read, so
 * none undoes another writer's. Thread-safe.
 */
final class TagIndex {
    private final KeyValueStore store;
    private final Clock clock;
    private final RandomGenerator random;

    TagIndex(KeyValueStore store, Clock clock, RandomGenerator random) {
        this.store = store;
        this.clock = clock;
        this.random = random;
    }

    /** The entries a write put before its commit: the version of each, by tag key. */
    record Prepared(Map<String, Long> versions) {
        static final Prepared NONE = new Prepared(Map.of());
    }

    /**
     * Before the commit that turns {@code before} into {@code after} (either null: no blob): puts an
     * entry, pending, for each of the new blob's tags, unless its tags are the ones it had.
     */
    Prepared prepare(String account, String container, long instance, String name, BlobProperties before,
                     BlobProperties after) {
        if (after == null || after.tags().isEmpty() || before != null && before.tags().equals(after.tags())) {
            return Prepared.NONE;
        }
        Instant now = clock.instant();
        Map<String, Long> versions = new LinkedHashMap<>();
        byte[] row = TagIndexRecords.row(container, name);
        after.tags().forEach((key, value) -> {
            long version = random.nextLong();
            store.commit(TagIndexRecords.SPACE, TagIndexRecords.partition(account, key, value), List.of(
                    RecordMutation.put(row, TagIndexRecords.value(version, false, now, instance, after.tags()),
                            Precondition.NONE)));
            versions.put(key, version);
        });
        return new Prepared(versions);
    }

    /**
     * After that commit landed: confirms the entries {@code prepared} put, each unless another write
     * has put it since, and removes the entries of the tags {@code before} had and {@code after}
     * has not, as {@link #reconcile} decides on the blob as it is now.
     */
    void settle(String account, String container, long instance, String name, BlobProperties before,
                BlobProperties after, Prepared prepared) {
        byte[] row = TagIndexRecords.row(container, name);
        Instant now = clock.instant();
        prepared.versions().forEach((key, version) -> store.commit(TagIndexRecords.SPACE,
                TagIndexRecords.partition(account, key, after.tags().get(key)), List.of(RecordMutation.put(row,
                        TagIndexRecords.value(random.nextLong(), true, now, instance, after.tags()),
                        new Precondition.VersionEquals(version)))));
        if (before == null || before.tags().isEmpty()) {
            return;
        }
        Map<String, StoredValue> gone = new LinkedHashMap<>();
        before.tags().forEach((key, value) -> {
            if (after == null || !value.equals(after.tags().get(key))) {
                store.get(TagIndexRecords.SPACE, TagIndexRecords.partition(account, key, value), row)
                        .ifPresent(entry -> gone.put(key, entry));
            }
        });
        if (gone.isEmpty()) {
            return;
        }
        // The blob is read after its entries: a write that gave it one of these tags meanwhile put the
        // entry first, so the entry is then either seen pending or changed since it was read.
        BlobProperties current = blob(instance, name).orElse(null);
        gone.forEach((key, stored) -> {
            Entry entry = TagIndexRecords.read(stored);
            if (entry.instance() == instance) { // another instance's is a lookup's to judge
                reconcile(TagIndexRecords.partition(account, key, before.tags().get(key)), row, stored.version(),
                        entry, key, before.tags().get(key), instance, current);
            }
        });
    }

    /** The committed blob of a container's instance, as it is now; none when it is soft-deleted. */
    Optional<BlobProperties> blob(long instance, String name) {
        return store.get(BlobRecords.space(instance), BlobRecords.partition(name), BlobRecords.blobRow())
                .map(value -> BlobRecords.readBlob(name, BlobProperties.BASE, value))
                .filter(blob -> blob.deleted() == null);
    }

    /** {@link #blob} of each of {@code names}, in their order, read at once ({@link KeyValueStore#getAll}). */
    List<Optional<BlobProperties>> blobs(long instance, List<String> names) {
        List<RecordKey> keys = new ArrayList<>(names.size());
        for (String name : names) {
            keys.add(new RecordKey(BlobRecords.partition(name), BlobRecords.blobRow()));
        }
        List<Optional<StoredValue>> values = store.getAll(BlobRecords.space(instance), keys);
        List<Optional<BlobProperties>> blobs = new ArrayList<>(names.size());
        for (int i = 0; i < names.size(); i++) {
            String name = names.get(i);
            blobs.add(values.get(i).map(value -> BlobRecords.readBlob(name, BlobProperties.BASE, value))
                    .filter(blob -> blob.deleted() == null));
        }
        return blobs;
    }

    /**
     * Decides on an entry of tag {@code key} = {@code value}, read at {@code version} before
     * {@code blob} was read (null: there is none) in a container whose blobs instance is now
     * {@code currentInstance} (null: no such container). Returns whether the blob holds the tag.
     * An entry of another instance is deleted; one whose blob does not hold the tag is deleted if it
     * is confirmed or its writer is surely done; a pending entry of a blob that holds the tag is
     * confirmed once its writer is surely done. Each on the version read, so an entry put again
     * meanwhile stays as its writer put it.
     */
    boolean reconcile(byte[] partition, byte[] row, long version, Entry entry, String key, String value,
                      Long currentInstance, BlobProperties blob) {
        boolean settled = entry.confirmed()
                || entry.written().plus(TagIndexRecords.PENDING_GRACE).isBefore(clock.instant());
        if (currentInstance == null || entry.instance() != currentInstance) {
            delete(partition, row, version);
            return false;
        }
        boolean backed = blob != null && value.equals(blob.tags().get(key));
        if (backed && settled && !(entry.confirmed() && entry.tags().equals(blob.tags()))) {
            store.commit(TagIndexRecords.SPACE, partition, List.of(RecordMutation.put(row, TagIndexRecords.value(
                    random.nextLong(), true, clock.instant(), currentInstance, blob.tags()),
                    new Precondition.VersionEquals(version))));
        } else if (!backed && settled) {
            delete(partition, row, version);
        }
        return backed;
    }

    /** Deletes every entry of the account, each on the version read: a reset, once its containers are gone. */
    void deleteAccount(String account) {
        List<RecordKey> keys = new ArrayList<>();
        List<Long> versions = new ArrayList<>();
        try (RecordCursor cursor = store.scan(TagIndexRecords.SPACE, TagIndexRecords.account(account))) {
            while (cursor.advance()) {
                keys.add(cursor.key());
                versions.add(cursor.version());
            }
        }
        for (int i = 0; i < keys.size(); i++) {
            delete(keys.get(i).partition(), keys.get(i).row(), versions.get(i));
        }
    }

    /** Every account the index holds entries of, in name order. */
    java.util.SortedSet<String> accounts() {
        java.util.SortedSet<String> accounts = new java.util.TreeSet<>();
        try (RecordCursor cursor = store.scan(TagIndexRecords.SPACE, RecordRange.all())) {
            while (cursor.advance()) {
                ByteView partition = cursor.partition();
                accounts.add(TagIndexRecords.tag(partition.array(), partition.offset(), partition.length()).account());
            }
        }
        return accounts;
    }

    private void delete(byte[] partition, byte[] row, long version) {
        store.commit(TagIndexRecords.SPACE, partition, List.of(RecordMutation.delete(row,
                new Precondition.VersionEquals(version))));
    }
}
