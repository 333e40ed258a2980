package io.cerulean.blob.service;

import io.cerulean.blob.model.BlobProperties;
import java.util.Objects;

/**
 * A blob at a point in time, as a request's URL names it: the blob itself, one of its snapshots
 * ({@code snapshot}, its moment in ticks) or one of its versions ({@code version}, ticks); each is
 * {@link BlobProperties#BASE} when not named. A version whose id is the current version's names the
 * blob itself.
 */
public record BlobAddress(String account, String container, String name, long snapshot, long version) {
    public BlobAddress {
        Objects.requireNonNull(account, "account");
        Objects.requireNonNull(container, "container");
        Objects.requireNonNull(name, "name");
    }

    /** The blob itself: neither a snapshot nor a version. */
    public static BlobAddress of(String account, String container, String name) {
        return new BlobAddress(account, container, name, BlobProperties.BASE, BlobProperties.BASE);
    }

    /** One of this blob's snapshots ({@link BlobProperties#BASE}: the blob). */
    public BlobAddress atSnapshot(long snapshot) {
        return new BlobAddress(account, container, name, snapshot, version);
    }

    /** One of this blob's versions ({@link BlobProperties#BASE}: the blob). */
    public BlobAddress atVersion(long version) {
        return new BlobAddress(account, container, name, snapshot, version);
    }
}
