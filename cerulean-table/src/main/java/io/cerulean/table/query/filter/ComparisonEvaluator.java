package io.cerulean.table.query.filter;

import io.cerulean.table.model.EdmType;
import io.cerulean.table.model.PropertyValue;
import java.util.Arrays;
import java.util.UUID;

/**
 * Decides one {@code property op literal} comparison. The decisions, and why:
 * <ul>
 *   <li><b>Missing or incompatible is UNKNOWN, not FALSE.</b> The service skips entities that lack the
 *       property or hold another type, for {@code ne} too ({@code foo gt ''} and {@code foo lt ''} both
 *       exclude entities without foo, spec 5.2). With UNKNOWN and SQL-style three-valued logic
 *       ({@link Truth}), {@code not (Missing eq 1)} stays UNKNOWN and does not suddenly return every
 *       entity lacking Missing; only a filter that is TRUE as a whole selects.</li>
 *   <li><b>Compatible types</b> (spec 5.2): String, Boolean, DateTime, Guid and Binary only with the same
 *       type. Numbers: an Int32 literal matches Int32, Int64 and Double properties; an Int64 literal
 *       matches Int64 and Int32 (observed: not Double); a Double literal matches Double, Int32 and Int64.</li>
 *   <li><b>Numbers</b>: two integers compare exactly as longs. When either side is a Double both are
 *       compared as doubles, which is what .NET's implicit long-to-double promotion does in the real
 *       service; it only differs from exact arithmetic beyond 2^53. IEEE rules, like .NET: NaN is not equal
 *       to, less or greater than anything (so {@code eq}, {@code gt}, ... are FALSE and {@code ne} is TRUE),
 *       and -0.0 equals 0.0. These are known values, so the answer is TRUE/FALSE, not UNKNOWN.</li>
 *   <li><b>Strings</b> compare ordinally by UTF-16 code unit ({@link String#compareTo}), case-sensitively.</li>
 *   <li><b>Booleans</b>: {@code false < true}, so the ordering operators work as in .NET's
 *       {@code Boolean.CompareTo} rather than failing a whole query over a rarely written filter.</li>
 *   <li><b>DateTimes</b> compare as instants (both are at 100 ns resolution already).</li>
 *   <li><b>Guids</b>: ordering is by the canonical lowercase string, which equals comparing the two
 *       64-bit halves unsigned; {@link UUID#compareTo} compares them signed, so it is not used.</li>
 *   <li><b>Binary</b>: unsigned lexicographic bytes, a shorter prefix first.</li>
 * </ul>
 * Runs once per comparison per scanned entity, so it switches on types and unboxes without allocating.
 */
final class ComparisonEvaluator {
    private ComparisonEvaluator() {
    }

    /** The comparison {@code actual op literal}; {@code actual} is null when the property is missing. */
    static Truth evaluate(PropertyValue actual, ComparisonOperator op, PropertyValue literal) {
        if (actual == null) {
            return Truth.UNKNOWN;
        }
        EdmType type = actual.type();
        switch (literal.type()) {
            case STRING:
                if (type != EdmType.STRING) {
                    return Truth.UNKNOWN;
                }
                if (op == ComparisonOperator.EQ || op == ComparisonOperator.NE) {
                    return Truth.of(actual.asString().equals(literal.asString()) == (op == ComparisonOperator.EQ));
                }
                return Truth.of(op.test(actual.asString().compareTo(literal.asString())));
            case INT32:
                return switch (type) {
                    case INT32 -> longs(actual.asInt32(), op, literal.asInt32());
                    case INT64 -> longs(actual.asInt64(), op, literal.asInt32());
                    case DOUBLE -> doubles(actual.asDouble(), op, literal.asInt32());
                    default -> Truth.UNKNOWN;
                };
            case INT64:
                return switch (type) {
                    case INT32 -> longs(actual.asInt32(), op, literal.asInt64());
                    case INT64 -> longs(actual.asInt64(), op, literal.asInt64());
                    default -> Truth.UNKNOWN;
                };
            case DOUBLE:
                return switch (type) {
                    case INT32 -> doubles(actual.asInt32(), op, literal.asDouble());
                    case INT64 -> doubles(actual.asInt64(), op, literal.asDouble());
                    case DOUBLE -> doubles(actual.asDouble(), op, literal.asDouble());
                    default -> Truth.UNKNOWN;
                };
            case BOOLEAN:
                return type == EdmType.BOOLEAN
                        ? Truth.of(op.test(Boolean.compare(actual.asBoolean(), literal.asBoolean()))) : Truth.UNKNOWN;
            case DATETIME:
                return type == EdmType.DATETIME
                        ? Truth.of(op.test(actual.asDateTime().compareTo(literal.asDateTime()))) : Truth.UNKNOWN;
            case GUID:
                return type == EdmType.GUID ? Truth.of(op.test(compareGuids(actual.asGuid(), literal.asGuid()))) : Truth.UNKNOWN;
            case BINARY:
                return type == EdmType.BINARY
                        ? Truth.of(op.test(Arrays.compareUnsigned(actual.asBinary(), literal.asBinary()))) : Truth.UNKNOWN;
            default:
                return Truth.UNKNOWN;
        }
    }

    private static Truth longs(long actual, ComparisonOperator op, long literal) {
        return Truth.of(op.test(Long.compare(actual, literal)));
    }

    /** Primitive IEEE comparisons, not Double.compare, which orders NaN and tells -0.0 from 0.0. */
    private static Truth doubles(double actual, ComparisonOperator op, double literal) {
        return Truth.of(op.test(actual, literal));
    }

    private static int compareGuids(UUID a, UUID b) {
        int high = Long.compareUnsigned(a.getMostSignificantBits(), b.getMostSignificantBits());
        return high != 0 ? high : Long.compareUnsigned(a.getLeastSignificantBits(), b.getLeastSignificantBits());
    }
}
