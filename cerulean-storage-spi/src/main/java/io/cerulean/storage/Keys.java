package io.cerulean.storage;

/**
 * What every store may rely on of the keys it is given. A partition holds no zero byte, so that a
 * store may end it with one and keep (partition, row) order in a single byte string; a row may
 * hold any bytes. Stores check partitions with {@link #checkPartition}; services encode their
 * keys so that the check never fails (the Table service's keys have no U+0000).
 */
public final class Keys {
    private Keys() {
    }

    /** Returns {@code partition}, or throws when it holds a zero byte. */
    public static byte[] checkPartition(byte[] partition) {
        for (byte b : partition) {
            if (b == 0) {
                throw new IllegalArgumentException("a partition key holds no zero byte");
            }
        }
        return partition;
    }

    /** Unsigned lexicographic order of two arrays: the seam's key order. */
    public static int compare(byte[] a, byte[] b) {
        return java.util.Arrays.compareUnsigned(a, b);
    }
}
