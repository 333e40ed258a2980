package io.cerulean.table.layout;

import io.cerulean.storage.ByteView;
import io.cerulean.storage.RecordCursor;
import io.cerulean.table.model.DateTimes;
import io.cerulean.table.model.Entity;
import io.cerulean.table.model.EntityView;
import io.cerulean.table.model.PropertyValue;
import io.cerulean.table.model.PropertyVisitor;
import java.time.Instant;

/**
 * A stored entity still in its encoded form, answering property lookups by walking the encoded
 * properties ({@link EntityCodec#find}) rather than decoding them all. A filter usually asks for
 * one or two properties of entities it mostly rejects, so this is most of a scan's work; the keys
 * are asked of the cursor (which may copy them out of its store only then) when something needs
 * them. As a view, its properties are handed over from those bytes too ({@link #forEachProperty}).
 * Reused from entity to entity by one cursor; not thread-safe.
 */
final class EncodedEntity implements EntityView {
    private final RepeatedStrings repeated = new RepeatedStrings();
    private RecordCursor cursor;
    private byte[] value;
    private int offset;
    private Entity decoded;
    /** The name last looked up, by identity (a filter asks with the same String each time), encoded. */
    private String lastName;
    private byte[] lastNameBytes;

    /** Points at the record {@code cursor} is on, until the next reset. */
    void reset(RecordCursor cursor) {
        ByteView payload = cursor.payload();
        this.cursor = cursor;
        this.value = payload.array();
        this.offset = payload.offset();
        this.decoded = null;
    }

    /** Points at nothing: the cursor is past its last record or closed, and must not be read. */
    void clear() {
        this.cursor = null;
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
                return PropertyValue.ofString(partitionKey());
            case Entity.ROW_KEY:
                return PropertyValue.ofString(rowKey());
            case Entity.TIMESTAMP:
                return PropertyValue.ofDateTime(timestamp());
            default:
                if (name != lastName) {
                    lastNameBytes = Cesu8.encode(name);
                    lastName = name;
                }
                return EntityCodec.find(value, offset, lastNameBytes);
        }
    }

    @Override
    public String partitionKey() {
        checkOnEntity();
        return repeated.partitionKey(cursor.partition());
    }

    @Override
    public String rowKey() {
        checkOnEntity();
        return EntityKeys.decode(cursor.row());
    }

    @Override
    public Instant timestamp() {
        checkOnEntity();
        return DateTimes.fromEpochTicks(cursor.version());
    }

    @Override
    public void forEachProperty(PropertyVisitor visitor) {
        checkOnEntity();
        if (decoded != null) {
            decoded.forEachProperty(visitor);
        } else {
            EntityCodec.visit(value, offset, repeated, visitor);
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
            decoded = EntityCodec.decode(partitionKey(), rowKey(), cursor.version(), value, offset, repeated);
        }
        return decoded;
    }
}
