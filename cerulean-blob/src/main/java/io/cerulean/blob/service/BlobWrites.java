package io.cerulean.blob.service;

import io.cerulean.blob.layout.BlobRecords;
import io.cerulean.storage.CommitOutcome;
import io.cerulean.storage.KeyValueStore;
import io.cerulean.storage.RecordMutation;
import io.cerulean.storage.Space;
import java.time.Clock;
import java.time.Instant;
import io.cerulean.blob.model.BlobProperties;
import io.cerulean.blob.model.Lease;
import io.cerulean.blob.model.VersionIds;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.random.RandomGenerator;

/**
 * A write to one blob's partition, as every write to a blob but Put Block makes it: read the
 * partition ({@link BlobPartition}), let the write change a copy, commit the difference on the
 * versions read, and start again from the read when another writer got there first (at most
 * {@link Writes#MAX_ATTEMPTS} times, then 503 ServerBusy). Once the commit is in, the contents the
 * partition no longer names are released ({@link ContentLifecycle#releaseLetGo}).
 *
 * <p>In an account with versioning on, the writes that make versions ({@link #versioned}) give the
 * blob they write a version id and keep the blob they replace as a previous version, a row of the
 * same partition written in the same commit: a version is never lost to a crash between the two.
 * A write that sets the blob's tags puts their index entries before each commit attempt and settles
 * them after the commit that lands ({@link TagIndex}). Thread-safe.
 */
final class BlobWrites {
    private final KeyValueStore store;
    private final Containers containers;
    private final ContentLifecycle lifecycle;
    private final Clock clock;
    private final RandomGenerator random;
    private final Predicate<String> versioning;
    private final TagIndex tags;

    BlobWrites(KeyValueStore store, Containers containers, ContentLifecycle lifecycle, Clock clock,
               RandomGenerator random, Predicate<String> versioning, TagIndex tags) {
        this.versioning = versioning;
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

    /** Whether blobs of {@code account} keep their versions. */
    boolean versioning(String account) {
        return versioning.test(account);
    }

    /**
     * A write that makes a version where versioning is on (Put Blob, Put Block List, Set Blob
     * Metadata, a copy's destination): when {@code write} sets a new blob, the blob gets the next
     * version id and the one it replaces becomes a previous version. Returns the blob written.
     */
    BlobProperties versioned(String account, String container, String name, PartitionWrite<BlobProperties> write) {
        if (!versioning(account)) {
            return write(account, container, name, write);
        }
        return write(account, container, name, (partition, now) -> {
            BlobPartition.Row<BlobProperties> before = partition.blob;
            long id = nextVersion(partition, now); // before the write: after every id, the current one's too
            BlobProperties written = write.apply(partition, now);
            if (partition.blob == null || partition.blob == before) {
                return written;
            }
            if (before != null) {
                keepVersion(partition, before.value(), id);
            }
            return partition.setBlob(partition.blob.value().withVersionId(VersionIds.format(id)));
        });
    }

    /** A version id for a write at {@code now}: after every id the blob has had. */
    static long nextVersion(BlobPartition partition, Instant now) {
        return Math.max(VersionIds.ticks(now), partition.lastVersion() + 1);
    }

    /**
     * Keeps {@code current} as a previous version, under its own id; a blob written before versioning
     * was on, which has none, under the moment it was last written (below {@code next}, the id of what
     * comes after it).
     */
    static void keepVersion(BlobPartition partition, BlobProperties current, long next) {
        long id;
        if (current.versionId() != null) {
            id = VersionIds.parse(current.versionId()).orElseThrow();
        } else {
            id = Math.min(VersionIds.ticks(current.lastModified()), next - 1);
            while (partition.versions.containsKey(id)) {
                id--;
            }
        }
        partition.versions.put(id, BlobPartition.written(current.withLease(Lease.NONE)
                .withVersionId(VersionIds.format(id))));
    }

    /**
     * Runs {@code write} on the blob's partition until its commit lands: 404 ContainerNotFound first.
     * The write sees the blob as it is at its moment ({@link BlobPartition#settle}); if it changes the
     * blob, that is what is stored.
     */
    <T> T write(String account, String container, String name, PartitionWrite<T> write) {
        return write(account, container, containers.blobs(account, container), name, write);
    }

    /**
     * Runs {@code write} on a partition of the container whose blobs are {@code space}, known by its
     * instance alone (a sweep's): a write that leaves the live blob's tags as they are, since their
     * index entries name the account and container.
     */
    <T> T write(Space space, String name, PartitionWrite<T> write) {
        return write(null, null, space, name, write);
    }

    private <T> T write(String account, String container, Space space, String name, PartitionWrite<T> write) {
        byte[] key = BlobRecords.partition(name);
        for (int attempt = 0; attempt < Writes.MAX_ATTEMPTS; attempt++) {
            Instant now = clock.instant();
            BlobPartition before = BlobPartition.read(store, space, name);
            before.settle(now);
            BlobPartition after = before.copy();
            T answer = write.apply(after, now);
            List<RecordMutation> mutations = before.mutationsTo(after, random);
            if (mutations.isEmpty()) {
                lifecycle.releaseLetGo(before, after);
                return answer;
            }
            boolean indexed = account != null;
            if (!indexed && !sameTags(before.blobOrNull(), after.blobOrNull())) {
                throw new IllegalStateException("a write by container instance changed the tags of " + name);
            }
            TagIndex.Prepared prepared = indexed ? tags.prepare(account, container, space.instance(), name,
                    before.blobOrNull(), after.blobOrNull()) : TagIndex.Prepared.NONE;
            if (store.commit(space, key, mutations) instanceof CommitOutcome.Applied) {
                lifecycle.releaseLetGo(before, after);
                if (indexed) {
                    tags.settle(account, container, space.instance(), name, before.blobOrNull(), after.blobOrNull(),
                            prepared);
                }
                return answer;
            }
        }
        throw Writes.busy("blob");
    }

    private static boolean sameTags(BlobProperties before, BlobProperties after) {
        return (before == null ? Map.of() : before.tags()).equals(after == null ? Map.of() : after.tags());
    }
}
