package io.cerulean.store.rocksdb;

import io.cerulean.core.model.Entity;
import io.cerulean.core.model.PropertySource;
import io.cerulean.core.model.PropertyValue;

/**
 * A stored entity still in its encoded form, answering property lookups by walking the encoded
 * properties ({@link EntityCodec#find}) rather than decoding them all. A filter usually asks for
 * one or two properties of entities it mostly rejects, so this is most of a scan's work.
 * Reused from entity to entity by one cursor; not thread-safe.
 */
final class EncodedEntity implements PropertySource {
    private final RepeatedStrings repeated = new RepeatedStrings();
    private byte[] key;
    private int keyLength;
    private byte[] value;
    private int separator;
    private Entity decoded;

    /** Points at an entity in the first {@code keyLength} bytes of {@code key} and in {@code value}. */
    void reset(byte[] key, int keyLength, byte[] value) {
        this.key = key;
        this.keyLength = keyLength;
        this.value = value;
        this.separator = KeyCodec.separatorIndex(key, keyLength);
        this.decoded = null;
    }

    @Override
    public PropertyValue property(String name) {
        if (decoded != null) {
            return decoded.property(name);
        }
        switch (name) {
            case Entity.PARTITION_KEY:
                return PropertyValue.ofString(repeated.partitionKey(key, separator));
            case Entity.ROW_KEY:
                return PropertyValue.ofString(KeyCodec.rowKeyOf(key, separator, keyLength));
            case Entity.TIMESTAMP:
                return PropertyValue.ofDateTime(io.cerulean.core.model.DateTimes.fromEpochTicks(
                        EntityCodec.timestampTicks(value)));
            default:
                return EntityCodec.find(value, name);
        }
    }

    Entity decode() {
        if (decoded == null) {
            decoded = EntityCodec.decode(repeated.partitionKey(key, separator),
                    KeyCodec.rowKeyOf(key, separator, keyLength), value, repeated);
        }
        return decoded;
    }
}
