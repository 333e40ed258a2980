package io.cerulean.table.advisor;

/**
 * How the advisor keeps keys in bounded memory: a 64-bit hash names a key (two distinct keys that
 * collide are counted as one, which at 64 bits is not seen in practice), a prefix of at most
 * {@value #LABEL_CHARS} chars shows it, and the ends of a key space are kept as prefixes of
 * {@value #END_CHARS} chars, compared without copying the key.
 */
final class Keys {
    static final int LABEL_CHARS = 64;
    static final int END_CHARS = 64;

    private Keys() {
    }

    /** FNV-1a over the key's chars: no allocation. */
    static long hash(String key) {
        long hash = 0xcbf29ce484222325L;
        for (int i = 0, n = key.length(); i < n; i++) {
            char c = key.charAt(i);
            hash = (hash ^ (c & 0xff)) * 0x100000001b3L;
            hash = (hash ^ (c >>> 8)) * 0x100000001b3L;
        }
        return hash;
    }

    /** The key as a finding shows it: whole, or its first {@value #LABEL_CHARS} chars and an ellipsis. */
    static String label(String key) {
        return key.length() <= LABEL_CHARS ? key : key.substring(0, LABEL_CHARS) + "\u2026";
    }

    /** The prefix kept for an end of a key space. */
    static String end(String key) {
        return key.length() <= END_CHARS ? key : key.substring(0, END_CHARS);
    }

    /**
     * Compares {@code key}'s first {@value #END_CHARS} chars with a kept {@code end} prefix, as
     * {@link String#compareTo} would compare {@code end(key)} with it, without copying.
     */
    static int compareToEnd(String key, String end) {
        int keyLength = Math.min(key.length(), END_CHARS);
        int n = Math.min(keyLength, end.length());
        for (int i = 0; i < n; i++) {
            int difference = key.charAt(i) - end.charAt(i);
            if (difference != 0) {
                return difference;
            }
        }
        return keyLength - end.length();
    }
}
