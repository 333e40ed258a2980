package io.cerulean.blob.service;

import io.cerulean.blob.model.BlobProperties;
import io.cerulean.blob.model.Conditions;

/**
 * Lease Blob: the lease state machine ({@link Leases}) applied to a blob's row, on the version read.
 * The blob keeps its ETag and Last-Modified. Thread-safe.
 */
final class BlobLeases {
    private final BlobWrites writes;

    BlobLeases(BlobWrites writes) {
        this.writes = writes;
    }

    /** Lease Blob: the state machine of contract 5.2; the ETag stays. 404 for a blob with no committed version. */
    LeaseOutcome lease(String account, String container, String name, Leases.Action action, Conditions conditions) {
        BlobProperties leased = writes.write(account, container, name, (partition, now) -> {
            BlobProperties base = partition.existing();
            Writes.check(conditions, base);
            return partition.setBlob(base.withLease(Leases.apply(base.lease(), action, now)));
        });
        return new LeaseOutcome(leased.lease(), leased.etag(), leased.lastModified());
    }
}
