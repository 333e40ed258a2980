package io.cerulean.blob.model;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The Azure Storage service's CRC-64 ({@code x-ms-content-crc64}): polynomial 0x9A6C9329AC4BC9B5
 * reflected (0xAD93D23594C93659 in normal form), initial value and final XOR all ones, the same
 * function as CRC-64/NVME; on the wire, its 8 bytes little-endian, Base64. Computed by slicing-by-8:
 * eight table lookups per 8 bytes instead of eight shifts and lookups per byte. Used by one thread at a
 * time.
 */
public final class StorageCrc64 {
    /** The reflected polynomial. */
    static final long POLYNOMIAL = 0x9A6C9329AC4BC9B5L;

    /** Eight 256-entry tables, one after the other: table k advances a byte by k + 1 bytes. */
    private static final long[] TABLES = tables();
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    /** The register, inverted (the initial value is all ones; {@link #value} inverts it back). */
    private long crc = -1L;

    /** The CRC-64 of these bytes. */
    public static long of(byte[] bytes) {
        StorageCrc64 crc = new StorageCrc64();
        crc.update(bytes, 0, bytes.length);
        return crc.value();
    }

    public void update(byte[] bytes, int offset, int length) {
        long c = crc;
        int i = offset;
        int end = offset + length;
        for (int eights = end - 7; i < eights; i += 8) {
            c = slice(c ^ (long) LONGS.get(bytes, i));
        }
        for (; i < end; i++) {
            c = TABLES[(int) (c ^ bytes[i]) & 0xff] ^ (c >>> 8);
        }
        crc = c;
    }

    /** Takes the buffer's remaining bytes and leaves it at its limit. */
    public void update(ByteBuffer buffer) {
        if (buffer.hasArray()) {
            int at = buffer.arrayOffset() + buffer.position();
            update(buffer.array(), at, buffer.remaining());
            buffer.position(buffer.limit());
            return;
        }
        long c = crc;
        ByteBuffer little = buffer.slice().order(ByteOrder.LITTLE_ENDIAN);
        int i = 0;
        int end = little.limit();
        for (int eights = end - 7; i < eights; i += 8) {
            c = slice(c ^ little.getLong(i));
        }
        for (; i < end; i++) {
            c = TABLES[(int) (c ^ little.get(i)) & 0xff] ^ (c >>> 8);
        }
        crc = c;
        buffer.position(buffer.limit());
    }

    /** The CRC-64 of every byte taken so far. */
    public long value() {
        return ~crc;
    }

    /** The value as the service sends it: 8 bytes, least significant first. */
    public byte[] digest() {
        return bytes(value());
    }

    /** A CRC-64 in its wire form: 8 bytes, least significant first. */
    public static byte[] bytes(long value) {
        byte[] bytes = new byte[8];
        LONGS.set(bytes, 0, value);
        return bytes;
    }

    private static long slice(long c) {
        return TABLES[7 * 256 + ((int) c & 0xff)]
                ^ TABLES[6 * 256 + ((int) (c >>> 8) & 0xff)]
                ^ TABLES[5 * 256 + ((int) (c >>> 16) & 0xff)]
                ^ TABLES[4 * 256 + ((int) (c >>> 24) & 0xff)]
                ^ TABLES[3 * 256 + ((int) (c >>> 32) & 0xff)]
                ^ TABLES[2 * 256 + ((int) (c >>> 40) & 0xff)]
                ^ TABLES[256 + ((int) (c >>> 48) & 0xff)]
                ^ TABLES[(int) (c >>> 56)];
    }

    private static long[] tables() {
        long[] tables = new long[8 * 256];
        for (int n = 0; n < 256; n++) {
            long c = n;
            for (int bit = 0; bit < 8; bit++) {
                c = (c & 1) != 0 ? (c >>> 1) ^ POLYNOMIAL : c >>> 1;
            }
            tables[n] = c;
        }
        for (int k = 1; k < 8; k++) {
            for (int n = 0; n < 256; n++) {
                long previous = tables[(k - 1) * 256 + n];
                tables[k * 256 + n] = (previous >>> 8) ^ tables[(int) previous & 0xff];
            }
        }
        return tables;
    }
}
