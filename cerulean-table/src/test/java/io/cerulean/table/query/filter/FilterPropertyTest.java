package io.cerulean.table.query.filter;

import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.table.model.DateTimes;
import io.cerulean.table.model.PropertyValue;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

/** Random filter trees: their text parses back to them, and they select exactly what the reference does. */
class FilterPropertyTest {
    /** Few names and few values, so comparisons often hit present, equal or ordered values. */
    private static final List<String> NAMES = List.of("A", "B", "C");

    private static final List<PropertyValue> POOL = List.of(
            PropertyValue.ofString(""), PropertyValue.ofString("a"), PropertyValue.ofString("b'c"),
            PropertyValue.ofInt32(0), PropertyValue.ofInt32(1), PropertyValue.ofInt32(-1),
            PropertyValue.ofInt64(1), PropertyValue.ofInt64(0), PropertyValue.ofInt64(1L << 53),
            PropertyValue.ofDouble(1.0), PropertyValue.ofDouble(0.5), PropertyValue.ofDouble(-0.0),
            PropertyValue.ofDouble(Double.NaN), PropertyValue.ofDouble(Double.NEGATIVE_INFINITY),
            PropertyValue.ofBoolean(true), PropertyValue.ofBoolean(false),
            PropertyValue.ofDateTime(Instant.parse("2020-01-01T00:00:00Z")),
            PropertyValue.ofDateTime(Instant.parse("2020-01-01T00:00:00.0000001Z")),
            PropertyValue.ofGuid(UUID.fromString("10000000-0000-0000-0000-000000000000")),
            PropertyValue.ofGuid(UUID.fromString("f0000000-0000-0000-0000-000000000001")),
            PropertyValue.ofBinary(new byte[0]), PropertyValue.ofBinary(new byte[] {1}),
            PropertyValue.ofBinary(new byte[] {(byte) 0x80}));

    @Property(tries = 2000)
    void canonicalTextParsesBackToAnEqualFilter(@ForAll("filters") Filter filter) {
        String text = filter.toString();
        assertThat(FilterParser.parse(text)).as(text).isEqualTo(filter);
    }

    @Property(tries = 2000)
    void matchesAgreesWithTheReferenceEvaluator(@ForAll("filters") Filter filter,
                                                @ForAll("entities") Map<String, PropertyValue> entity) {
        Boolean expected = ReferenceEvaluator.eval(filter, entity);
        Truth expectedTruth = expected == null ? Truth.UNKNOWN : Truth.of(expected);
        assertThat(filter.evaluate(entity::get)).as("%s on %s", filter, entity).isEqualTo(expectedTruth);
        assertThat(filter.matches(entity::get)).isEqualTo(Boolean.TRUE.equals(expected));
    }

    @Provide
    Arbitrary<Filter> filters() {
        return Arbitraries.recursive(this::leaf, inner -> Arbitraries.oneOf(
                Combinators.combine(inner, inner).as(Filter.And::new),
                Combinators.combine(inner, inner).as(Filter.Or::new),
                inner.map(Filter.Not::new)), 0, 5);
    }

    @Provide
    Arbitrary<Map<String, PropertyValue>> entities() {
        Arbitrary<PropertyValue> slot = Arbitraries.frequencyOf(
                Tuple.of(4, Arbitraries.of(POOL)), Tuple.of(1, wideLiterals())).injectNull(0.25);
        return Combinators.combine(slot, slot, slot).as((a, b, c) -> {
            Map<String, PropertyValue> entity = new HashMap<>();
            PropertyValue[] values = {a, b, c};
            for (int i = 0; i < values.length; i++) {
                if (values[i] != null) {
                    entity.put(NAMES.get(i), values[i]);
                }
            }
            return entity;
        });
    }

    private Arbitrary<Filter> leaf() {
        Arbitrary<Filter> comparison = Combinators.combine(propertyNames(), Arbitraries.of(ComparisonOperator.class),
                Arbitraries.frequencyOf(Tuple.of(3, Arbitraries.of(POOL)), Tuple.of(2, wideLiterals())))
                .as(Filter.Comparison::new);
        return Arbitraries.frequencyOf(
                Tuple.of(10, comparison),
                Tuple.of(1, Arbitraries.of(true, false).map(Filter.Constant::new)));
    }

    private static Arbitrary<String> propertyNames() {
        Arbitrary<String> identifiers = Arbitraries.strings()
                .withCharRange('a', 'z').withCharRange('A', 'Z').withCharRange('0', '9').withChars('_', 'é', 'Ж')
                .ofMinLength(1).ofMaxLength(10)
                .filter(FilterLexer::isPropertyName);
        return Arbitraries.frequencyOf(Tuple.of(4, Arbitraries.of(NAMES)), Tuple.of(1, identifiers));
    }

    private static Arbitrary<PropertyValue> wideLiterals() {
        long minTicks = DateTimes.toEpochTicks(DateTimes.MIN);
        long maxTicks = DateTimes.toEpochTicks(DateTimes.MAX);
        return Arbitraries.oneOf(
                Arbitraries.strings().all().ofMaxLength(12).map(PropertyValue::ofString),
                Arbitraries.strings().withChars('\'', ' ', '(', ')', 'a').ofMaxLength(6).map(PropertyValue::ofString),
                Arbitraries.integers().map(PropertyValue::ofInt32),
                Arbitraries.longs().map(PropertyValue::ofInt64),
                Arbitraries.doubles().withStandardSpecialValues().map(PropertyValue::ofDouble),
                Arbitraries.longs().map(Double::longBitsToDouble).map(PropertyValue::ofDouble),
                Arbitraries.longs().between(minTicks, maxTicks).map(t -> PropertyValue.ofDateTime(DateTimes.fromEpochTicks(t))),
                Combinators.combine(Arbitraries.longs(), Arbitraries.longs()).as((m, l) -> PropertyValue.ofGuid(new UUID(m, l))),
                Arbitraries.bytes().array(byte[].class).ofMaxSize(6).map(PropertyValue::ofBinary));
    }
}
