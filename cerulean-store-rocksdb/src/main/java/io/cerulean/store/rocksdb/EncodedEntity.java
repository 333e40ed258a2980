package io.cerulean.store.rocksdb;

import io.cerulean.core.model.DateTimes;
import io.cerulean.core.model.Entity;
import io.cerulean.core.model.EntityView;
import io.cerulean.core.model.PropertyValue;
import io.cerulean.core.model.PropertyVisitor;
import java.time.Instant;

/**
 * A stored entity still in its encoded form, answering property lookups by walking the encoded
 * properties ({@link EntityCodec#find}) rather than decoding them all. A filter usually asks for
 * one or two properties of entities it mostly rejects, so this is most of a scan's work; the key
 * is copied out of RocksDB only when something asks for it. As a view, its properties are handed
 * over from those bytes too ({@link #forEachProperty}). Reused from entity to entity by one cursor;
 * not thread-safe.
 */
final class EncodedEntity implements EntityView {
    private final RepeatedStrings repeated = new RepeatedStrings();
    private final ReusableBuffer keyBuffer = new ReusableBuffer(1024);
    private ReusableBuffer.Source keySource;
    private byte[] key;
    private int keyLength = -1;
    private int separator;
    private byte[] value;
    private Entity decoded;
    /** The name last looked up, by identity (a filter asks with the same String each time), encoded. */
    private String lastName;
    private byte[] lastNameBytes;

    /**
     * Points at an entity whose value is {@code value} and whose key {@code keySource} gives, until
     * the next reset.
     */
    void reset(ReusableBuffer.Source keySource, byte[] value) {
        this.keySource = keySource;
        this.keyLength = -1;
        this.value = value;
        this.decoded = null;
    }

    /** Points at nothing: the cursor is past its last entity or closed, and its iterator must not be read. */
    void clear() {
        this.keySource = null;
        this.keyLength = -1;
        this.value = null;
        this.decoded = null;
    }

    @Override
    public PropertyValue property(String name) {
        checkOnEntity();
        if (decoded != null) {
            return decoded.property(name);
        }
        switch (name) {
            case Entity.PARTITION_KEY:
                loadKey();
                return PropertyValue.ofString(repeated.partitionKey(key, separator));
            case Entity.ROW_KEY:
                loadKey();
                return PropertyValue.ofString(KeyCodec.rowKeyOf(key, separator, keyLength));
            case Entity.TIMESTAMP:
                return PropertyValue.ofDateTime(DateTimes.fromEpochTicks(EntityCodec.timestampTicks(value)));
            default:
                if (name != lastName) {
                    lastNameBytes = Cesu8.encode(name);
                    lastName = name;
                }
                return EntityCodec.find(value, lastNameBytes);
        }
    }

    @Override
    public String partitionKey() {
        checkOnEntity();
        loadKey();
        return repeated.partitionKey(key, separator);
    }

    @Override
    public String rowKey() {
        checkOnEntity();
        loadKey();
        return KeyCodec.rowKeyOf(key, separator, keyLength);
    }

    @Override
    public Instant timestamp() {
        checkOnEntity();
        return DateTimes.fromEpochTicks(EntityCodec.timestampTicks(value));
    }

    @Override
    public void forEachProperty(PropertyVisitor visitor) {
        checkOnEntity();
        if (decoded != null) {
            decoded.forEachProperty(visitor);
        } else {
            EntityCodec.visit(value, repeated, visitor);
        }
    }

    @Override
    public Entity toEntity() {
        return decode();
    }

    private void checkOnEntity() {
        if (value == null) {
            throw new IllegalStateException("the cursor is not on an entity");
        }
    }

    Entity decode() {
        checkOnEntity();
        if (decoded == null) {
            loadKey();
            decoded = EntityCodec.decode(repeated.partitionKey(key, separator),
                    KeyCodec.rowKeyOf(key, separator, keyLength), value, repeated);
        }
        return decoded;
    }

    private void loadKey() {
        if (keyLength < 0) {
            keyLength = keyBuffer.read(keySource);
            key = keyBuffer.bytes();
            separator = KeyCodec.separatorIndex(key, keyLength);
        }
    }
}
