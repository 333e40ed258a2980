package io.cerulean.blob.service;

import java.util.List;
import java.util.Optional;

/** A page of List Blobs, and where the next one begins. */
public record BlobList(List<ListedBlob> items, Optional<ListPosition> next) {
}
