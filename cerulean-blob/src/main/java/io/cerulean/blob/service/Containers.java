package io.cerulean.blob.service;

import io.cerulean.blob.error.BlobError;
import io.cerulean.blob.layout.BlobRecords;
import io.cerulean.blob.layout.ContainerCatalog;
import io.cerulean.blob.layout.ContainerCatalog.ContainerRecord;
import io.cerulean.blob.model.Conditions;
import io.cerulean.blob.model.ContainerNames;
import io.cerulean.blob.model.ContainerProperties;
import io.cerulean.blob.model.ETags;
import io.cerulean.blob.model.Lease;
import io.cerulean.blob.model.PublicAccess;
import io.cerulean.common.acl.AccessPolicies;
import io.cerulean.common.error.ServiceException;
import io.cerulean.storage.ByteView;
import io.cerulean.storage.CommitOutcome;
import io.cerulean.storage.KeyValueStore;
import io.cerulean.storage.Precondition;
import io.cerulean.storage.RecordCursor;
import io.cerulean.storage.RecordMutation;
import io.cerulean.storage.RecordRange;
import io.cerulean.storage.Space;
import io.cerulean.storage.StoredValue;
import io.cerulean.storage.state.ServerState;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * The Blob service's container operations, on the account's row of the container catalogue
 * ({@link ContainerCatalog}): every change a commit on the version read. A container's blobs are a
 * key-space instance of their own, named in its row, so deleting a container drops them at once
 * whatever their number; the instance ids come from the server state's counter
 * {@value ContainerCatalog#BLOBS_INSTANCES}, so a container made again under an old name starts
 * empty. Row versions are drawn at random at every write, as the layout says: commits compare them.
 * Thread-safe.
 */
public final class Containers {
    private final KeyValueStore store;
    private final ServerState state;
    private final ContentLifecycle lifecycle;
    private final Clock clock;
    private final RandomGenerator random;

    Containers(KeyValueStore store, ServerState state, ContentLifecycle lifecycle, Clock clock,
               RandomGenerator random) {
        this.store = store;
        this.state = state;
        this.lifecycle = lifecycle;
        this.clock = clock;
        this.random = random;
    }

    /** A page of List Containers, and the name it continues at. */
    public record ContainerList(List<ContainerProperties> containers, Optional<String> nextMarker) {
    }

    /** A container's public access level and stored access policies, with its properties. */
    public record ContainerAcl(ContainerProperties properties, AccessPolicies policies) {
    }

    /** A container's catalogue row and its version. */
    record StoredContainer(long version, ContainerRecord record) {
    }

    /**
     * Create Container: 409 ContainerAlreadyExists when the name is taken. The row's
     * {@code MUST_NOT_EXIST} decides between servers creating one name at once; the loser's
     * instance id is never used.
     */
    public ContainerProperties create(String account, String name, Map<String, String> metadata, PublicAccess access) {
        ContainerNames.check(name);
        Instant now = clock.instant();
        ContainerProperties properties = new ContainerProperties(name, ETags.next(Writes.ticks(now), 0), now, metadata,
                access, Lease.NONE);
        long instance = state.nextId(ContainerCatalog.BLOBS_INSTANCES);
        CommitOutcome outcome = store.commit(ContainerCatalog.SPACE, ContainerCatalog.partition(account),
                List.of(RecordMutation.put(ContainerCatalog.containerRow(name),
                        ContainerCatalog.value(random.nextLong(), instance, properties, AccessPolicies.empty()),
                        Precondition.MUST_NOT_EXIST)));
        if (!(outcome instanceof CommitOutcome.Applied)) {
            throw new ServiceException(BlobError.CONTAINER_ALREADY_EXISTS);
        }
        return properties;
    }

    /** Get Container Properties: 404 ContainerNotFound; a lease id, if sent, must be the active lease's. */
    public ContainerProperties properties(String account, String name, String leaseId) {
        ContainerProperties properties = stored(account, name).record().properties();
        Leases.checkContainer(properties.lease(), leaseId, false, clock.instant());
        return properties;
    }

    /** Set Container Metadata: replaces the whole set; a new ETag. */
    public ContainerProperties setMetadata(String account, String name, Map<String, String> metadata,
                                           Conditions conditions) {
        return change(account, name, conditions, (old, now) -> new ContainerProperties(name,
                ETags.next(Writes.ticks(now), old.etag()), now, metadata, old.publicAccess(), old.lease()), null);
    }

    /** Get Container ACL: 404 ContainerNotFound. */
    public ContainerAcl acl(String account, String name, String leaseId) {
        ContainerRecord record = stored(account, name).record();
        Leases.checkContainer(record.properties().lease(), leaseId, false, clock.instant());
        return new ContainerAcl(record.properties(), record.acl());
    }

    /** The container's stored access policies, or empty when there is no such container (for a SAS's {@code si}). */
    public Optional<AccessPolicies> findAcl(String account, String name) {
        try {
            return Optional.of(stored(account, name).record().acl());
        } catch (ServiceException e) {
            return Optional.empty(); // no such container, or a name that cannot be one
        }
    }

    /** The container's public access level, or empty when there is no such container (for an anonymous request). */
    public Optional<PublicAccess> findPublicAccess(String account, String name) {
        try {
            return Optional.of(stored(account, name).record().properties().publicAccess());
        } catch (ServiceException e) {
            return Optional.empty(); // no such container, or a name that cannot be one
        }
    }

    /** Set Container ACL: the public access level and the stored access policies, replaced; a new ETag. */
    public ContainerProperties setAcl(String account, String name, PublicAccess access, AccessPolicies acl,
                                      Conditions conditions) {
        return change(account, name, conditions, (old, now) -> new ContainerProperties(name,
                ETags.next(Writes.ticks(now), old.etag()), now, old.metadata(), access, old.lease()), acl);
    }

    /** Lease Container: the state machine of contract 5.2; the ETag stays. */
    public LeaseOutcome lease(String account, String name, Leases.Action action, Conditions conditions) {
        ContainerProperties changed = change(account, name, conditions.withoutLease(), (old, now) ->
                old.withLease(Leases.apply(old.lease(), action, now)), null);
        return new LeaseOutcome(changed.lease(), changed.etag(), changed.lastModified());
    }

    /**
     * Delete Container: the container is gone at once, and its blobs with it (their rows dropped,
     * their bytes deleted once that is durable). A leased container needs its lease id.
     */
    public void delete(String account, String name, Conditions conditions) {
        for (int attempt = 0; attempt < Writes.MAX_ATTEMPTS; attempt++) {
            StoredContainer current = stored(account, name);
            ContainerProperties old = current.record().properties();
            Leases.checkContainer(old.lease(), conditions.leaseId(), true, clock.instant());
            Writes.check(conditions, old.etag(), old.lastModified());
            CommitOutcome outcome = store.commit(ContainerCatalog.SPACE, ContainerCatalog.partition(account),
                    List.of(RecordMutation.delete(ContainerCatalog.containerRow(name),
                            new Precondition.VersionEquals(current.version()))));
            if (outcome instanceof CommitOutcome.Applied) {
                lifecycle.dropReleasing(BlobRecords.space(current.record().blobsInstance()));
                return;
            }
        }
        throw Writes.busy("container");
    }

    /**
     * Deletes every container of the account, {@code $logs} included, leased or not, each as Delete
     * Container does (its blobs, versions, snapshots and staged blocks dropped, their bytes deleted once
     * that is durable): a reset. A container created meanwhile may survive it.
     *
     * @return how many containers were deleted
     */
    long deleteAll(String account) {
        Map<String, Long> versions = new java.util.LinkedHashMap<>();
        Map<String, Long> instances = new java.util.HashMap<>();
        try (RecordCursor cursor = store.scan(ContainerCatalog.SPACE,
                RecordRange.partition(ContainerCatalog.partition(account)))) {
            while (cursor.advance()) {
                ByteView row = cursor.row();
                ByteView payload = cursor.payload();
                String name = ContainerCatalog.name(row.array(), row.offset(), row.length());
                versions.put(name, cursor.version());
                instances.put(name, ContainerCatalog.read(name, cursor.version(), payload.array(), payload.offset(),
                        payload.length()).blobsInstance());
            }
        }
        long deleted = 0;
        for (Map.Entry<String, Long> container : versions.entrySet()) {
            CommitOutcome outcome = store.commit(ContainerCatalog.SPACE, ContainerCatalog.partition(account),
                    List.of(RecordMutation.delete(ContainerCatalog.containerRow(container.getKey()),
                            new Precondition.VersionEquals(container.getValue()))));
            if (outcome instanceof CommitOutcome.Applied) {
                lifecycle.dropReleasing(BlobRecords.space(instances.get(container.getKey())));
                deleted++;
            }
            // else changed meanwhile by a request that raced the reset: it survives, as documented
        }
        return deleted;
    }

    /** List Containers: up to {@code max} containers whose names start with {@code prefix}, from {@code marker} on. */
    public ContainerList list(String account, String prefix, Optional<String> marker, int max) {
        List<ContainerProperties> containers = new ArrayList<>();
        Optional<RecordRange> range = ContainerCatalog.containers(account, prefix, marker.orElse(null));
        if (range.isEmpty()) {
            return new ContainerList(containers, Optional.empty());
        }
        try (RecordCursor cursor = store.scan(ContainerCatalog.SPACE, range.get())) {
            while (cursor.advance()) {
                ByteView row = cursor.row();
                String name = ContainerCatalog.name(row.array(), row.offset(), row.length());
                if (name.equals(ContainerNames.LOGS)) {
                    continue; // Storage Analytics' logs: never listed, as on Azure
                }
                if (containers.size() == max) {
                    return new ContainerList(containers, Optional.of(name));
                }
                ByteView payload = cursor.payload();
                containers.add(ContainerCatalog.read(name, cursor.version(), payload.array(), payload.offset(),
                        payload.length()).properties());
            }
        }
        return new ContainerList(containers, Optional.empty());
    }

    /** The moment a container's lease is judged at: the service's now. */
    public Instant now() {
        return clock.instant();
    }

    /** The container's catalogue row: 404 ContainerNotFound when there is none. */
    StoredContainer stored(String account, String name) {
        ContainerNames.check(name);
        StoredValue value = store.get(ContainerCatalog.SPACE, ContainerCatalog.partition(account),
                ContainerCatalog.containerRow(name)).orElseThrow(() -> new ServiceException(BlobError.CONTAINER_NOT_FOUND));
        return new StoredContainer(value.version(), ContainerCatalog.read(name, value));
    }

    /** The blobs of a container that exists: 404 ContainerNotFound otherwise. */
    Space blobs(String account, String container) {
        return BlobRecords.space(stored(account, container).record().blobsInstance());
    }

    /** The key-space instances of every container's blobs, in every account (for the staged-block sweep). */
    List<Long> blobInstances() {
        List<Long> instances = new ArrayList<>();
        try (RecordCursor containers = store.scan(ContainerCatalog.SPACE, RecordRange.all())) {
            while (containers.advance()) {
                ByteView row = containers.row();
                ByteView payload = containers.payload();
                instances.add(ContainerCatalog.read(ContainerCatalog.name(row.array(), row.offset(), row.length()),
                        containers.version(), payload.array(), payload.offset(), payload.length()).blobsInstance());
            }
        }
        return instances;
    }

    /** The key-space instances of every container's blobs, by account (for the soft delete sweep). */
    Map<String, List<Long>> blobInstancesByAccount() {
        Map<String, List<Long>> instances = new java.util.TreeMap<>();
        try (RecordCursor containers = store.scan(ContainerCatalog.SPACE, RecordRange.all())) {
            while (containers.advance()) {
                ByteView account = containers.partition();
                ByteView row = containers.row();
                ByteView payload = containers.payload();
                instances.computeIfAbsent(new String(account.array(), account.offset(), account.length(),
                        java.nio.charset.StandardCharsets.UTF_8), a -> new ArrayList<>())
                        .add(ContainerCatalog.read(ContainerCatalog.name(row.array(), row.offset(), row.length()),
                                containers.version(), payload.array(), payload.offset(), payload.length())
                                .blobsInstance());
            }
        }
        return instances;
    }

    /** A change to a container's row, computed from what was read. */
    private interface ContainerChange {
        ContainerProperties apply(ContainerProperties old, Instant now);
    }

    /** Applies {@code change} on the version read, with {@code acl} in place of the stored one if not null. */
    private ContainerProperties change(String account, String name, Conditions conditions, ContainerChange change,
                                       AccessPolicies acl) {
        for (int attempt = 0; attempt < Writes.MAX_ATTEMPTS; attempt++) {
            StoredContainer current = stored(account, name);
            ContainerProperties old = current.record().properties();
            Instant now = clock.instant();
            Leases.checkContainer(old.lease(), conditions.leaseId(), false, now);
            Writes.check(conditions, old.etag(), old.lastModified());
            ContainerProperties changed = change.apply(old, now);
            CommitOutcome outcome = store.commit(ContainerCatalog.SPACE, ContainerCatalog.partition(account),
                    List.of(RecordMutation.put(ContainerCatalog.containerRow(name),
                            ContainerCatalog.value(random.nextLong(), current.record().blobsInstance(), changed,
                                    acl != null ? acl : current.record().acl()),
                            new Precondition.VersionEquals(current.version()))));
            if (outcome instanceof CommitOutcome.Applied) {
                return changed;
            }
        }
        throw Writes.busy("container");
    }
}
