package io.cerulean.table.layout;

import io.cerulean.storage.ByteView;
import java.util.Arrays;

/**
 * Strings that a scan decodes over and over: the property names its entities share, and the
 * PartitionKey of a partition's run of rows. Each comes back as the same String instance, so it
 * is not decoded, allocated or hashed again (a String keeps its hash). One per cursor; not
 * thread-safe.
 */
final class RepeatedStrings {
    private static final int SLOTS = 64; // a power of two
    /** Longer strings are decoded each time: a hash over them would cost about what it saves. */
    private static final int MAX_CACHED_LENGTH = 64;
    /** Property names are first looked for by their place in the entity, for this many places. */
    private static final int PLACES = 32;

    private final byte[][] encoded = new byte[SLOTS][];
    private final String[] decoded = new String[SLOTS];
    private final byte[][] encodedByPlace = new byte[PLACES][];
    private final String[] decodedByPlace = new String[PLACES];
    private byte[] partitionKeyBytes = new byte[0];
    private String partitionKey;

    /**
     * The name of an entity's {@code place}-th property, encoded in {@code bytes[pos, pos + len)}.
     * A scan's entities mostly have the same properties in the same order, so the name the
     * previous entity had in that place is compared first, before any hashing.
     */
    String propertyName(int place, byte[] bytes, int pos, int len) {
        if (place >= PLACES) {
            return decode(bytes, pos, len);
        }
        byte[] previous = encodedByPlace[place];
        if (previous != null && Arrays.equals(previous, 0, previous.length, bytes, pos, pos + len)) {
            return decodedByPlace[place];
        }
        String name = decode(bytes, pos, len);
        encodedByPlace[place] = Arrays.copyOfRange(bytes, pos, pos + len);
        decodedByPlace[place] = name;
        return name;
    }

    /** The string encoded in {@code bytes[pos, pos + len)}, from the cache when it was seen lately. */
    String decode(byte[] bytes, int pos, int len) {
        if (len > MAX_CACHED_LENGTH) {
            return Cesu8.decode(bytes, pos, len);
        }
        int hash = len;
        for (int i = pos; i < pos + len; i++) {
            hash = 31 * hash + bytes[i];
        }
        int slot = (hash ^ (hash >>> 16)) & (SLOTS - 1);
        byte[] cached = encoded[slot];
        if (cached != null && Arrays.equals(cached, 0, cached.length, bytes, pos, pos + len)) {
            return decoded[slot];
        }
        String text = Cesu8.decode(bytes, pos, len);
        encoded[slot] = Arrays.copyOfRange(bytes, pos, pos + len);
        decoded[slot] = text;
        return text;
    }

    /** The PartitionKey of a record's partition, the previous one's String when the partition is the same. */
    String partitionKey(ByteView partition) {
        if (partitionKey == null || !partition.contentEquals(partitionKeyBytes, 0, partitionKeyBytes.length)) {
            partitionKeyBytes = partition.toArray();
            partitionKey = EntityKeys.decode(partition);
        }
        return partitionKey;
    }
}
