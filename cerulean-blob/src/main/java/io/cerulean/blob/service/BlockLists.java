package io.cerulean.blob.service;

import io.cerulean.blob.model.BlobProperties;
import java.util.List;
import java.util.Optional;

/** Get Block List: the committed blocks in order (empty if the blob is not committed), the staged ones. */
public record BlockLists(Optional<BlobProperties> blob, List<Block> committed, List<Block> uncommitted) {
}
