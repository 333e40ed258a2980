package io.cerulean.blob.layout;

import java.util.Arrays;

/** Byte-key arithmetic the Blob layouts share. */
final class Keys {
    private Keys() {
    }

    /**
     * The first key after every key that starts with {@code prefix}: the prefix with its last byte
     * below 0xff raised by one, the 0xff bytes after it dropped; null when there is none (all 0xff).
     */
    static byte[] successor(byte[] prefix) {
        for (int i = prefix.length - 1; i >= 0; i--) {
            if (prefix[i] != (byte) 0xff) {
                byte[] next = Arrays.copyOf(prefix, i + 1);
                next[i]++;
                return next;
            }
        }
        return null;
    }
}
