package io.cerulean.app.control;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A flat JSON object of string and integer fields, no more: the control protocol's lines and a
 * backup's manifest, which a person can read and a script can parse.
 */
public final class FlatJson {
    private static final JsonFactory JSON = new JsonFactory();

    private FlatJson() {
    }

    /** The object, on one line or indented one field a line; each value a {@link String} or a {@link Long}. */
    public static String write(Map<String, Object> fields, boolean indented) {
        StringWriter out = new StringWriter();
        try (JsonGenerator json = JSON.createGenerator(out)) {
            if (indented) {
                json.useDefaultPrettyPrinter();
            }
            json.writeStartObject();
            for (Map.Entry<String, Object> field : fields.entrySet()) {
                if (field.getValue() instanceof Long n) {
                    json.writeNumberField(field.getKey(), n);
                } else {
                    json.writeStringField(field.getKey(), (String) field.getValue());
                }
            }
            json.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    /**
     * The fields of {@code text}, in order.
     *
     * @throws IllegalArgumentException when it is not one flat JSON object of strings and integers
     */
    public static Map<String, Object> read(String text) {
        Map<String, Object> fields = new LinkedHashMap<>();
        try (JsonParser json = JSON.createParser(text)) {
            if (json.nextToken() != JsonToken.START_OBJECT) {
                throw new IllegalArgumentException("not a JSON object");
            }
            for (JsonToken token = json.nextToken(); token != JsonToken.END_OBJECT; token = json.nextToken()) {
                if (token == null) {
                    throw new IllegalArgumentException("the object is cut short");
                }
                String name = json.currentName();
                JsonToken value = json.nextToken();
                if (value == JsonToken.VALUE_STRING) {
                    fields.put(name, json.getText());
                } else if (value == JsonToken.VALUE_NUMBER_INT) {
                    fields.put(name, json.getLongValue());
                } else {
                    throw new IllegalArgumentException("field " + name + " is neither a string nor an integer");
                }
            }
            if (json.nextToken() != null) {
                throw new IllegalArgumentException("more than one JSON object");
            }
        } catch (IOException e) {
            throw new IllegalArgumentException("not JSON: " + e.getMessage(), e);
        }
        return fields;
    }
}
