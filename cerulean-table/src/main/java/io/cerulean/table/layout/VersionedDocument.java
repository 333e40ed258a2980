package io.cerulean.table.layout;

import java.util.Objects;

/**
 * A document the service keeps beside its tables (an account's service properties) with its
 * version: every change raises the version, so an equal version means the same document, and a
 * writer changes it only on the version it read.
 */
public record VersionedDocument(long version, byte[] document) {
    public VersionedDocument {
        Objects.requireNonNull(document, "document");
    }
}
