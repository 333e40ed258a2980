package io.cerulean.blob.service;

import io.cerulean.blob.layout.BlobRecords;
import io.cerulean.storage.CommitOutcome;
import io.cerulean.storage.KeyValueStore;
import io.cerulean.storage.RecordMutation;
import io.cerulean.storage.Space;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * A write to one blob's partition, as every write to a blob but Put Block makes it: read the
 * partition ({@link BlobPartition}), let the write change a copy, commit the difference on the
 * versions read, and start again from the read when another writer got there first (at most
 * {@link Writes#MAX_ATTEMPTS} times, then 503 ServerBusy). Once the commit is in, the contents the
 * partition no longer names are released ({@link ContentLifecycle#releaseLetGo}). A write that sets
 * the blob's tags puts their index entries before each commit attempt and settles them after the
 * commit that lands ({@link TagIndex}). Thread-safe.
 */
final class BlobWrites {
    private final KeyValueStore store;
    private final Containers containers;
    private final ContentLifecycle lifecycle;
    private final Clock clock;
    private final RandomGenerator random;
    private final TagIndex tags;

    BlobWrites(KeyValueStore store, Containers containers, ContentLifecycle lifecycle, Clock clock,
               RandomGenerator random, TagIndex tags) {
        this.tags = tags;
        this.store = store;
        this.containers = containers;
        this.lifecycle = lifecycle;
        this.clock = clock;
        this.random = random;
    }

    /**
     * A write to one blob's partition: changes {@code partition} (a copy of what was read) and
     * returns its answer; what it throws ends the write with nothing committed.
     */
    interface PartitionWrite<T> {
        T apply(BlobPartition partition, Instant now);
    }

    /** Runs {@code write} on the blob's partition until its commit lands: 404 ContainerNotFound first. */
    <T> T write(String account, String container, String name, PartitionWrite<T> write) {
        Space space = containers.blobs(account, container);
        byte[] key = BlobRecords.partition(name);
        for (int attempt = 0; attempt < Writes.MAX_ATTEMPTS; attempt++) {
            BlobPartition before = BlobPartition.read(store, space, name);
            BlobPartition after = before.copy();
            T answer = write.apply(after, clock.instant());
            List<RecordMutation> mutations = before.mutationsTo(after, random);
            if (mutations.isEmpty()) {
                lifecycle.releaseLetGo(before, after);
                return answer;
            }
            TagIndex.Prepared prepared = tags.prepare(account, container, space.instance(), name,
                    before.blobOrNull(), after.blobOrNull());
            if (store.commit(space, key, mutations) instanceof CommitOutcome.Applied) {
                lifecycle.releaseLetGo(before, after);
                tags.settle(account, container, space.instance(), name, before.blobOrNull(), after.blobOrNull(),
                        prepared);
                return answer;
            }
        }
        throw Writes.busy("blob");
    }
}
