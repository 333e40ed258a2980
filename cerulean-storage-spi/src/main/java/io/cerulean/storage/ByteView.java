package io.cerulean.storage;

/**
 * Bytes a cursor lends: {@code array[offset, offset + length)}, valid until the cursor moves or
 * closes. A scan passes over many records and keeps few, so it lends what it read instead of
 * copying each key and value out; {@link #toArray} copies what is kept. Not thread-safe.
 */
public final class ByteView {
    private byte[] array = new byte[0];
    private int offset;
    private int length;

    /** Points this view at {@code array[offset, offset + length)}. */
    public void set(byte[] array, int offset, int length) {
        this.array = array;
        this.offset = offset;
        this.length = length;
    }

    public byte[] array() {
        return array;
    }

    public int offset() {
        return offset;
    }

    public int length() {
        return length;
    }

    /** A copy of the bytes, the caller's to keep. */
    public byte[] toArray() {
        return java.util.Arrays.copyOfRange(array, offset, offset + length);
    }

    /** Whether these bytes equal {@code other[from, to)}. */
    public boolean contentEquals(byte[] other, int from, int to) {
        return java.util.Arrays.equals(array, offset, offset + length, other, from, to);
    }
}
