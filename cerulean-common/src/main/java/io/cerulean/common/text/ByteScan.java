package io.cerulean.common.text;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Finds a byte eight bytes at a time. Batch bodies are mostly long JSON lines whose ends must be
 * found, and stored text is mostly free of the bytes a codec looks for (a surrogate's 0xED, the
 * '?' an unencodable char becomes), so the search is most of such a scan's work.
 */
public final class ByteScan {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long LOW_BITS = 0x0101010101010101L;
    private static final long HIGH_BITS = 0x8080808080808080L;

    private ByteScan() {
    }

    /** The index of the first {@code b} in {@code bytes[from, to)}, or -1. */
    public static int indexOf(byte[] bytes, int from, int to, byte b) {
        long everywhere = (b & 0xFFL) * LOW_BITS;
        int i = from;
        for (; i + Long.BYTES <= to; i += Long.BYTES) {
            // A byte of x is zero where b was; the expression sets the high bit of the first such byte.
            long x = (long) LONGS.get(bytes, i) ^ everywhere;
            long found = (x - LOW_BITS) & ~x & HIGH_BITS;
            if (found != 0) {
                return i + (Long.numberOfTrailingZeros(found) >>> 3);
            }
        }
        for (; i < to; i++) {
            if (bytes[i] == b) {
                return i;
            }
        }
        return -1;
    }
}
