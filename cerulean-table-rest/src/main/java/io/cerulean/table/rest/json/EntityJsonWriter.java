package io.cerulean.table.rest.json;

import io.cerulean.table.model.DateTimes;
import io.cerulean.table.model.EdmType;
import io.cerulean.table.model.Entity;
import io.cerulean.table.model.EntityView;
import io.cerulean.table.model.PropertyValue;
import io.cerulean.table.model.PropertyVisitor;
import io.cerulean.table.query.PageSink;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Writes entities in the JSON payload format, in the service's order: odata.metadata, odata.type,
 * odata.id, odata.etag, odata.editLink, then PartitionKey, RowKey, Timestamp and the user
 * properties, each type annotation right before its property.
 *
 * <p>Annotated in minimal and full metadata: Int64 (a string on the wire), DateTime, Guid, Binary,
 * and Double when it is NaN or infinite (written as strings). Integral doubles are written
 * {@code 20.0}, so that typed JSON readers see a floating-point number.
 *
 * <p>A store's entity comes as a view whose values are handed over in their plain form
 * ({@link PropertyVisitor}), and each goes straight into the output ({@link JsonOutput}).
 */
public final class EntityJsonWriter {
    private static final byte[] ODATA_METADATA = JsonOutput.fieldName("odata.metadata");
    private static final byte[] ODATA_TYPE = JsonOutput.fieldName("odata.type");
    private static final byte[] ODATA_ID = JsonOutput.fieldName("odata.id");
    private static final byte[] ODATA_ETAG = JsonOutput.fieldName("odata.etag");
    private static final byte[] ODATA_EDIT_LINK = JsonOutput.fieldName("odata.editLink");
    private static final byte[] VALUE = JsonOutput.fieldName("value");
    private static final byte[] PARTITION_KEY = JsonOutput.fieldName(Entity.PARTITION_KEY);
    private static final byte[] ROW_KEY = JsonOutput.fieldName(Entity.ROW_KEY);
    private static final byte[] TIMESTAMP = JsonOutput.fieldName(Entity.TIMESTAMP);
    private static final byte[] TIMESTAMP_TYPE = JsonOutput.fieldName(Entity.TIMESTAMP + "@odata.type");
    /** Each type's annotation value, {@code "Edm.Int64"}, by ordinal. */
    private static final byte[][] TYPE_NAMES = new byte[EdmType.values().length][];
    private static final byte[] NAN = JsonOutput.writtenString("NaN");
    private static final byte[] INFINITY = JsonOutput.writtenString("Infinity");
    private static final byte[] NEGATIVE_INFINITY = JsonOutput.writtenString("-Infinity");
    /**
     * A page ends, with a continuation, after the entity that takes its JSON past this size,
     * whatever its {@code $top}: a thousand entities of a megabyte each are not answered at once.
     */
    public static final int PAGE_BYTES = 4 * 1024 * 1024;
    /** Enough for the property names of any real account; names beyond it are written uncached. */
    private static final int MAX_CACHED_NAMES = 4096;
    /** The longest property name the service accepts (EntityValidator); a cached name is one. */
    private static final int MAX_NAME_LENGTH = 255;
    /**
     * Property names in their written form, with their type annotation's name, shared by every
     * request: entities mostly share their names, which are then copied rather than escaped.
     */
    private static final Map<String, PropertyName> NAMES = new ConcurrentHashMap<>();

    static {
        for (EdmType type : EdmType.values()) {
            TYPE_NAMES[type.ordinal()] = JsonOutput.writtenString(type.wireName());
        }
    }

    private final MetadataLevel level;
    private final String baseUrl;
    private final String table;
    private final List<String> select;
    /** {@code account.table}, the odata.type of each entity in full metadata. */
    private final String entityType;

    /**
     * @param baseUrl the account's URL, e.g. {@code http://127.0.0.1:10002/devstoreaccount1}
     * @param select  the {@code $select} names, or null for every property
     */
    public EntityJsonWriter(MetadataLevel level, String baseUrl, String account, String table, List<String> select) {
        this.level = level;
        this.baseUrl = baseUrl;
        this.table = table;
        this.select = select;
        this.entityType = account + "." + table;
    }

    /** A single entity: Get Entity and Insert Entity with content. */
    public byte[] single(Entity entity) {
        JsonOutput out = new JsonOutput(512);
        out.startObject();
        if (level != MetadataLevel.NO_METADATA) {
            out.field(ODATA_METADATA);
            out.string(metadataUrl() + "/@Element" + selectSuffix());
        }
        writeBody(new PropertyWriter(out), entity);
        out.endObject();
        return out.toByteArray();
    }

    /** A page of entities written as they come, one by one: Query Entities. */
    public Page page() {
        return new Page();
    }

    /**
     * A Query Entities body being written: each entity becomes JSON as it is added and can then be
     * dropped, so that a page of a thousand entities is never held as objects. The page is full
     * once its JSON passes {@link #PAGE_BYTES}.
     */
    public final class Page implements PageSink {
        private final JsonOutput out = new JsonOutput(16 * 1024);
        private final PropertyWriter properties = new PropertyWriter(out);

        private Page() {
            out.startObject();
            if (level != MetadataLevel.NO_METADATA) {
                out.field(ODATA_METADATA);
                out.string(metadataUrl() + selectSuffix());
            }
            out.field(VALUE);
            out.startArray();
        }

        @Override
        public void add(EntityView entity) {
            out.startObject();
            writeBody(properties, entity);
            out.endObject();
        }

        @Override
        public boolean full() {
            return out.size() >= PAGE_BYTES;
        }

        /**
         * Closes the page and returns its bytes, in the array they were written in (a page of a
         * megabyte is not copied once more to fit an array to it).
         */
        public ByteBuffer finish() {
            out.endArray();
            out.endObject();
            return out.written();
        }
    }

    private String metadataUrl() {
        return baseUrl + "/$metadata#" + table;
    }

    private String selectSuffix() {
        return select == null ? "" : "&$select=" + String.join(",", select);
    }

    private void writeBody(PropertyWriter properties, EntityView entity) {
        JsonOutput out = properties.out;
        // The ETag is made from the Timestamp as written.
        long timestamp = level != MetadataLevel.NO_METADATA || selected(Entity.TIMESTAMP)
                ? DateTimes.toEpochTicks(entity.timestamp()) : 0;
        if (level == MetadataLevel.FULL_METADATA) {
            String path = ResourceUrls.entityPath(table, entity.partitionKey(), entity.rowKey());
            out.field(ODATA_TYPE);
            out.string(entityType);
            out.field(ODATA_ID);
            out.string(baseUrl + "/" + path);
            out.field(ODATA_ETAG);
            out.etag(timestamp);
            out.field(ODATA_EDIT_LINK);
            out.string(path);
        } else if (level == MetadataLevel.MINIMAL_METADATA) {
            out.field(ODATA_ETAG);
            out.etag(timestamp);
        }
        if (selected(Entity.PARTITION_KEY)) {
            out.field(PARTITION_KEY);
            out.string(entity.partitionKey());
        }
        if (selected(Entity.ROW_KEY)) {
            out.field(ROW_KEY);
            out.string(entity.rowKey());
        }
        if (selected(Entity.TIMESTAMP)) {
            if (level == MetadataLevel.FULL_METADATA) {
                out.field(TIMESTAMP_TYPE);
                out.writtenValue(TYPE_NAMES[EdmType.DATETIME.ordinal()]);
            }
            out.field(TIMESTAMP);
            out.dateTime(timestamp);
        }
        properties.startEntity();
        if (select == null) {
            entity.forEachProperty(properties);
            return;
        }
        // Several names looked up in the stored form would each walk it from the start: decode once.
        Map<String, PropertyValue> selectable = entity.toEntity().properties();
        for (String name : select) {
            if (name.equals(Entity.PARTITION_KEY) || name.equals(Entity.ROW_KEY) || name.equals(Entity.TIMESTAMP)) {
                continue;
            }
            PropertyValue value = selectable.get(name);
            if (value == null) {
                // A selected property the entity lacks comes back as null. Its name is the client's,
                // unchecked (any length, any characters): written as it is, never cached.
                out.field(JsonOutput.fieldName(name));
                out.nullValue();
            } else {
                properties.property(name, value);
            }
        }
    }

    private boolean selected(String name) {
        return select == null || select.contains(name);
    }

    /** A property's name in its written form, and its type annotation's. */
    private record PropertyName(byte[] field, byte[] annotation) {
    }

    /** The name of a stored property: valid, so at most {@link #MAX_NAME_LENGTH} chars, and cached. */
    private static PropertyName propertyName(String name) {
        PropertyName written = NAMES.get(name);
        if (written == null) {
            written = new PropertyName(JsonOutput.fieldName(name), JsonOutput.fieldName(name + "@odata.type"));
            if (NAMES.size() < MAX_CACHED_NAMES && name.length() <= MAX_NAME_LENGTH) {
                NAMES.put(name, written);
            }
        }
        return written;
    }

    /** How many names are cached, for tests. */
    static int cachedNames() {
        return NAMES.size();
    }

    /** An entity's user properties, each written as the entity hands it over. */
    private final class PropertyWriter implements PropertyVisitor {
        /** Names are first looked for by their place in the entity, for this many places. */
        private static final int PLACES = 32;
        final JsonOutput out;
        private final String[] namesByPlace = new String[PLACES];
        private final PropertyName[] writtenByPlace = new PropertyName[PLACES];
        private int place;

        PropertyWriter(JsonOutput out) {
            this.out = out;
        }

        void startEntity() {
            place = 0;
        }

        /**
         * The written form of the name of the entity's next property. A page's entities mostly
         * have the same properties in the same order, and a store hands each name over as the
         * same String every time: the name the previous entity had in this place is tried first.
         */
        PropertyName name(String name) {
            int at = place++;
            if (at >= PLACES) {
                return propertyName(name);
            }
            if (namesByPlace[at] != name) {
                namesByPlace[at] = name;
                writtenByPlace[at] = propertyName(name);
            }
            return writtenByPlace[at];
        }

        @Override
        public void property(String name, PropertyValue value) {
            switch (value.type()) {
                case STRING -> {
                    out.field(name(name).field); // a String is never annotated
                    out.string(value.asString());
                }
                case INT32 -> int32Property(name, value.asInt32());
                case INT64 -> int64Property(name, value.asInt64());
                case DOUBLE -> doubleProperty(name, value.asDouble());
                case BOOLEAN -> booleanProperty(name, value.asBoolean());
                case DATETIME -> dateTimeProperty(name, DateTimes.toEpochTicks(value.asDateTime()));
                case GUID -> guidProperty(name, value.asGuid().getMostSignificantBits(),
                        value.asGuid().getLeastSignificantBits());
                case BINARY -> {
                    byte[] binary = value.asBinary();
                    binaryProperty(name, binary, 0, binary.length);
                }
            }
        }

        @Override
        public void utf8Property(String name, byte[] utf8, int offset, int length) {
            out.field(name(name).field);
            out.utf8String(utf8, offset, length);
        }

        @Override
        public void int32Property(String name, int value) {
            out.field(name(name).field);
            out.number(value);
        }

        @Override
        public void int64Property(String name, long value) {
            field(name, EdmType.INT64);
            out.quotedNumber(value); // a string on the wire: JavaScript numbers lose digits past 2^53
        }

        @Override
        public void doubleProperty(String name, double value) {
            if (Double.isFinite(value)) {
                out.field(name(name).field);
                out.number(value);
            } else {
                field(name, EdmType.DOUBLE);
                out.writtenValue(Double.isNaN(value) ? NAN : value > 0 ? INFINITY : NEGATIVE_INFINITY);
            }
        }

        @Override
        public void booleanProperty(String name, boolean value) {
            out.field(name(name).field);
            out.bool(value);
        }

        @Override
        public void dateTimeProperty(String name, long epochTicks) {
            field(name, EdmType.DATETIME);
            out.dateTime(epochTicks);
        }

        @Override
        public void guidProperty(String name, long mostSignificantBits, long leastSignificantBits) {
            field(name, EdmType.GUID);
            out.guid(mostSignificantBits, leastSignificantBits);
        }

        @Override
        public void binaryProperty(String name, byte[] bytes, int offset, int length) {
            field(name, EdmType.BINARY);
            out.base64(bytes, offset, length);
        }

        /** The name of a property of an annotated type, after its annotation where the level has them. */
        private void field(String name, EdmType type) {
            PropertyName written = name(name);
            if (level != MetadataLevel.NO_METADATA) {
                out.field(written.annotation);
                out.writtenValue(TYPE_NAMES[type.ordinal()]);
            }
            out.field(written.field);
        }
    }
}
