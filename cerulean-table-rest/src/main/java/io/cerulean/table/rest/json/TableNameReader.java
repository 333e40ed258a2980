package io.cerulean.table.rest.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.cerulean.table.error.TableError;
import io.cerulean.table.error.TableServiceException;
import java.io.IOException;

/** Reads the Create Table body, {@code {"TableName":"name"}}; other members are ignored. */
public final class TableNameReader {
    private TableNameReader() {
    }

    public static String read(byte[] body) {
        String name = null;
        try (JsonParser parser = EntityJsonReader.JSON.createParser(body)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                throw EntityJsonReader.invalid("The request body must be a JSON object with a TableName.");
            }
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String field = parser.currentName();
                JsonToken value = parser.nextToken();
                if (field.equals("TableName")) {
                    if (value != JsonToken.VALUE_STRING) {
                        throw EntityJsonReader.invalid("The TableName must be a string.");
                    }
                    name = parser.getText();
                } else {
                    parser.skipChildren();
                }
            }
        } catch (IOException e) {
            throw EntityJsonReader.invalid("The request body is not valid JSON.");
        }
        if (name == null) {
            throw new TableServiceException(TableError.PROPERTIES_NEED_VALUE, "The TableName property is required.");
        }
        return name;
    }
}
