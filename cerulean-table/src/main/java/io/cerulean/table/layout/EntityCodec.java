package io.cerulean.table.layout;

import io.cerulean.storage.StoredValue;
import io.cerulean.table.model.DateTimes;
import io.cerulean.table.model.EdmType;
import io.cerulean.table.model.Entity;
import io.cerulean.table.model.Properties;
import io.cerulean.table.model.PropertyValue;
import io.cerulean.table.model.PropertyVisitor;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

/**
 * The byte layout of a stored entity's payload (its keys are the record's partition and row, its
 * Timestamp the record's version, in epoch ticks). Part of the Table service's key format
 * {@value EntityKeys#FORMAT_VERSION}:
 *
 * <pre>
 * [store's headroom: StoredValue.HEADROOM][property count: varint]
 *   then per property: [name length: varint][name: CESU-8][EdmType ordinal: 1][value]
 * value: String varint length + CESU-8 | Int32 4 | Int64 8 | Double 8 (IEEE bits) | Boolean 1
 *        | DateTime 8 (epoch ticks) | Guid 16 | Binary varint length + bytes
 * </pre>
 * Fixed-width numbers are big-endian. Property order is kept. The RocksDB store writes its record
 * header, [1][version: 8], into the headroom, which makes a stored entity byte for byte what
 * release 0.1 wrote: [1][Timestamp][properties].
 */
final class EntityCodec {
    /** The store's headroom, before the property count. */
    private static final int HEADER_BYTES = StoredValue.HEADROOM;

    private EntityCodec() {
    }

    /** The entity's value: its payload after the store's headroom, the array at its exact size when all text is ASCII. */
    static StoredValue encode(Entity entity) {
        return new StoredValue(DateTimes.toEpochTicks(entity.timestamp()), payload(entity));
    }

    private static byte[] payload(Entity entity) {
        Writer w = new Writer(asciiSize(entity));
        w.pos = HEADER_BYTES;
        w.varint(entity.properties().size());
        for (Map.Entry<String, PropertyValue> property : entity.properties().entrySet()) {
            w.string(property.getKey());
            PropertyValue value = property.getValue();
            w.byte1(value.type().ordinal());
            switch (value.type()) {
                case STRING -> w.string(value.asString());
                case INT32 -> w.int4(value.asInt32());
                case INT64 -> w.long8(value.asInt64());
                case DOUBLE -> w.long8(Double.doubleToRawLongBits(value.asDouble()));
                case BOOLEAN -> w.byte1(value.asBoolean() ? 1 : 0);
                case DATETIME -> w.long8(DateTimes.toEpochTicks(value.asDateTime()));
                case GUID -> {
                    w.long8(value.asGuid().getMostSignificantBits());
                    w.long8(value.asGuid().getLeastSignificantBits());
                }
                case BINARY -> {
                    w.varint(value.asBinary().length);
                    w.bytes(value.asBinary());
                }
            }
        }
        return w.toArray();
    }

    /**
     * The encoded size when all text is ASCII, as it nearly always is: the array is then allocated
     * once, at its exact size, and goes to RocksDB without a copy. Other text takes up to 3 bytes a
     * char and grows it.
     */
    static int asciiSize(Entity entity) {
        int size = HEADER_BYTES + varintSize(entity.properties().size());
        for (Map.Entry<String, PropertyValue> property : entity.properties().entrySet()) {
            PropertyValue value = property.getValue();
            int nameLength = property.getKey().length();
            size += varintSize(nameLength) + nameLength + 1 + switch (value.type()) {
                case STRING -> varintSize(value.asString().length()) + value.asString().length();
                case INT32 -> 4;
                case INT64, DOUBLE, DATETIME -> 8;
                case BOOLEAN -> 1;
                case GUID -> 16;
                case BINARY -> varintSize(value.asBinary().length) + value.asBinary().length;
            };
        }
        return size;
    }

    private static int varintSize(int v) {
        return v < 1 << 7 ? 1 : v < 1 << 14 ? 2 : v < 1 << 21 ? 3 : v < 1 << 28 ? 4 : 5;
    }

    static Entity decode(String partitionKey, String rowKey, StoredValue value) {
        return decode(partitionKey, rowKey, value.version(), value.bytes(), HEADER_BYTES, null);
    }

    /**
     * Decodes the payload at {@code bytes[offset...]}, with property names from {@code names}, a
     * scan's cache of them, when one is given.
     */
    static Entity decode(String partitionKey, String rowKey, long timestamp, byte[] bytes, int offset,
                         RepeatedStrings names) {
        Reader r = new Reader(bytes, offset);
        int count = r.varint();
        LinkedHashMap<String, PropertyValue> properties = new LinkedHashMap<>(count * 2);
        for (int i = 0; i < count; i++) {
            String name = names == null ? r.string() : r.name(names, i);
            properties.put(name, r.value(EdmType.ofOrdinal(r.byte1())));
        }
        return new Entity(partitionKey, rowKey, DateTimes.fromEpochTicks(timestamp), Properties.owning(properties));
    }

    /**
     * Hands an encoded entity's properties to {@code visitor} without building the entity, each in
     * its plain form: numbers as numbers, Binary as the stored bytes, and text without surrogates
     * (almost all text) as the stored bytes themselves, which are then UTF-8.
     */
    static void visit(byte[] bytes, int offset, RepeatedStrings names, PropertyVisitor visitor) {
        Reader r = new Reader(bytes, offset);
        int count = r.varint();
        for (int i = 0; i < count; i++) {
            String name = r.name(names, i);
            switch (EdmType.ofOrdinal(r.byte1())) {
                case STRING -> {
                    int length = r.varint();
                    if (Cesu8.isUtf8(bytes, r.pos, length)) {
                        visitor.utf8Property(name, bytes, r.pos, length);
                    } else {
                        visitor.property(name, PropertyValue.ofString(Cesu8.decode(bytes, r.pos, length)));
                    }
                    r.pos += length;
                }
                case INT32 -> visitor.int32Property(name, r.int4());
                case INT64 -> visitor.int64Property(name, r.long8());
                case DOUBLE -> visitor.doubleProperty(name, Double.longBitsToDouble(r.long8()));
                case BOOLEAN -> visitor.booleanProperty(name, r.byte1() != 0);
                case DATETIME -> visitor.dateTimeProperty(name, r.long8());
                case GUID -> visitor.guidProperty(name, r.long8(), r.long8());
                case BINARY -> {
                    int length = r.varint();
                    visitor.binaryProperty(name, bytes, r.pos, length);
                    r.pos += length;
                }
            }
        }
    }

    /**
     * One property of an encoded entity, or null when it has none of that name; decodes nothing
     * else. The name comes encoded ({@link Cesu8#encode}): a scan asks for the same one each time.
     */
    static PropertyValue find(byte[] bytes, int offset, byte[] name) {
        Reader r = new Reader(bytes, offset);
        int count = r.varint();
        for (int i = 0; i < count; i++) {
            int nameLength = r.varint();
            boolean match = nameLength == name.length
                    && Arrays.equals(bytes, r.pos, r.pos + nameLength, name, 0, nameLength);
            r.pos += nameLength;
            EdmType type = EdmType.ofOrdinal(r.byte1());
            if (match) {
                return r.value(type);
            }
            r.skip(type);
        }
        return null;
    }

    private static final class Writer {
        private byte[] buf;
        private int pos;

        Writer(int capacity) {
            buf = new byte[capacity];
        }

        private void ensure(int n) {
            if (pos + n > buf.length) {
                buf = Arrays.copyOf(buf, Math.max(buf.length * 2, pos + n));
            }
        }

        void byte1(int v) {
            ensure(1);
            buf[pos++] = (byte) v;
        }

        void int4(int v) {
            ensure(4);
            for (int i = 3; i >= 0; i--) {
                buf[pos + i] = (byte) v;
                v >>>= 8;
            }
            pos += 4;
        }

        void long8(long v) {
            ensure(8);
            for (int i = 7; i >= 0; i--) {
                buf[pos + i] = (byte) v;
                v >>>= 8;
            }
            pos += 8;
        }

        void varint(int v) {
            ensure(5);
            while ((v & ~0x7F) != 0) {
                buf[pos++] = (byte) ((v & 0x7F) | 0x80);
                v >>>= 7;
            }
            buf[pos++] = (byte) v;
        }

        void string(String s) {
            byte[] ascii = Cesu8.asciiBytes(s);
            if (ascii != null) {
                varint(ascii.length);
                bytes(ascii);
                return;
            }
            int len = Cesu8.length(s);
            varint(len);
            ensure(len);
            pos = Cesu8.encode(s, buf, pos);
        }

        void bytes(byte[] b) {
            ensure(b.length);
            System.arraycopy(b, 0, buf, pos, b.length);
            pos += b.length;
        }

        byte[] toArray() {
            return pos == buf.length ? buf : Arrays.copyOf(buf, pos);
        }
    }

    private static final class Reader {
        private final byte[] buf;
        private int pos;

        Reader(byte[] buf, int pos) {
            this.buf = buf;
            this.pos = pos;
        }

        int byte1() {
            return buf[pos++] & 0xFF;
        }

        int int4() {
            int v = 0;
            for (int i = 0; i < 4; i++) {
                v = (v << 8) | (buf[pos++] & 0xFF);
            }
            return v;
        }

        long long8() {
            long v = 0;
            for (int i = 0; i < 8; i++) {
                v = (v << 8) | (buf[pos++] & 0xFF);
            }
            return v;
        }

        int varint() {
            int v = 0;
            for (int shift = 0; ; shift += 7) {
                int b = buf[pos++] & 0xFF;
                v |= (b & 0x7F) << shift;
                if (b < 0x80) {
                    return v;
                }
            }
        }

        PropertyValue value(EdmType type) {
            return switch (type) {
                case STRING -> PropertyValue.ofString(string());
                case INT32 -> PropertyValue.ofInt32(int4());
                case INT64 -> PropertyValue.ofInt64(long8());
                case DOUBLE -> PropertyValue.ofDouble(Double.longBitsToDouble(long8()));
                case BOOLEAN -> PropertyValue.ofBoolean(byte1() != 0);
                case DATETIME -> PropertyValue.ofDateTime(DateTimes.fromEpochTicks(long8()));
                case GUID -> PropertyValue.ofGuid(new UUID(long8(), long8()));
                case BINARY -> PropertyValue.ofBinaryOwned(bytes(varint()));
            };
        }

        void skip(EdmType type) {
            // The length is read first: a varint moves pos itself.
            int length = switch (type) {
                case STRING, BINARY -> varint();
                case INT32 -> 4;
                case INT64, DOUBLE, DATETIME -> 8;
                case BOOLEAN -> 1;
                case GUID -> 16;
            };
            pos += length;
        }

        /** The name of the entity's {@code place}-th property. */
        String name(RepeatedStrings names, int place) {
            int len = varint();
            String s = names.propertyName(place, buf, pos, len);
            pos += len;
            return s;
        }

        String string() {
            int len = varint();
            String s = Cesu8.decode(buf, pos, len);
            pos += len;
            return s;
        }

        byte[] bytes(int len) {
            byte[] b = Arrays.copyOfRange(buf, pos, pos + len);
            pos += len;
            return b;
        }
    }
}
