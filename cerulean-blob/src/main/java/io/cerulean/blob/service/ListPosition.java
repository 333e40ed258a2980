package io.cerulean.blob.service;

import io.cerulean.blob.model.BlobProperties;

/**
 * Where a listing resumes: a blob's name, and the snapshot or previous version within it
 * (BlobProperties.BASE for neither: the blob).
 */
public record ListPosition(String name, long snapshot, long version) {
    public ListPosition(String name, long snapshot) {
        this(name, snapshot, BlobProperties.BASE);
    }
}
