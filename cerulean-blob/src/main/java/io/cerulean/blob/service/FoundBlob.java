package io.cerulean.blob.service;

import java.util.Map;

/** A blob Find Blobs by Tags found: where it is, and its tags that the filter names. */
public record FoundBlob(String container, String name, Map<String, String> tags) {
}
