package io.cerulean.table.rest.json;

import com.fasterxml.jackson.core.JsonGenerator;
import io.cerulean.http.error.ErrorBody;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * The JSON error body of the OData operations, as the service writes it: {@code odata.error} first
 * (the .NET SDK requires it), the message text followed by the request id and time. The XML
 * operations' {@code <Error>} body is the kernel's.
 */
public final class JsonErrorBody implements ErrorBody {
    public static final JsonErrorBody INSTANCE = new JsonErrorBody();

    private JsonErrorBody() {
    }

    @Override
    public String contentType() {
        return MetadataLevel.MINIMAL_METADATA.contentType();
    }

    @Override
    public byte[] write(String code, String messageValue) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(256);
        try (JsonGenerator json = EntityJsonReader.JSON.createGenerator(out)) {
            json.writeStartObject();
            json.writeObjectFieldStart("odata.error");
            json.writeStringField("code", code);
            json.writeObjectFieldStart("message");
            json.writeStringField("lang", "en-US");
            json.writeStringField("value", messageValue);
            json.writeEndObject();
            json.writeEndObject();
            json.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }
}
