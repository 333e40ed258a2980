package io.cerulean.server.json;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.core.util.ByteArrayBuilder;
import io.cerulean.core.model.DateTimes;
import io.cerulean.core.model.ETag;
import io.cerulean.core.model.EdmType;
import io.cerulean.core.model.Entity;
import io.cerulean.core.model.EntityView;
import io.cerulean.core.model.PropertyValue;
import io.cerulean.core.model.PropertyVisitor;
import io.cerulean.core.query.PageSink;
import io.cerulean.server.http.MetadataLevel;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes entities in the JSON payload format, in the service's order: odata.metadata, odata.type,
 * odata.id, odata.etag, odata.editLink, then PartitionKey, RowKey, Timestamp and the user
 * properties, each type annotation right before its property.
 *
 * <p>Annotated in minimal and full metadata: Int64 (a string on the wire), DateTime, Guid, Binary,
 * and Double when it is NaN or infinite (written as strings). Integral doubles are written
 * {@code 20.0}, so that typed JSON readers see a floating-point number.
 */
public final class EntityJsonWriter {
    private static final SerializedString ODATA_TYPE = new SerializedString("odata.type");
    private static final SerializedString ODATA_ID = new SerializedString("odata.id");
    private static final SerializedString ODATA_ETAG = new SerializedString("odata.etag");
    private static final SerializedString ODATA_EDIT_LINK = new SerializedString("odata.editLink");
    private static final SerializedString PARTITION_KEY = new SerializedString(Entity.PARTITION_KEY);
    private static final SerializedString ROW_KEY = new SerializedString(Entity.ROW_KEY);
    private static final SerializedString TIMESTAMP = new SerializedString(Entity.TIMESTAMP);
    private static final SerializedString TIMESTAMP_TYPE = new SerializedString(Entity.TIMESTAMP + "@odata.type");
    /**
     * A page ends, with a continuation, after the entity that takes its JSON past this size,
     * whatever its {@code $top}: a thousand entities of a megabyte each are not answered at once.
     */
    public static final int PAGE_BYTES = 4 * 1024 * 1024;
    /** Enough for the property names of any real table; names beyond it are written uncached. */
    private static final int MAX_CACHED_NAMES = 1024;

    /**
     * Property names in their encoded form, with their type annotation's name: the entities of a
     * page mostly share their names, and Jackson then copies bytes instead of escaping characters
     * each time.
     */
    private final Map<String, SerializedString[]> encodedNames = new HashMap<>();
    private final MetadataLevel level;
    private final String baseUrl;
    private final String account;
    private final String table;
    private final List<String> select;

    /**
     * @param baseUrl the account's URL, e.g. {@code http://127.0.0.1:10002/devstoreaccount1}
     * @param select  the {@code $select} names, or null for every property
     */
    public EntityJsonWriter(MetadataLevel level, String baseUrl, String account, String table, List<String> select) {
        this.level = level;
        this.baseUrl = baseUrl;
        this.account = account;
        this.table = table;
        this.select = select;
    }

    /** A single entity: Get Entity and Insert Entity with content. */
    public byte[] single(Entity entity) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(256);
        try (JsonGenerator json = EntityJsonReader.JSON.createGenerator(out)) {
            json.writeStartObject();
            if (level != MetadataLevel.NO_METADATA) {
                json.writeStringField("odata.metadata", metadataUrl() + "/@Element" + selectSuffix());
            }
            writeBody(new PropertyWriter(json), entity);
            json.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
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
        // In segments: a page of a megabyte is copied once at the end, not at each doubling.
        private final ByteArrayBuilder out = new ByteArrayBuilder(16 * 1024);
        private final JsonGenerator json;
        private final PropertyWriter properties;

        private Page() {
            try {
                json = EntityJsonReader.JSON.createGenerator(out);
                properties = new PropertyWriter(json);
                json.writeStartObject();
                if (level != MetadataLevel.NO_METADATA) {
                    json.writeStringField("odata.metadata", metadataUrl() + selectSuffix());
                }
                json.writeArrayFieldStart("value");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public void add(EntityView entity) {
            try {
                json.writeStartObject();
                writeBody(properties, entity);
                json.writeEndObject();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public boolean full() {
            return out.size() >= PAGE_BYTES;
        }

        /** Closes the page and returns its bytes. */
        public byte[] finish() {
            try {
                json.writeEndArray();
                json.writeEndObject();
                json.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return out.toByteArray();
        }
    }

    private String metadataUrl() {
        return baseUrl + "/$metadata#" + table;
    }

    private String selectSuffix() {
        return select == null ? "" : "&$select=" + String.join(",", select);
    }

    private void writeBody(PropertyWriter properties, EntityView entity) throws IOException {
        JsonGenerator json = properties.json;
        // The ETag is made from the Timestamp as written: formatted once for both, when either is.
        String timestamp = level != MetadataLevel.NO_METADATA || selected(Entity.TIMESTAMP)
                ? DateTimes.format(entity.timestamp()) : null;
        if (level == MetadataLevel.FULL_METADATA) {
            String path = ResourceUrls.entityPath(table, entity.partitionKey(), entity.rowKey());
            writeField(json, ODATA_TYPE, account + "." + table);
            writeField(json, ODATA_ID, baseUrl + "/" + path);
            writeField(json, ODATA_ETAG, ETag.ofFormatted(timestamp));
            writeField(json, ODATA_EDIT_LINK, path);
        } else if (level == MetadataLevel.MINIMAL_METADATA) {
            writeField(json, ODATA_ETAG, ETag.ofFormatted(timestamp));
        }
        if (selected(Entity.PARTITION_KEY)) {
            writeField(json, PARTITION_KEY, entity.partitionKey());
        }
        if (selected(Entity.ROW_KEY)) {
            writeField(json, ROW_KEY, entity.rowKey());
        }
        if (selected(Entity.TIMESTAMP)) {
            if (level == MetadataLevel.FULL_METADATA) {
                writeField(json, TIMESTAMP_TYPE, EdmType.DATETIME.wireName());
            }
            writeField(json, TIMESTAMP, timestamp);
        }
        if (select == null) {
            try {
                entity.forEachProperty(properties);
            } catch (UncheckedIOException e) {
                throw e.getCause();
            }
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
                json.writeNullField(name); // a selected property the entity lacks comes back as null
            } else {
                writeProperty(json, name, value);
            }
        }
    }

    private boolean selected(String name) {
        return select == null || select.contains(name);
    }

    private static void writeField(JsonGenerator json, SerializableString name, String value) throws IOException {
        json.writeFieldName(name);
        json.writeString(value);
    }

    /** An entity's user properties, written as the entity hands them over. */
    private final class PropertyWriter implements PropertyVisitor {
        final JsonGenerator json;

        PropertyWriter(JsonGenerator json) {
            this.json = json;
        }

        @Override
        public void property(String name, PropertyValue value) {
            try {
                writeProperty(json, name, value);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public void utf8Property(String name, byte[] utf8, int offset, int length) {
            try {
                json.writeFieldName(encodedName(name)[0]); // a String is never annotated
                JsonStrings.writeUtf8(json, utf8, offset, length);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** The name in its encoded form, and its type annotation's name. */
    private SerializedString[] encodedName(String name) {
        SerializedString[] encoded = encodedNames.get(name);
        if (encoded == null) {
            encoded = new SerializedString[] {new SerializedString(name), new SerializedString(name + "@odata.type")};
            if (encodedNames.size() < MAX_CACHED_NAMES) {
                encodedNames.put(name, encoded);
            }
        }
        return encoded;
    }

    private void writeProperty(JsonGenerator json, String name, PropertyValue value) throws IOException {
        SerializedString[] encoded = encodedName(name);
        if (level != MetadataLevel.NO_METADATA && annotated(value)) {
            writeField(json, encoded[1], value.type().wireName());
        }
        json.writeFieldName(encoded[0]);
        switch (value.type()) {
            case STRING -> JsonStrings.write(json, value.asString());
            case INT32 -> json.writeNumber(value.asInt32());
            case INT64 -> json.writeString(Long.toString(value.asInt64()));
            case DOUBLE -> writeDouble(json, value.asDouble());
            case BOOLEAN -> json.writeBoolean(value.asBoolean());
            case DATETIME -> json.writeString(DateTimes.format(value.asDateTime()));
            case GUID -> json.writeString(value.asGuid().toString());
            case BINARY -> json.writeString(Base64.getEncoder().encodeToString(value.asBinary()));
        }
    }

    private static boolean annotated(PropertyValue value) {
        return switch (value.type()) {
            case INT64, DATETIME, GUID, BINARY -> true;
            case DOUBLE -> !Double.isFinite(value.asDouble());
            default -> false;
        };
    }

    private static void writeDouble(JsonGenerator json, double d) throws IOException {
        if (Double.isNaN(d)) {
            json.writeString("NaN");
        } else if (Double.isInfinite(d)) {
            json.writeString(d > 0 ? "Infinity" : "-Infinity");
        } else {
            json.writeNumber(d); // Double.toString form: 20.0, 1.0E-5
        }
    }
}
