package io.cerulean.http.throttle;

/**
 * The 64-bit key of a bucket: a hash of the names that address it (account, table, PartitionKey),
 * each name's length mixed in so that ("ab", "c") and ("a", "bc") differ. FNV-1a over the characters,
 * then a finalizer that spreads every bit over the stripes and the hash tables.
 */
final class Keys {
    private static final long OFFSET = 0xcbf29ce484222325L;
    private static final long PRIME = 0x100000001b3L;

    private Keys() {
    }

    static long of(String... names) {
        long hash = OFFSET;
        for (String name : names) {
            for (int i = 0; i < name.length(); i++) {
                hash = (hash ^ name.charAt(i)) * PRIME;
            }
            hash = (hash ^ name.length()) * PRIME;
        }
        hash ^= hash >>> 33;
        hash *= 0xff51afd7ed558ccdL;
        hash ^= hash >>> 33;
        hash *= 0xc4ceb9fe1a85ec53L;
        return hash ^ (hash >>> 33);
    }
}
