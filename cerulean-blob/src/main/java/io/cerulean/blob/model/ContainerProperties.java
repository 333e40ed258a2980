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
                                  PublicAccess publicAccess) {
    public ContainerProperties {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(lastModified, "lastModified");
        metadata = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(metadata));
        Objects.requireNonNull(publicAccess, "publicAccess");
    }
}
