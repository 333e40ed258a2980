package io.cerulean.bench.workload;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Compares an entity as sent with the same entity read back with minimal metadata: every sent
 * property must come back with the same EDM type (annotated, or inferred from the JSON token as
 * contract 4.2 says) and an equal value (Int64 and Guid by value, DateTime as an instant, Double as
 * a number, Binary as bytes). The service's own additions (Timestamp, odata.*) are not compared.
 */
final class RoundTrip {
    private static final JsonFactory JSON = new JsonFactory();

    /** A property's EDM type and its value as JSON text. */
    record Typed(String type, String text) {
    }

    private RoundTrip() {
    }

    /** The differences, each as "Name: got ... want ...", or an empty list. */
    static List<String> differences(byte[] sent, byte[] received) throws IOException {
        Map<String, Typed> want = properties(sent);
        Map<String, Typed> got = properties(received);
        List<String> differences = new ArrayList<>();
        for (Map.Entry<String, Typed> e : want.entrySet()) {
            Typed g = got.get(e.getKey());
            Typed w = e.getValue();
            if (g == null) {
                differences.add(e.getKey() + ": missing");
            } else if (!g.type.equals(w.type)) {
                differences.add(e.getKey() + ": type " + g.type + ", want " + w.type);
            } else if (!sameValue(w.type, g.text, w.text)) {
                differences.add(e.getKey() + ": " + shorten(g.text) + ", want " + shorten(w.text));
            }
        }
        return differences;
    }

    /** Properties by name, each with its type; control information (odata.*) left out. */
    static Map<String, Typed> properties(byte[] json) throws IOException {
        Map<String, String> annotations = new HashMap<>();
        Map<String, Typed> inferred = new HashMap<>();
        try (JsonParser parser = JSON.createParser(json)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                throw new IOException("not a JSON object");
            }
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String name = parser.currentName();
                JsonToken token = parser.nextToken();
                if (name.startsWith("odata.")) {
                    parser.skipChildren();
                } else if (name.endsWith("@odata.type")) {
                    annotations.put(name.substring(0, name.length() - "@odata.type".length()), parser.getText());
                } else {
                    inferred.put(name, new Typed(inferredType(parser, token), parser.getText()));
                }
            }
        }
        Map<String, Typed> typed = new HashMap<>();
        inferred.forEach((name, value) -> typed.put(name, new Typed(annotations.getOrDefault(name, value.type), value.text)));
        return typed;
    }

    /** Contract 4.2: an unannotated integer is Int32 when it fits, any other number a Double. */
    private static String inferredType(JsonParser parser, JsonToken token) throws IOException {
        return switch (token) {
            case VALUE_STRING -> "Edm.String";
            case VALUE_NUMBER_INT -> parser.getNumberType() == JsonParser.NumberType.INT ? "Edm.Int32" : "Edm.Double";
            case VALUE_NUMBER_FLOAT -> "Edm.Double";
            case VALUE_TRUE, VALUE_FALSE -> "Edm.Boolean";
            default -> "unsupported " + token;
        };
    }

    private static boolean sameValue(String type, String got, String want) {
        try {
            return switch (type) {
                case "Edm.Int32", "Edm.Int64" -> Long.parseLong(got) == Long.parseLong(want);
                case "Edm.Double" -> Double.parseDouble(got) == Double.parseDouble(want);
                case "Edm.DateTime" -> Instant.parse(got).equals(Instant.parse(want));
                case "Edm.Guid", "Edm.Boolean" -> got.toLowerCase(Locale.ROOT).equals(want.toLowerCase(Locale.ROOT));
                case "Edm.Binary" -> Arrays.equals(Base64.getDecoder().decode(got),
                        Base64.getDecoder().decode(want));
                default -> got.equals(want);
            };
        } catch (IllegalArgumentException | DateTimeParseException e) {   // not a number, an instant, base64
            return false;
        }
    }

    private static String shorten(String text) {
        return text.length() > 40 ? text.substring(0, 40) + "..." : text;
    }
}
