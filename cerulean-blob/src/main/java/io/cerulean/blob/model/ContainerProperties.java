package io.cerulean.blob.model;

import java.time.Instant;
import java.util.Map;
import java.util.Objects;

/**
 * A container as Get Container Properties shows it.
 *
 * @param etag         the version its ETag is written from ({@link ETags})
 * @param lastModified the last change of its metadata or ACL
 */
public record ContainerProperties(String name, long etag, Instant lastModified, Map<String, String> metadata,
                                  PublicAccess publicAccess, Lease lease) {
    public ContainerProperties {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(lastModified, "lastModified");
        metadata = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(metadata));
        Objects.requireNonNull(publicAccess, "publicAccess");
        Objects.requireNonNull(lease, "lease");
    }

    /** The same container with {@code lease}; its ETag stays, as lease actions leave it. */
    public ContainerProperties withLease(Lease lease) {
        return new ContainerProperties(name, etag, lastModified, metadata, publicAccess, lease);
    }
}
