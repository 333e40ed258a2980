package io.cerulean.blob.layout;

import io.cerulean.blob.model.Lease;
import io.cerulean.storage.StoredValue;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The field encodings every Blob record uses, big-endian: longs and ints as themselves, a string as
 * its UTF-8 length (4 bytes; -1 for null) and bytes, metadata as a count of such name and value
 * pairs, a lease as [id: string][duration: 4][expiry, epoch ms: 8, -1 for none][break at, epoch ms:
 * 8, -1 for none]. Written straight after the store's headroom, so the array becomes the stored value as it is.
 */
final class Fields {
    private Fields() {
    }

    static final class Writer {
        private byte[] bytes = new byte[StoredValue.HEADROOM + 128];
        private int position = StoredValue.HEADROOM;

        Writer putByte(int value) {
            ensure(1);
            bytes[position++] = (byte) value;
            return this;
        }

        Writer putInt(int value) {
            ensure(4);
            ByteBuffer.wrap(bytes, position, 4).putInt(value);
            position += 4;
            return this;
        }

        Writer putLong(long value) {
            ensure(8);
            ByteBuffer.wrap(bytes, position, 8).putLong(value);
            position += 8;
            return this;
        }

        Writer putBytes(byte[] value) {
            ensure(value.length);
            System.arraycopy(value, 0, bytes, position, value.length);
            position += value.length;
            return this;
        }

        Writer putString(String value) {
            if (value == null) {
                return putInt(-1);
            }
            byte[] utf8 = value.getBytes(StandardCharsets.UTF_8);
            return putInt(utf8.length).putBytes(utf8);
        }

        Writer putMetadata(Map<String, String> metadata) {
            putInt(metadata.size());
            metadata.forEach((name, value) -> putString(name).putString(value));
            return this;
        }

        Writer putLease(Lease lease) {
            return putString(lease.id()).putInt(lease.duration())
                    .putLong(lease.expiry() == null ? -1 : lease.expiry().toEpochMilli())
                    .putLong(lease.breakAt() == null ? -1 : lease.breakAt().toEpochMilli());
        }

        /** A field of a record's optional section: [field: 1][length: 4][value as {@code value} writes it]. */
        Writer field(int field, java.util.function.Consumer<Writer> value) {
            putByte(field);
            int lengthAt = position;
            putInt(0);
            value.accept(this);
            ByteBuffer.wrap(bytes, lengthAt, 4).putInt(position - lengthAt - 4);
            return this;
        }

        StoredValue value(long version) {
            return new StoredValue(version, Arrays.copyOf(bytes, position));
        }

        private void ensure(int more) {
            if (position + more > bytes.length) {
                bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, position + more));
            }
        }
    }

    static final class Reader {
        private final ByteBuffer buffer;

        Reader(byte[] bytes, int offset, int length) {
            this.buffer = ByteBuffer.wrap(bytes, offset, length);
        }

        int remaining() {
            return buffer.remaining();
        }

        int getByte() {
            return buffer.get() & 0xff;
        }

        int getInt() {
            return buffer.getInt();
        }

        long getLong() {
            return buffer.getLong();
        }

        byte[] getBytes(int length) {
            byte[] value = new byte[length];
            buffer.get(value);
            return value;
        }

        String getString() {
            int length = buffer.getInt();
            return length < 0 ? null : new String(getBytes(length), StandardCharsets.UTF_8);
        }

        Lease getLease() {
            String id = getString();
            int duration = getInt();
            long expiry = getLong();
            long breakAt = getLong();
            return id == null ? Lease.NONE : new Lease(id, duration, expiry < 0 ? null : Instant.ofEpochMilli(expiry),
                    breakAt < 0 ? null : Instant.ofEpochMilli(breakAt));
        }

        Map<String, String> getMetadata() {
            int pairs = buffer.getInt();
            Map<String, String> metadata = new LinkedHashMap<>();
            for (int i = 0; i < pairs; i++) {
                metadata.put(getString(), getString());
            }
            return metadata;
        }
    }
}
