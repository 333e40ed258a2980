package io.cerulean.blob.rest.resource;

import io.cerulean.http.pipeline.Target;
import java.util.Objects;

/**
 * What a Blob service URL addresses.
 *
 * @param account   the account, without a {@code -secondary} suffix
 * @param secondary whether the URL named the read-only secondary endpoint
 * @param container the container's name as sent (validated when used); null for the service
 * @param blob      the blob's name, percent-decoded, slashes kept; null unless {@code kind} is BLOB
 */
public record BlobResource(String account, boolean secondary, BlobResourceKind kind, String container, String blob)
        implements Target {
    public BlobResource {
        Objects.requireNonNull(account, "account");
        Objects.requireNonNull(kind, "kind");
    }

    /** The container named, if any. */
    @Override
    public String resourceName() {
        return container;
    }
}
