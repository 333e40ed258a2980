package io.cerulean.storage;

import java.util.Objects;

/**
 * A record's value as it travels through the seam: its version, which conditional commits compare
 * (the Table service's ETag ticks, say), and its bytes, whose first {@link #HEADROOM} bytes belong
 * to the store. A writer allocates the array with that headroom ({@link #allocate}) and encodes its
 * payload after it; a store may write its own header there and keep the array as it is, without a
 * copy, and a reader finds the payload at offset {@link #HEADROOM} whatever the store put before it.
 *
 * <p>An array handed to a put belongs to the store from then on: the writer must not change it.
 */
public record StoredValue(long version, byte[] bytes) {
    /** Bytes at the start of every value array that are the store's, not the payload's. */
    public static final int HEADROOM = 9;

    public StoredValue {
        Objects.requireNonNull(bytes, "bytes");
        if (bytes.length < HEADROOM) {
            throw new IllegalArgumentException("a value array starts with " + HEADROOM + " bytes of headroom");
        }
    }

    /** An array for a payload of {@code payloadLength} bytes, to be written from offset {@link #HEADROOM}. */
    public static byte[] allocate(int payloadLength) {
        return new byte[HEADROOM + payloadLength];
    }

    /** A value whose payload is a copy of {@code payload}. */
    public static StoredValue of(long version, byte[] payload) {
        byte[] bytes = allocate(payload.length);
        System.arraycopy(payload, 0, bytes, HEADROOM, payload.length);
        return new StoredValue(version, bytes);
    }

    /** A copy of the payload. */
    public byte[] payload() {
        return java.util.Arrays.copyOfRange(bytes, HEADROOM, bytes.length);
    }

    public int payloadLength() {
        return bytes.length - HEADROOM;
    }
}
