package io.cerulean.server.json;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * Error bodies as the service writes them. JSON: {@code odata.error} first (the .NET SDK requires
 * it), message text followed by the request id and time. XML: the {@code <Error>} element used
 * by the non-OData operations.
 */
public final class ErrorBodies {
    private ErrorBodies() {
    }

    public static byte[] json(String code, String messageValue) {
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

    public static byte[] xml(String code, String messageValue) {
        String xml = "<?xml version=\"1.0\" encoding=\"utf-8\"?><Error><Code>" + escape(code) + "</Code><Message>"
                + escape(messageValue) + "</Message></Error>";
        return xml.getBytes(StandardCharsets.UTF_8);
    }

    private static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
