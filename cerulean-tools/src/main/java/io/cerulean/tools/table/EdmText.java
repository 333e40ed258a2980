package io.cerulean.tools.table;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Base64;
import java.util.UUID;

/**
 * Property values as text, the same in both formats: each EDM type's name, how a Java value from
 * the SDK is written, and how text of a named type is read back to exactly that value.
 *
 * <ul>
 * <li>Edm.DateTime: UTC, always seven fractional digits ({@code 1969-07-20T20:17:40.0000000Z}),
 * the service's own precision (100 ns), so a value is written one way only.</li>
 * <li>Edm.Double: Java's shortest round-tripping form ({@code 0.1}, {@code 4.9E-324},
 * {@code -0.0}), and {@code NaN}, {@code Infinity}, {@code -Infinity} as OData writes them.</li>
 * <li>Edm.Int64: decimal digits. Edm.Guid: lower case. Edm.Binary: standard base64.</li>
 * </ul>
 */
final class EdmText {
    static final String STRING = "Edm.String";
    static final String INT32 = "Edm.Int32";
    static final String INT64 = "Edm.Int64";
    static final String DOUBLE = "Edm.Double";
    static final String BOOLEAN = "Edm.Boolean";
    static final String DATE_TIME = "Edm.DateTime";
    static final String GUID = "Edm.Guid";
    static final String BINARY = "Edm.Binary";

    private static final DateTimeFormatter DATE_TIME_FORMAT =
            DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSSSSS'Z'").withZone(ZoneOffset.UTC);

    private static final java.util.regex.Pattern DECIMAL =
            java.util.regex.Pattern.compile("[-+]?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?");

    private EdmText() {
    }

    /** The EDM type of a value as the SDK gives it. */
    static String typeOf(Object value) {
        if (value instanceof String) {
            return STRING;
        }
        if (value instanceof Integer) {
            return INT32;
        }
        if (value instanceof Long) {
            return INT64;
        }
        if (value instanceof Double) {
            return DOUBLE;
        }
        if (value instanceof Boolean) {
            return BOOLEAN;
        }
        if (value instanceof OffsetDateTime) {
            return DATE_TIME;
        }
        if (value instanceof UUID) {
            return GUID;
        }
        if (value instanceof byte[]) {
            return BINARY;
        }
        throw new IllegalArgumentException("not an EDM value: " + value.getClass().getName());
    }

    static String format(Object value) {
        if (value instanceof OffsetDateTime time) {
            return DATE_TIME_FORMAT.format(time.toInstant());
        }
        if (value instanceof byte[] bytes) {
            return Base64.getEncoder().encodeToString(bytes);
        }
        return value.toString();
    }

    /** The value of {@code text} read as {@code type} (with or without the {@code Edm.} prefix). */
    static Object parse(String type, String text) throws MalformedRowException {
        String edm = type.startsWith("Edm.") ? type : "Edm." + type;
        try {
            return switch (edm) {
                case STRING -> text;
                case INT32 -> Integer.parseInt(text);
                case INT64 -> Long.parseLong(text);
                case DOUBLE -> parseDouble(text);
                case BOOLEAN -> parseBoolean(text);
                case DATE_TIME -> OffsetDateTime.ofInstant(Instant.from(
                        DateTimeFormatter.ISO_OFFSET_DATE_TIME.parse(text)), ZoneOffset.UTC);
                case GUID -> parseGuid(text);
                case BINARY -> Base64.getDecoder().decode(text);
                default -> throw new MalformedRowException("unknown type " + type);
            };
        } catch (NumberFormatException | DateTimeParseException e) {
            throw new MalformedRowException("not an " + edm + ": " + abbreviated(text));
        } catch (IllegalArgumentException e) {
            throw new MalformedRowException("not an " + edm + ": " + abbreviated(text));
        }
    }

    private static double parseDouble(String text) {
        return switch (text) {
            case "NaN" -> Double.NaN;
            case "Infinity", "INF" -> Double.POSITIVE_INFINITY;
            case "-Infinity", "-INF" -> Double.NEGATIVE_INFINITY;
            default -> {
                if (!DECIMAL.matcher(text).matches()) {
                    // Java also reads "1d", "0x1p3" and " 1": not numbers here.
                    throw new NumberFormatException(text);
                }
                yield Double.parseDouble(text);
            }
        };
    }

    private static boolean parseBoolean(String text) {
        if (text.equalsIgnoreCase("true")) {
            return true;
        }
        if (text.equalsIgnoreCase("false")) {
            return false;
        }
        throw new IllegalArgumentException(text);
    }

    private static UUID parseGuid(String text) {
        if (text.length() != 36) {
            throw new IllegalArgumentException(text);
        }
        return UUID.fromString(text);
    }

    static String abbreviated(String text) {
        return text.length() <= 40 ? text : text.substring(0, 40) + "...";
    }
}
