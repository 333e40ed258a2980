package io.cerulean.it.query;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.cerulean.it.support.SignedHttp;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Base64;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * An independent, naive model of the contract's $filter semantics (sections 5.1, 5.2), written from
 * the spec and not from the server's classes: typed values, a filter tree that prints itself as
 * $filter text, and a three-valued evaluator. Only a filter that is TRUE as a whole selects an
 * entity; a comparison on a missing property or a value of an incompatible type is UNKNOWN, and
 * {@code not UNKNOWN} stays UNKNOWN.
 */
final class FilterOracle {
    private FilterOracle() {
    }

    /** The eight EDM types. */
    enum Type {
        STRING("Edm.String"), INT32("Edm.Int32"), INT64("Edm.Int64"), DOUBLE("Edm.Double"),
        BOOLEAN("Edm.Boolean"), DATETIME("Edm.DateTime"), GUID("Edm.Guid"), BINARY("Edm.Binary");

        final String wire;

        Type(String wire) {
            this.wire = wire;
        }

        static Type ofWire(String wire) {
            for (Type t : values()) {
                if (t.wire.equals(wire)) {
                    return t;
                }
            }
            throw new AssertionError("unknown EDM type in a response: " + wire);
        }
    }

    /**
     * A typed value. {@code v} is a String, Integer, Long, Double, Boolean, Instant (100 ns precision),
     * UUID, or for Binary the lowercase hex of the bytes (whose string order is the unsigned byte order).
     * Equality is exact: NaN equals NaN, -0.0 differs from 0.0, so a stored value must round-trip.
     */
    record Value(Type type, Object v) {
        static Value string(String s) {
            return new Value(Type.STRING, s);
        }

        @Override
        public String toString() {
            return type.name() + ":" + (v instanceof String s ? "'" + s + "'" : v);
        }
    }

    enum Truth {
        FALSE, UNKNOWN, TRUE;

        static Truth of(boolean b) {
            return b ? TRUE : FALSE;
        }

        Truth and(Truth o) {
            if (this == FALSE || o == FALSE) {
                return FALSE;
            }
            return this == TRUE && o == TRUE ? TRUE : UNKNOWN;
        }

        Truth or(Truth o) {
            if (this == TRUE || o == TRUE) {
                return TRUE;
            }
            return this == FALSE && o == FALSE ? FALSE : UNKNOWN;
        }

        Truth not() {
            return this == TRUE ? FALSE : this == FALSE ? TRUE : UNKNOWN;
        }
    }

    /** An entity as the test wrote it. */
    record TestEntity(String pk, String rk, Map<String, Value> props) {
        String key() {
            return pk + "|" + rk;
        }
    }

    static final Comparator<TestEntity> KEY_ORDER = Comparator.comparing(TestEntity::pk).thenComparing(TestEntity::rk);

    // ---------------------------------------------------------------- filter tree

    sealed interface Expr permits Cmp, And, Or, Not, Const {
    }

    /** {@code property op literal}; printed literal-first (with the operator flipped) when {@code literalFirst}. */
    record Cmp(String property, String op, Value literal, String literalText, boolean literalFirst) implements Expr {
    }

    record And(Expr left, Expr right) implements Expr {
    }

    record Or(Expr left, Expr right) implements Expr {
    }

    record Not(Expr operand) implements Expr {
    }

    record Const(boolean value) implements Expr {
    }

    static String flip(String op) {
        return switch (op) {
            case "gt" -> "lt";
            case "ge" -> "le";
            case "lt" -> "gt";
            case "le" -> "ge";
            default -> op;
        };
    }

    /**
     * The $filter text. With {@code minimalParens} only what precedence needs is parenthesised (an
     * {@code or} under an {@code and}, an and/or under a {@code not}); otherwise every operand of
     * and/or/not is, as the SDKs write it.
     */
    static String text(Expr e, boolean minimalParens) {
        if (e instanceof Cmp c) {
            return c.literalFirst ? c.literalText + " " + flip(c.op) + " " + c.property
                    : c.property + " " + c.op + " " + c.literalText;
        }
        if (e instanceof Const k) {
            return Boolean.toString(k.value);
        }
        if (e instanceof Not n) {
            // Grammar 5.1: unary := "not" unary | primary, and a comparison is a primary, so "not A eq 1" is not (A eq 1).
            boolean bare = n.operand instanceof Not || (minimalParens && (n.operand instanceof Cmp || n.operand instanceof Const));
            return bare ? "not " + text(n.operand, minimalParens) : "not (" + text(n.operand, minimalParens) + ")";
        }
        if (e instanceof And a) {
            return operand(a.left, minimalParens, true) + " and " + operand(a.right, minimalParens, true);
        }
        Or o = (Or) e;
        return operand(o.left, minimalParens, false) + " or " + operand(o.right, minimalParens, false);
    }

    private static String operand(Expr e, boolean minimalParens, boolean underAnd) {
        String inner = text(e, minimalParens);
        boolean needs = !minimalParens ? !(e instanceof Const) : underAnd && e instanceof Or;
        return needs ? "(" + inner + ")" : inner;
    }

    static int comparisons(Expr e) {
        if (e instanceof Cmp) {
            return 1;
        }
        if (e instanceof Not n) {
            return comparisons(n.operand);
        }
        if (e instanceof And a) {
            return comparisons(a.left) + comparisons(a.right);
        }
        if (e instanceof Or o) {
            return comparisons(o.left) + comparisons(o.right);
        }
        return 0;
    }

    // ---------------------------------------------------------------- evaluation

    static boolean selects(Expr filter, TestEntity entity) {
        return filter == null || eval(filter, entity) == Truth.TRUE;
    }

    static Truth eval(Expr e, TestEntity entity) {
        if (e instanceof Cmp c) {
            return compare(property(entity, c.property), c.op, c.literal);
        }
        if (e instanceof Const k) {
            return Truth.of(k.value);
        }
        if (e instanceof Not n) {
            return eval(n.operand, entity).not();
        }
        if (e instanceof And a) {
            return eval(a.left, entity).and(eval(a.right, entity));
        }
        Or o = (Or) e;
        return eval(o.left, entity).or(eval(o.right, entity));
    }

    static Value property(TestEntity entity, String name) {
        return switch (name) {
            case "PartitionKey" -> Value.string(entity.pk);
            case "RowKey" -> Value.string(entity.rk);
            default -> entity.props.get(name);
        };
    }

    /** Spec 5.2: compatible types only; numbers per the recommended promotion table; IEEE for doubles. */
    static Truth compare(Value actual, String op, Value literal) {
        if (actual == null) {
            return Truth.UNKNOWN;
        }
        Type a = actual.type;
        switch (literal.type) {
            case INT32, INT64, DOUBLE -> {
                boolean compatible = switch (literal.type) {
                    case INT32 -> a == Type.INT32 || a == Type.INT64 || a == Type.DOUBLE;
                    case INT64 -> a == Type.INT64 || a == Type.INT32;
                    default -> a == Type.DOUBLE || a == Type.INT32 || a == Type.INT64;
                };
                if (!compatible) {
                    return Truth.UNKNOWN;
                }
                if (a != Type.DOUBLE && literal.type != Type.DOUBLE) {
                    return Truth.of(test(op, Long.compare(((Number) actual.v).longValue(), ((Number) literal.v).longValue())));
                }
                double x = ((Number) actual.v).doubleValue();
                double y = ((Number) literal.v).doubleValue();
                return Truth.of(switch (op) {
                    case "eq" -> x == y;
                    case "ne" -> x != y;
                    case "gt" -> x > y;
                    case "ge" -> x >= y;
                    case "lt" -> x < y;
                    default -> x <= y;
                });
            }
            default -> {
                if (a != literal.type) {
                    return Truth.UNKNOWN;
                }
                int c = switch (a) {
                    case STRING, BINARY -> ((String) actual.v).compareTo((String) literal.v);
                    case BOOLEAN -> Boolean.compare((Boolean) actual.v, (Boolean) literal.v);
                    case DATETIME -> ((Instant) actual.v).compareTo((Instant) literal.v);
                    case GUID -> actual.v.toString().compareTo(literal.v.toString());
                    default -> throw new AssertionError(a);
                };
                return Truth.of(test(op, c));
            }
        }
    }

    private static boolean test(String op, int c) {
        return switch (op) {
            case "eq" -> c == 0;
            case "ne" -> c != 0;
            case "gt" -> c > 0;
            case "ge" -> c >= 0;
            case "lt" -> c < 0;
            case "le" -> c <= 0;
            default -> throw new AssertionError(op);
        };
    }

    // ---------------------------------------------------------------- JSON

    private static final DateTimeFormatter SEVEN_DIGITS =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSSSSS'Z'").withZone(ZoneOffset.UTC);

    static String dateTimeText(Instant instant) {
        return SEVEN_DIGITS.format(instant);
    }

    /** The Insert Entity body: every non-obvious type annotated, doubles always (so 2.0 stays a Double). */
    static String insertBody(TestEntity entity) {
        ObjectNode node = SignedHttp.JSON.createObjectNode();
        node.put("PartitionKey", entity.pk);
        node.put("RowKey", entity.rk);
        for (Map.Entry<String, Value> p : entity.props.entrySet()) {
            String name = p.getKey();
            Value value = p.getValue();
            switch (value.type) {
                case STRING -> node.put(name, (String) value.v);
                case INT32 -> node.put(name, (Integer) value.v);
                case BOOLEAN -> node.put(name, (Boolean) value.v);
                case INT64 -> node.put(name + "@odata.type", "Edm.Int64").put(name, value.v.toString());
                case DOUBLE -> {
                    double d = (Double) value.v;
                    node.put(name + "@odata.type", "Edm.Double");
                    if (Double.isNaN(d)) {
                        node.put(name, "NaN");
                    } else if (Double.isInfinite(d)) {
                        node.put(name, d > 0 ? "Infinity" : "-Infinity");
                    } else {
                        node.put(name, d);
                    }
                }
                case DATETIME -> node.put(name + "@odata.type", "Edm.DateTime").put(name, dateTimeText((Instant) value.v));
                case GUID -> node.put(name + "@odata.type", "Edm.Guid").put(name, value.v.toString());
                case BINARY -> node.put(name + "@odata.type", "Edm.Binary")
                        .put(name, Base64.getEncoder().encodeToString(HexFormat.of().parseHex((String) value.v)));
            }
        }
        return node.toString();
    }

    /**
     * The properties of an entity in a minimal-metadata response, typed by their annotations or JSON
     * tokens; PartitionKey, RowKey and Timestamp included as they came, {@code odata.*} left out, a JSON
     * null kept as a null value.
     */
    static Map<String, Value> parse(JsonNode entity) {
        Map<String, Value> result = new LinkedHashMap<>();
        Iterator<Map.Entry<String, JsonNode>> fields = entity.fields();
        while (fields.hasNext()) {
            Map.Entry<String, JsonNode> field = fields.next();
            String name = field.getKey();
            if (name.startsWith("odata.") || name.endsWith("@odata.type")) {
                continue;
            }
            JsonNode node = field.getValue();
            JsonNode annotation = entity.get(name + "@odata.type");
            // Timestamp is annotated in full metadata only (spec 4.1): it is always a DateTime.
            String type = annotation != null ? annotation.asText() : name.equals("Timestamp") ? "Edm.DateTime" : null;
            result.put(name, node.isNull() ? null : value(name, node, type));
        }
        return result;
    }

    private static Value value(String name, JsonNode node, String annotation) {
        if (annotation == null) {
            if (node.isTextual()) {
                return Value.string(node.asText());
            }
            if (node.isBoolean()) {
                return new Value(Type.BOOLEAN, node.asBoolean());
            }
            if (node.isInt()) {
                return new Value(Type.INT32, node.intValue());
            }
            if (node.isFloatingPointNumber()) {
                return new Value(Type.DOUBLE, node.doubleValue());
            }
            throw new AssertionError("property " + name + " has an untyped value " + node);
        }
        Type type = Type.ofWire(annotation);
        return switch (type) {
            case STRING -> Value.string(node.asText());
            case INT32 -> new Value(Type.INT32, node.asInt());
            case BOOLEAN -> new Value(Type.BOOLEAN, node.asBoolean());
            case INT64 -> new Value(Type.INT64, Long.parseLong(node.asText()));
            case DOUBLE -> new Value(Type.DOUBLE, switch (node.asText()) {
                case "NaN" -> Double.NaN;
                case "Infinity" -> Double.POSITIVE_INFINITY;
                case "-Infinity" -> Double.NEGATIVE_INFINITY;
                default -> node.isNumber() ? node.doubleValue() : Double.parseDouble(node.asText());
            });
            case DATETIME -> new Value(Type.DATETIME, Instant.parse(node.asText()));
            case GUID -> new Value(Type.GUID, UUID.fromString(node.asText()));
            case BINARY -> new Value(Type.BINARY, HexFormat.of().formatHex(Base64.getDecoder().decode(node.asText())));
        };
    }

    /** What a query returns of an entity: every property, or only the selected ones (null where missing, spec 4.6). */
    static Map<String, Value> projection(TestEntity entity, List<String> select) {
        Map<String, Value> result = new LinkedHashMap<>();
        if (select == null) {
            result.put("PartitionKey", Value.string(entity.pk));
            result.put("RowKey", Value.string(entity.rk));
            result.putAll(entity.props);
            return result;
        }
        for (String name : select) {
            result.put(name, property(entity, name));
        }
        return result;
    }
}
