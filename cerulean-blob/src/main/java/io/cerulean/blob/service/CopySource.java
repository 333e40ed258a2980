package io.cerulean.blob.service;

import io.cerulean.blob.model.BlobProperties;

/**
 * Where a copy reads from: a blob, or a snapshot or a version of one ({@code version}: ticks, or
 * BlobProperties.BASE), in this server's store, and the URL that named it.
 */
public record CopySource(String account, String container, String blob, long snapshot, long version, String url) {
    public CopySource(String account, String container, String blob, long snapshot, String url) {
        this(account, container, blob, snapshot, BlobProperties.BASE, url);
    }
}
