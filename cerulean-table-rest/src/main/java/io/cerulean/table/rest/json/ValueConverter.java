package io.cerulean.table.rest.json;

import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.io.NumberInput;
import io.cerulean.common.error.CommonError;
import io.cerulean.table.error.TableServiceException;
import io.cerulean.table.model.DateTimes;
import io.cerulean.table.model.EdmType;
import io.cerulean.table.model.PropertyValue;
import java.time.Instant;
import java.util.Base64;
import java.util.UUID;

/**
 * Turns one JSON value into a typed property: strictly where the type's wire form is fixed,
 * leniently where SDKs are known to differ (numeric strings for annotated numbers, "true" and
 * "false" strings for annotated booleans). Anything else is 400 InvalidInput naming the property.
 */
final class ValueConverter {

    private ValueConverter() {
    }

    static PropertyValue convert(String name, EdmType annotated, EntityJsonReader.RawValue raw) {
        JsonToken token = raw.token();
        String text = raw.text();
        if (annotated == null) {
            return switch (token) {
                case VALUE_STRING -> PropertyValue.ofString(text);
                case VALUE_TRUE, VALUE_FALSE -> PropertyValue.ofBoolean(token == JsonToken.VALUE_TRUE);
                case VALUE_NUMBER_INT -> untypedInteger(name, text);
                case VALUE_NUMBER_FLOAT -> PropertyValue.ofDouble(jsonDouble(name, text));
                default -> throw bad(name, "its value is not a scalar");
            };
        }
        try {
            return switch (annotated) {
                case STRING -> PropertyValue.ofString(requireString(name, token, text));
                case BOOLEAN -> PropertyValue.ofBoolean(bool(name, token, text));
                case INT32 -> PropertyValue.ofInt32(Integer.parseInt(number(name, token, text)));
                case INT64 -> PropertyValue.ofInt64(Long.parseLong(number(name, token, text)));
                case DOUBLE -> PropertyValue.ofDouble(annotatedDouble(name, token, text));
                case DATETIME -> PropertyValue.ofDateTime(dateTime(name, requireString(name, token, text)));
                case GUID -> PropertyValue.ofGuid(guid(name, requireString(name, token, text)));
                case BINARY -> PropertyValue.ofBinaryOwned(Base64.getDecoder().decode(requireString(name, token, text)));
            };
        } catch (NumberFormatException e) {
            throw bad(name, "'" + text + "' is not a valid " + annotated.wireName());
        } catch (IllegalArgumentException e) {
            throw bad(name, "its value is not valid base64");
        }
    }

    private static PropertyValue untypedInteger(String name, String text) {
        try {
            return PropertyValue.ofInt32(Integer.parseInt(text));
        } catch (NumberFormatException e) {
            // The service stores an unannotated integer beyond Int32 as a Double.
            return PropertyValue.ofDouble(jsonDouble(name, text));
        }
    }

    private static double annotatedDouble(String name, JsonToken token, String text) {
        if (token == JsonToken.VALUE_STRING) {
            switch (text) {
                case "NaN":
                    return Double.NaN;
                case "Infinity", "INF":
                    return Double.POSITIVE_INFINITY;
                case "-Infinity", "-INF":
                    return Double.NEGATIVE_INFINITY;
                default:
                    return finiteDouble(name, text.trim());
            }
        }
        if (token != JsonToken.VALUE_NUMBER_INT && token != JsonToken.VALUE_NUMBER_FLOAT) {
            throw bad(name, "Edm.Double needs a number");
        }
        return jsonDouble(name, text);
    }

    /**
     * A JSON number token's text, which the parser has already checked against JSON's grammar: read
     * by Jackson's bundled fast parser, which rounds exactly as {@link Double#parseDouble} does in a
     * fraction of its time (a batch of entities with a Double each spent 8 % of its parsing here).
     */
    private static double jsonDouble(String name, String text) {
        return requireFinite(name, text, NumberInput.parseDouble(text, true));
    }

    /** A number written as a string: Java's own grammar, as before. */
    private static double finiteDouble(String name, String text) {
        return requireFinite(name, text, Double.parseDouble(text));
    }

    /** A number written in the body must be representable: {@code 13e7705} is refused, not stored as infinity. */
    private static double requireFinite(String name, String text, double value) {
        if (Double.isInfinite(value)) {
            throw bad(name, "'" + text + "' is out of the range of Edm.Double");
        }
        return value;
    }

    private static String number(String name, JsonToken token, String text) {
        if (token == JsonToken.VALUE_NUMBER_INT || token == JsonToken.VALUE_STRING) {
            return text.trim();
        }
        throw bad(name, "an integer is needed");
    }

    private static boolean bool(String name, JsonToken token, String text) {
        if (token == JsonToken.VALUE_TRUE || token == JsonToken.VALUE_FALSE) {
            return token == JsonToken.VALUE_TRUE;
        }
        if (token == JsonToken.VALUE_STRING && (text.equals("true") || text.equals("false"))) {
            return text.equals("true");
        }
        throw bad(name, "Edm.Boolean needs true or false");
    }

    private static Instant dateTime(String name, String text) {
        Instant instant = DateTimes.parseUnbounded(text)
                .orElseThrow(() -> bad(name, "'" + text + "' is not an ISO 8601 DateTime"));
        if (!DateTimes.inRange(instant)) {
            throw new TableServiceException(CommonError.OUT_OF_RANGE_INPUT, "The value of property '" + name
                    + "' is out of range: '" + text + "' is not between 1601-01-01 and 9999-12-31.");
        }
        return instant;
    }

    private static UUID guid(String name, String text) {
        if (!isGuid(text)) {
            throw bad(name, "'" + text + "' is not a GUID");
        }
        return UUID.fromString(text);
    }

    /** {@code 8-4-4-4-12} hexadecimal digits; UUID.fromString alone accepts shorter groups. */
    private static boolean isGuid(String text) {
        if (text.length() != 36) {
            return false;
        }
        for (int i = 0; i < 36; i++) {
            char c = text.charAt(i);
            boolean dash = i == 8 || i == 13 || i == 18 || i == 23;
            if (dash ? c != '-' : Character.digit(c, 16) < 0) {
                return false;
            }
        }
        return true;
    }

    private static String requireString(String name, JsonToken token, String text) {
        if (token != JsonToken.VALUE_STRING) {
            throw bad(name, "its value must be a JSON string");
        }
        return text;
    }

    private static TableServiceException bad(String name, String why) {
        return EntityJsonReader.invalid("The value of property '" + name + "' is invalid: " + why + ".");
    }
}
