package io.cerulean.table.rest.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamWriteFeature;
import io.cerulean.common.error.CommonError;
import io.cerulean.table.error.TableError;
import io.cerulean.table.error.TableServiceException;
import io.cerulean.table.model.EdmType;
import io.cerulean.table.model.Entity;
import io.cerulean.table.model.Properties;
import io.cerulean.table.model.PropertyValue;
import java.io.IOException;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Reads entity request bodies (Insert, Update, Merge and the upserts) in the JSON payload format.
 *
 * <p>Typing follows the service: a {@code <name>@odata.type} annotation, wherever it appears,
 * names the type; without one, a string is Edm.String, true/false Edm.Boolean, an integer that
 * fits Edm.Int32 is Int32 and any other number Edm.Double. A JSON null stores nothing. Keys
 * starting with {@code odata.} are control information and ignored, as is Timestamp, which the
 * server owns. PartitionKey and RowKey are strings, typed so or not at all, and an annotation needs
 * its property. See {@link ValueConverter} for each type's accepted forms.
 */
public final class EntityJsonReader {
    /**
     * Doubles are written by Jackson's Schubfach writer: the shortest text that reads back as the
     * same double, in Double.toString's form (20.0, 1.0E-5), several times faster than the JDK 17's.
     */
    static final JsonFactory JSON = JsonFactory.builder().enable(StreamWriteFeature.USE_FAST_DOUBLE_WRITER).build();
    private static final String ANNOTATION = "@odata.type";

    private EntityJsonReader() {
    }

    public static EntityBody read(byte[] body) {
        return read(body, 0, body.length);
    }

    /** Reads the body at {@code data[offset, offset + length)}: an operation's body inside a batch, where it lies. */
    public static EntityBody read(byte[] data, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, data.length);
        if (length == 0) {
            throw new TableServiceException(CommonError.INVALID_INPUT, "The request body is empty; an entity is required.");
        }
        Map<String, RawValue> values = new LinkedHashMap<>();
        Map<String, String> annotations = new HashMap<>();
        try (JsonParser parser = JSON.createParser(data, offset, length)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                throw invalid("The request body must be a JSON object.");
            }
            JsonToken token;
            while ((token = parser.nextToken()) == JsonToken.FIELD_NAME) {
                String name = parser.currentName();
                JsonToken valueToken = parser.nextToken();
                if (name.endsWith(ANNOTATION) && name.length() > ANNOTATION.length()) {
                    if (valueToken != JsonToken.VALUE_STRING) {
                        throw invalid("The type annotation '" + name + "' must be a string.");
                    }
                    String property = name.substring(0, name.length() - ANNOTATION.length());
                    if (annotations.put(property, parser.getText()) != null) {
                        throw new TableServiceException(TableError.DUPLICATE_PROPERTIES_SPECIFIED);
                    }
                    continue;
                }
                if (valueToken == JsonToken.START_OBJECT || valueToken == JsonToken.START_ARRAY) {
                    if (name.startsWith("odata.")) {
                        parser.skipChildren();
                        continue;
                    }
                    throw invalid("The value of property '" + name + "' is an object or array; properties are scalar.");
                }
                RawValue raw = new RawValue(valueToken, parser.getText());
                if (values.put(name, raw) != null) {
                    throw new TableServiceException(TableError.DUPLICATE_PROPERTIES_SPECIFIED);
                }
            }
            if (token != JsonToken.END_OBJECT || parser.nextToken() != null) {
                throw invalid("The request body is not a single JSON object.");
            }
        } catch (IOException e) {
            throw invalid("The request body is not valid JSON: " + firstLine(e.getMessage()));
        }
        return toEntityBody(values, annotations);
    }

    private static EntityBody toEntityBody(Map<String, RawValue> values, Map<String, String> annotations) {
        String partitionKey = null;
        String rowKey = null;
        LinkedHashMap<String, PropertyValue> properties = new LinkedHashMap<>();
        for (Map.Entry<String, RawValue> entry : values.entrySet()) {
            String name = entry.getKey();
            RawValue raw = entry.getValue();
            if (name.startsWith("odata.") || name.equals(Entity.TIMESTAMP)) {
                continue;
            }
            if (name.equals(Entity.PARTITION_KEY) || name.equals(Entity.ROW_KEY)) {
                String annotation = annotations.get(name);
                if (raw.token() != JsonToken.VALUE_STRING
                        || annotation != null && !annotation.equals(EdmType.STRING.wireName())) {
                    // The service refuses a key of any other type with InvalidInput, typed by its JSON or
                    // by an annotation ("PartitionKey@odata.type":"Edm.Int32").
                    throw invalid("The " + name + " must be a string" + (annotation == null ? "."
                            : "; it is typed '" + annotation + "'."));
                }
                if (name.equals(Entity.PARTITION_KEY)) {
                    partitionKey = raw.text();
                } else {
                    rowKey = raw.text();
                }
                continue;
            }
            if (raw.token() == JsonToken.VALUE_NULL) {
                continue;
            }
            String annotation = annotations.get(name);
            EdmType type = annotation == null ? null : EdmType.fromWireName(annotation).orElseThrow(
                    () -> invalid("The type '" + annotation + "' of property '" + name + "' is not an EDM type."));
            properties.put(name, ValueConverter.convert(name, type, raw));
        }
        for (String annotated : annotations.keySet()) {
            if (!values.containsKey(annotated)) {
                // The service's OData reader refuses a type annotation without its property: an open
                // property without a value cannot be ignored when nothing says what it is.
                throw invalid("The type annotation '" + annotated + ANNOTATION + "' has no property '" + annotated
                        + "' beside it.");
            }
        }
        return new EntityBody(partitionKey, rowKey, Properties.owning(properties));
    }

    static TableServiceException invalid(String message) {
        return new TableServiceException(CommonError.INVALID_INPUT, message);
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "";
        }
        int newline = message.indexOf('\n');
        return newline < 0 ? message : message.substring(0, newline);
    }

    /** A scalar JSON value before typing: its token kind and text. */
    record RawValue(JsonToken token, String text) {
    }
}
