package io.cerulean.blob.service;

import io.cerulean.blob.model.AccessTier;
import io.cerulean.blob.model.BlobType;
import io.cerulean.blob.model.ContentHeaders;
import io.cerulean.storage.content.ContentId;
import java.util.Map;
import java.util.Objects;

/**
 * What Put Blob makes a blob of: its type; {@code content}, {@code size} bytes (null content for an
 * empty blob, or for a page blob of {@code size} bytes of zeros), owned by the write once it is
 * given; its content headers, with the MD5 to keep; its metadata; a page blob's starting sequence
 * number; a block blob's tier (null: inferred Hot) and its tags ({@code x-ms-tags}, checked by the
 * caller).
 */
public record NewBlob(BlobType type, ContentId content, long size, ContentHeaders headers,
                      Map<String, String> metadata, long sequenceNumber, AccessTier tier, Map<String, String> tags) {
    public NewBlob {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(tags, "tags");
    }

    /** A blob of {@code type} with no sequence number, no tier named and no tags. */
    public static NewBlob of(BlobType type, ContentId content, long size, ContentHeaders headers,
                             Map<String, String> metadata) {
        return new NewBlob(type, content, size, headers, metadata, 0, null, Map.of());
    }
}
