package io.cerulean.table.rest.json;

import com.fasterxml.jackson.core.JsonGenerator;
import io.cerulean.http.auth.AccountKeySignatures;
import io.cerulean.http.error.ErrorBody;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;

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

    /**
     * The message, then why a credential was refused: the JSON error has no place for details, and
     * without it a client would not learn what to fix (Azure's Table service sends the message alone).
     */
    @Override
    public String messageText(String message, Map<String, String> details) {
        String why = details.get(AccountKeySignatures.AUTHENTICATION_ERROR_DETAIL);
        return why == null ? message : message + " " + why;
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
