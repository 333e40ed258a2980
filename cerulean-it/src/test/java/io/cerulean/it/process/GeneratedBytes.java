package io.cerulean.it.process;

import java.io.InputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Pseudo-random bytes as large as a test wants, without holding them: byte {@code p} of the stream
 * of a seed is always the same, so a test can upload a gigabyte from it and later digest any range
 * again to compare with what it downloads. Bytes are SplitMix64 of the seed and the position's
 * 8-byte word, little-endian.
 */
final class GeneratedBytes extends InputStream {
    private final long seed;
    private final long end;
    private long position;

    /** The bytes {@code [from, from + length)} of the seed's stream. */
    GeneratedBytes(long seed, long from, long length) {
        this.seed = seed;
        this.position = from;
        this.end = from + length;
    }

    @Override
    public int read() {
        if (position >= end) {
            return -1;
        }
        return byteAt(seed, position++) & 0xFF;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) {
        if (length == 0) {
            return 0;
        }
        if (position >= end) {
            return -1;
        }
        int n = (int) Math.min(length, end - position);
        fill(seed, position, buffer, offset, n);
        position += n;
        return n;
    }

    @Override
    public int available() {
        return (int) Math.min(Integer.MAX_VALUE, end - position);
    }

    /** SHA-256, hex, of the bytes {@code [from, from + length)} of the seed's stream. */
    static String sha256(long seed, long from, long length) {
        MessageDigest digest = sha256();
        byte[] buffer = new byte[1 << 20];
        for (long done = 0; done < length; ) {
            int n = (int) Math.min(buffer.length, length - done);
            fill(seed, from + done, buffer, 0, n);
            digest.update(buffer, 0, n);
            done += n;
        }
        return HexFormat.of().formatHex(digest.digest());
    }

    static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void fill(long seed, long position, byte[] buffer, int offset, int length) {
        long word = mix(seed, position >>> 3);
        for (int i = 0; i < length; i++) {
            long p = position + i;
            if ((p & 7) == 0 && i > 0) {
                word = mix(seed, p >>> 3);
            }
            buffer[offset + i] = (byte) (word >>> ((p & 7) << 3));
        }
    }

    private static byte byteAt(long seed, long position) {
        return (byte) (mix(seed, position >>> 3) >>> ((position & 7) << 3));
    }

    private static long mix(long seed, long word) {
        long z = seed + (word + 1) * 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
