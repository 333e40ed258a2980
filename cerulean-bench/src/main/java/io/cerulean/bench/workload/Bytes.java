package io.cerulean.bench.workload;

import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** Searches in response bodies without decoding them to text. */
final class Bytes {
    private Bytes() {
    }

    static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    /** Non-overlapping occurrences of {@code needle} in the readable bytes of {@code haystack}. */
    static int count(ByteBuf haystack, byte[] needle) {
        int found = 0;
        int from = haystack.readerIndex();
        while ((from = indexOf(haystack, needle, from)) >= 0) {
            found++;
            from += needle.length;
        }
        return found;
    }

    static boolean contains(ByteBuf haystack, byte[] needle) {
        return indexOf(haystack, needle, haystack.readerIndex()) >= 0;
    }

    /** The absolute index of the first occurrence at or after {@code from}, or -1. */
    static int indexOf(ByteBuf haystack, byte[] needle, int from) {
        int last = haystack.writerIndex() - needle.length;
        outer:
        for (int i = from; i <= last; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack.getByte(i + j) != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
