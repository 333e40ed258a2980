package io.cerulean.blob.service;

import java.util.List;
import java.util.Optional;

/** A page of Find Blobs by Tags, and where the next one begins. */
public record FoundBlobs(List<FoundBlob> blobs, Optional<FindPosition> next) {
}
