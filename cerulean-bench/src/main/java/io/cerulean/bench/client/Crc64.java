package io.cerulean.bench.client;

import java.util.Base64;

/**
 * The storage service's CRC-64 of {@code x-ms-content-crc64}: CRC-64/NVME (polynomial
 * 0xAD93D23594C93659, reflected 0x9A6C9329AC4BC9B5, initial value and final XOR all ones), sent as
 * Base64 of its 8 bytes, least significant first. One table, a byte at a time: the bench computes it
 * once per body, outside the timed loop.
 */
public final class Crc64 {
    private static final long REFLECTED_POLYNOMIAL = 0x9A6C9329AC4BC9B5L;
    private static final long[] TABLE = table();

    private Crc64() {
    }

    /** The CRC-64 of {@code length} bytes of {@code bytes} from {@code offset}. */
    public static long of(byte[] bytes, int offset, int length) {
        long c = -1L;
        for (int i = offset; i < offset + length; i++) {
            c = TABLE[(int) (c ^ bytes[i]) & 0xff] ^ (c >>> 8);
        }
        return ~c;
    }

    public static long of(byte[] bytes) {
        return of(bytes, 0, bytes.length);
    }

    /** The header's value: Base64 of the 8 bytes, least significant first. */
    public static String header(long crc) {
        byte[] bytes = new byte[8];
        for (int i = 0; i < 8; i++) {
            bytes[i] = (byte) (crc >>> (8 * i));
        }
        return Base64.getEncoder().encodeToString(bytes);
    }

    private static long[] table() {
        long[] table = new long[256];
        for (int n = 0; n < 256; n++) {
            long c = n;
            for (int bit = 0; bit < 8; bit++) {
                c = (c & 1) != 0 ? (c >>> 1) ^ REFLECTED_POLYNOMIAL : c >>> 1;
            }
            table[n] = c;
        }
        return table;
    }
}
