package io.cerulean.storage.content;

import java.util.HexFormat;
import java.util.Objects;

/**
 * The name a content store gave one piece of content: 16 random bytes, never reused, written as
 * 32 lower-case hex digits wherever it is stored (in a service's record, say).
 */
public record ContentId(String hex) {
    public ContentId {
        Objects.requireNonNull(hex, "hex");
        if (!hex.matches("[0-9a-f]{32}")) {
            throw new IllegalArgumentException("a content id is 32 lower-case hex digits: " + hex);
        }
    }

    /** A new id, from a cryptographically strong source so that ids never collide. */
    public static ContentId random() {
        byte[] bytes = new byte[16];
        RANDOM.nextBytes(bytes);
        return new ContentId(HexFormat.of().formatHex(bytes));
    }

    private static final java.security.SecureRandom RANDOM = new java.security.SecureRandom();

    @Override
    public String toString() {
        return hex;
    }
}
