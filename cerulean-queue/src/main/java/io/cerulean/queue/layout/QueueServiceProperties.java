package io.cerulean.queue.layout;

import io.cerulean.storage.KeySpaces;
import io.cerulean.storage.Space;
import java.nio.charset.StandardCharsets;

/**
 * Where the Queue service's properties document lies, in the key space all services share for
 * theirs ({@link KeySpaces#SERVICE_PROPERTIES}): partition the account's name (UTF-8), row
 * {@code "queue"}, the payload the XML document, under a version one higher at every change.
 */
public final class QueueServiceProperties {
    public static final Space SPACE = KeySpaces.SERVICE_PROPERTIES.single();
    private static final byte[] ROW = "queue".getBytes(StandardCharsets.UTF_8);

    private QueueServiceProperties() {
    }

    public static byte[] partition(String account) {
        return account.getBytes(StandardCharsets.UTF_8);
    }

    public static byte[] row() {
        return ROW.clone();
    }
}
