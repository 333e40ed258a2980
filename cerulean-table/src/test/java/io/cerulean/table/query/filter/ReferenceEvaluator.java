package io.cerulean.table.query.filter;

import io.cerulean.table.model.EdmType;
import io.cerulean.table.model.PropertyValue;
import java.util.Map;

/**
 * A deliberately naive, independently written statement of the filter semantics, used as the oracle for
 * the property test: null stands for "unknown", guids are ordered by their actual strings, doubles by
 * Double.compare with -0.0 folded into 0.0 and NaN handled first.
 */
final class ReferenceEvaluator {
    private ReferenceEvaluator() {
    }

    static Boolean eval(Filter filter, Map<String, PropertyValue> entity) {
        if (filter instanceof Filter.Constant c) {
            return c.value();
        }
        if (filter instanceof Filter.Not n) {
            Boolean v = eval(n.operand(), entity);
            return v == null ? null : !v;
        }
        if (filter instanceof Filter.And a) {
            Boolean l = eval(a.left(), entity);
            Boolean r = eval(a.right(), entity);
            if (Boolean.FALSE.equals(l) || Boolean.FALSE.equals(r)) {
                return false;
            }
            return l == null || r == null ? null : true;
        }
        if (filter instanceof Filter.Or o) {
            Boolean l = eval(o.left(), entity);
            Boolean r = eval(o.right(), entity);
            if (Boolean.TRUE.equals(l) || Boolean.TRUE.equals(r)) {
                return true;
            }
            return l == null || r == null ? null : false;
        }
        Filter.Comparison c = (Filter.Comparison) filter;
        return compare(entity.get(c.property()), c.op().keyword(), c.literal());
    }

    private static Boolean compare(PropertyValue actual, String op, PropertyValue literal) {
        if (actual == null) {
            return null;
        }
        EdmType a = actual.type();
        EdmType l = literal.type();
        if (isNumber(a) && isNumber(l)) {
            if (l == EdmType.INT64 && a == EdmType.DOUBLE) {
                return null;
            }
            if (a == EdmType.DOUBLE || l == EdmType.DOUBLE) {
                double x = ((Number) actual.value()).doubleValue();
                double y = ((Number) literal.value()).doubleValue();
                if (Double.isNaN(x) || Double.isNaN(y)) {
                    return op.equals("ne");
                }
                return holds(op, Double.compare(x + 0.0, y + 0.0));
            }
            return holds(op, Long.compare(((Number) actual.value()).longValue(), ((Number) literal.value()).longValue()));
        }
        if (a != l) {
            return null;
        }
        int cmp = switch (a) {
            case STRING -> actual.asString().compareTo(literal.asString());
            case BOOLEAN -> Boolean.compare(actual.asBoolean(), literal.asBoolean());
            case DATETIME -> actual.asDateTime().compareTo(literal.asDateTime());
            case GUID -> actual.asGuid().toString().compareTo(literal.asGuid().toString());
            case BINARY -> compareBytes(actual.asBinary(), literal.asBinary());
            default -> throw new AssertionError(a);
        };
        return holds(op, cmp);
    }

    private static boolean isNumber(EdmType type) {
        return type == EdmType.INT32 || type == EdmType.INT64 || type == EdmType.DOUBLE;
    }

    private static int compareBytes(byte[] x, byte[] y) {
        for (int i = 0; i < Math.min(x.length, y.length); i++) {
            int d = (x[i] & 0xFF) - (y[i] & 0xFF);
            if (d != 0) {
                return d;
            }
        }
        return x.length - y.length;
    }

    private static boolean holds(String op, int cmp) {
        return switch (op) {
            case "eq" -> cmp == 0;
            case "ne" -> cmp != 0;
            case "gt" -> cmp > 0;
            case "ge" -> cmp >= 0;
            case "lt" -> cmp < 0;
            case "le" -> cmp <= 0;
            default -> throw new AssertionError(op);
        };
    }
}
