package io.cerulean.blob.service;

import io.cerulean.blob.model.BlobProperties;
import java.util.Optional;

/**
 * A committed blob or one of its snapshots, or (with {@code include=uncommittedblobs}) a blob with
 * only staged blocks.
 */
public record ListedItem(String name, Optional<BlobProperties> committed, boolean previousVersion)
        implements ListedBlob {
    public ListedItem(String name, Optional<BlobProperties> committed) {
        this(name, committed, false);
    }
}
