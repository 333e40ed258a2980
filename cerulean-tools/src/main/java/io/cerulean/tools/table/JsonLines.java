package io.cerulean.tools.table;

import com.azure.data.tables.models.TableEntity;
import java.time.OffsetDateTime;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * The JSON Lines format of export and import: one entity per line, as the Table service's OData
 * JSON writes it, with an {@code @odata.type} annotation wherever JSON alone would lose the type.
 *
 * <pre>
 * {"PartitionKey":"p","RowKey":"r","Timestamp@odata.type":"Edm.DateTime","Timestamp":"2026-11-29T15:10:52.1234567Z",
 *  "Age":42,"Big@odata.type":"Edm.Int64","Big":"9007199254740993","Name":"Ada","Ratio":0.5,
 *  "Whole@odata.type":"Edm.Double","Whole":20.0,"Nan@odata.type":"Edm.Double","Nan":"NaN", ...}
 * </pre>
 *
 * <ul>
 * <li>Unannotated: a string is Edm.String, {@code true}/{@code false} Edm.Boolean, an integer
 * Edm.Int32, a number with a fraction or exponent Edm.Double.</li>
 * <li>Annotated: Edm.Int64 (a string of digits), Edm.DateTime, Edm.Guid, Edm.Binary (strings, as
 * {@link EdmText} writes them), and Edm.Double when it is integral, -0, NaN or an infinity.</li>
 * <li>Written in one way only, so that an export of the same data is the same bytes: PartitionKey,
 * RowKey, Timestamp (unless left out), then the properties by name (ordinal order); UTF-8,
 * {@code \n} after every line; in strings only {@code "}, {@code \}, control characters, U+2028,
 * U+2029 and lone surrogates are escaped.</li>
 * <li>Read leniently: members in any order, other {@code odata.*} members ignored, Timestamp
 * ignored (the service sets it), a null value is an absent property.</li>
 * </ul>
 */
public final class JsonLines {
    private static final String ANNOTATION = "@odata.type";

    private JsonLines() {
    }

    /** The entity as one line, without its end of line; Timestamp only when {@code withTimestamp}. */
    public static String encode(TableEntity entity, boolean withTimestamp) {
        StringBuilder out = new StringBuilder(256).append('{');
        member(out, "PartitionKey", entity.getPartitionKey());
        out.append(',');
        member(out, "RowKey", entity.getRowKey());
        Object timestamp = entity.getProperties().get("Timestamp");
        if (withTimestamp && timestamp instanceof OffsetDateTime) {
            out.append(',');
            member(out, "Timestamp", timestamp);
        }
        for (Map.Entry<String, Object> property : new TreeMap<>(entity.getProperties()).entrySet()) {
            String name = property.getKey();
            if (!systemProperty(name) && property.getValue() != null) {
                out.append(',');
                member(out, name, property.getValue());
            }
        }
        return out.append('}').toString();
    }

    private static void member(StringBuilder out, String name, Object value) {
        String type = EdmText.typeOf(value);
        boolean annotated = switch (type) {
            case EdmText.STRING, EdmText.INT32, EdmText.BOOLEAN -> false;
            case EdmText.DOUBLE -> !plainDouble((Double) value);
            default -> true;
        };
        if (annotated) {
            Json.appendString(out, name + ANNOTATION);
            out.append(':');
            Json.appendString(out, type);
            out.append(',');
        }
        Json.appendString(out, name);
        out.append(':');
        switch (type) {
            case EdmText.STRING -> Json.appendString(out, (String) value);
            case EdmText.INT32, EdmText.BOOLEAN -> out.append(value);
            case EdmText.DOUBLE -> {
                double d = (Double) value;
                if (Double.isFinite(d)) {
                    out.append(Double.toString(d));
                } else {
                    Json.appendString(out, EdmText.format(d));
                }
            }
            default -> Json.appendString(out, EdmText.format(value));
        }
    }

    /** A double JSON keeps as a double unannotated: finite, not -0, with a fraction. */
    private static boolean plainDouble(double d) {
        return Double.isFinite(d) && d != Math.rint(d);
    }

    /** The entity a line holds, without Timestamp. */
    public static TableEntity decode(String line) throws MalformedRowException {
        return decode(line, false);
    }

    /** The entity a line holds, with its Timestamp if it has one: for a line this class wrote. */
    static TableEntity decodeWithTimestamp(String line) throws MalformedRowException {
        return decode(line, true);
    }

    private static TableEntity decode(String line, boolean withTimestamp) throws MalformedRowException {
        Map<String, Object> members = Json.parseObject(line);
        Map<String, String> types = new HashMap<>();
        for (Map.Entry<String, Object> member : members.entrySet()) {
            if (member.getKey().endsWith(ANNOTATION)) {
                if (!(member.getValue() instanceof String type)) {
                    throw new MalformedRowException(member.getKey() + " is not a type name");
                }
                types.put(member.getKey().substring(0, member.getKey().length() - ANNOTATION.length()), type);
            }
        }
        TableEntity entity = new TableEntity(key(members, "PartitionKey"), key(members, "RowKey"));
        for (Map.Entry<String, Object> member : members.entrySet()) {
            String name = member.getKey();
            if (withTimestamp && name.equals("Timestamp") && member.getValue() != null) {
                entity.addProperty(name, value(name, member.getValue(), types.getOrDefault(name, EdmText.DATE_TIME)));
                continue;
            }
            if (name.endsWith(ANNOTATION) || systemProperty(name) || member.getValue() == null) {
                continue;
            }
            entity.addProperty(name, value(name, member.getValue(), types.get(name)));
        }
        return entity;
    }

    private static String key(Map<String, Object> members, String name) throws MalformedRowException {
        if (!(members.get(name) instanceof String key)) {
            throw new MalformedRowException("no " + name + " string");
        }
        return key;
    }

    private static Object value(String name, Object json, String type) throws MalformedRowException {
        try {
            if (type != null) {
                if (json instanceof Boolean b) {
                    return EdmText.parse(type, b.toString());
                }
                return EdmText.parse(type, json instanceof Json.Number n ? n.text() : (String) json);
            }
            if (json instanceof Json.Number n) {
                String text = n.text();
                if (text.indexOf('.') >= 0 || text.indexOf('e') >= 0 || text.indexOf('E') >= 0) {
                    return EdmText.parse(EdmText.DOUBLE, text);
                }
                return EdmText.parse(EdmText.INT32, text);
            }
            return json;
        } catch (MalformedRowException e) {
            throw new MalformedRowException(name + ": " + e.getMessage());
        }
    }

    private static boolean systemProperty(String name) {
        return name.equals("PartitionKey") || name.equals("RowKey") || name.equals("Timestamp")
                || name.startsWith("odata.") || name.endsWith(ANNOTATION);
    }
}
