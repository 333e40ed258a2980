package io.cerulean.queue.layout;

import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.Optional;

/**
 * A pop receipt: opaque to clients, here the message row's position and the version of the change
 * that issued it, as base64url without padding ({@code [A-Za-z0-9_-]}, 32 characters), so that no
 * query-string encoding can alter it.
 */
public record PopReceipt(MessageLayout.Position position, long version) {
    private static final int BYTES = 24;

    public String encode() {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(ByteBuffer.allocate(BYTES)
                .putLong(position.visibleAt()).putLong(position.sequence()).putLong(version).array());
    }

    /** The receipt {@code text} encodes; empty when it is not one Cerulean issued. */
    public static Optional<PopReceipt> decode(String text) {
        byte[] bytes;
        try {
            bytes = Base64.getUrlDecoder().decode(text);
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
        if (bytes.length != BYTES) {
            return Optional.empty();
        }
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        return Optional.of(new PopReceipt(new MessageLayout.Position(buffer.getLong(), buffer.getLong()), buffer.getLong()));
    }
}
