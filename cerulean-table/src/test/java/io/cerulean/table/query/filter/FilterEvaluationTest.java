package io.cerulean.table.query.filter;

import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.table.model.Entity;
import io.cerulean.table.model.PropertySource;
import io.cerulean.table.model.PropertyValue;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FilterEvaluationTest {

    private static final Instant T = Instant.parse("2020-10-01T00:38:36.310293Z");

    /** One entity with a property of every type; Int and Long hold 30, Dbl holds 30.5. */
    private static final Entity ENTITY = Entity.unstamped("pk", "rk", properties()).withTimestamp(T);

    private static Map<String, PropertyValue> properties() {
        Map<String, PropertyValue> p = new LinkedHashMap<>();
        p.put("Str", PropertyValue.ofString("b"));
        p.put("Int", PropertyValue.ofInt32(30));
        p.put("Long", PropertyValue.ofInt64(30));
        p.put("Big", PropertyValue.ofInt64(1L << 40));
        p.put("Dbl", PropertyValue.ofDouble(30.5));
        p.put("Whole", PropertyValue.ofDouble(30.0));
        p.put("NotANumber", PropertyValue.ofDouble(Double.NaN));
        p.put("NegZero", PropertyValue.ofDouble(-0.0));
        p.put("Flag", PropertyValue.ofBoolean(true));
        p.put("When", PropertyValue.ofDateTime(T));
        p.put("Id", PropertyValue.ofGuid(UUID.fromString("90000000-0000-0000-0000-000000000000")));
        p.put("Bytes", PropertyValue.ofBinary(new byte[] {1, (byte) 0x80}));
        return p;
    }

    private static Truth eval(String filter) {
        return FilterParser.parse(filter).evaluate(ENTITY);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
            // strings: ordinal, case-sensitive
            "Str eq 'b' | TRUE", "Str gt 'a' | TRUE", "Str lt 'B' | FALSE", "Str ge 'b' | TRUE", "Str ne 'b' | FALSE",
            "PartitionKey eq 'pk' | TRUE", "RowKey lt 'rl' | TRUE",
            // Int32 literal: Int32, Int64, Double
            "Int eq 30 | TRUE", "Long eq 30 | TRUE", "Dbl gt 30 | TRUE", "Whole eq 30 | TRUE", "Int lt 31 | TRUE",
            // Int64 literal: Int64 and Int32, not Double
            "Long eq 30L | TRUE", "Int eq 30L | TRUE", "Big eq 1099511627776L | TRUE", "Big gt 2147483647 | TRUE",
            "Whole eq 30L | UNKNOWN", "Whole ne 30L | UNKNOWN",
            // Double literal: Double, Int32, Int64
            "Dbl eq 30.5 | TRUE", "Int eq 30.0 | TRUE", "Long lt 30.5 | TRUE", "Int gt 29.99 | TRUE",
            // NaN like .NET: only ne is true; -0.0 equals 0.0
            "NotANumber eq NaN | FALSE", "NotANumber ne NaN | TRUE", "NotANumber gt 1.0 | FALSE", "NotANumber le 1 | FALSE",
            "Dbl ne NaN | TRUE", "Dbl lt INF | TRUE", "Dbl gt -INF | TRUE", "NegZero eq 0.0 | TRUE", "NegZero eq 0 | TRUE",
            // booleans: eq/ne, and false < true
            "Flag eq true | TRUE", "Flag ne false | TRUE", "Flag gt false | TRUE", "Flag lt true | FALSE",
            // datetimes compare instants; Timestamp is a DateTime
            "When eq datetime'2020-10-01T00:38:36.310293Z' | TRUE", "When lt datetime'2020-10-01T00:38:36.3102931Z' | TRUE",
            "When eq datetime'2020-10-01T02:38:36.310293+02:00' | TRUE", "Timestamp ge datetime'2020-10-01T00:00:00Z' | TRUE",
            // guids: eq/ne, ordering by canonical string (0x9... > 0x1..., though negative as a signed long)
            "Id eq guid'90000000-0000-0000-0000-000000000000' | TRUE", "Id ne guid'10000000-0000-0000-0000-000000000000' | TRUE",
            "Id gt guid'10000000-0000-0000-0000-000000000000' | TRUE", "Id lt guid'a0000000-0000-0000-0000-000000000000' | TRUE",
            // binary: unsigned bytes, prefix first
            "Bytes eq X'0180' | TRUE", "Bytes gt X'017F' | TRUE", "Bytes gt X'01' | TRUE", "Bytes lt X'02' | TRUE",
            // incompatible types are UNKNOWN, whatever the operator
            "Str eq 1 | UNKNOWN", "Long eq '30' | UNKNOWN", "Int ne 'x' | UNKNOWN", "Dbl eq true | UNKNOWN",
            "Flag eq 1 | UNKNOWN", "When eq '2020' | UNKNOWN", "Id eq 'x' | UNKNOWN", "Bytes eq 'x' | UNKNOWN",
            "Str eq X'00' | UNKNOWN", "Str eq datetime'2020-10-01T00:00:00Z' | UNKNOWN",
            "Int eq guid'90000000-0000-0000-0000-000000000000' | UNKNOWN",
    })
    void comparesCompatibleTypes(String filter, Truth expected) {
        assertThat(eval(filter)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
            "Missing eq 1 | UNKNOWN", "Missing ne 1 | UNKNOWN", "Missing gt '' | UNKNOWN", "Missing lt '' | UNKNOWN",
            "not (Missing eq 1) | UNKNOWN", "not (Missing ne 1) | UNKNOWN", "not not Missing eq 1 | UNKNOWN",
            "not (Str eq 1) | UNKNOWN",
    })
    void missingPropertiesAreUnknownEvenUnderNot(String filter, Truth expected) {
        assertThat(eval(filter)).isEqualTo(expected);
        assertThat(FilterParser.parse(filter).matches(ENTITY)).isFalse();
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
            "Int eq 30 and Missing eq 1 | UNKNOWN", "Int eq 31 and Missing eq 1 | FALSE",
            "Missing eq 1 and Int eq 31 | FALSE", "Missing eq 1 and Missing eq 2 | UNKNOWN",
            "Int eq 30 or Missing eq 1 | TRUE", "Missing eq 1 or Int eq 30 | TRUE",
            "Int eq 31 or Missing eq 1 | UNKNOWN", "Int eq 31 or Int eq 32 | FALSE",
            "not (Int eq 31 and Missing eq 1) | TRUE", "not (Int eq 31 or Missing eq 1) | UNKNOWN",
            "true and Missing eq 1 | UNKNOWN", "false or true | TRUE", "not true | FALSE",
    })
    void threeValuedLogicUnderAndOr(String filter, Truth expected) {
        assertThat(eval(filter)).isEqualTo(expected);
        assertThat(FilterParser.parse(filter).matches(ENTITY)).isEqualTo(expected == Truth.TRUE);
    }

    @Test
    void truthTables() {
        Truth[] all = Truth.values();
        for (Truth a : all) {
            assertThat(a.not().not()).isEqualTo(a);
            for (Truth b : all) {
                assertThat(a.and(b)).isEqualTo(b.and(a));
                assertThat(a.or(b)).isEqualTo(b.or(a));
                assertThat(a.and(b).not()).isEqualTo(a.not().or(b.not()));
            }
        }
        assertThat(Truth.UNKNOWN.and(Truth.FALSE)).isEqualTo(Truth.FALSE);
        assertThat(Truth.UNKNOWN.or(Truth.TRUE)).isEqualTo(Truth.TRUE);
        assertThat(Truth.UNKNOWN.and(Truth.TRUE)).isEqualTo(Truth.UNKNOWN);
    }

    @Test
    void operatorsFlipAndNegate() {
        for (ComparisonOperator op : ComparisonOperator.values()) {
            assertThat(op.flip().flip()).isEqualTo(op);
            assertThat(op.negate().negate()).isEqualTo(op);
            for (int c = -1; c <= 1; c++) {
                assertThat(op.flip().test(-c)).isEqualTo(op.test(c));
                assertThat(op.negate().test(c)).isEqualTo(!op.test(c));
            }
        }
    }

    @Test
    void sourceIsAskedOnlyForNamedProperties() {
        PropertySource onlyAge = name -> {
            assertThat(name).isEqualTo("Age");
            return PropertyValue.ofInt32(40);
        };
        assertThat(FilterParser.parse("Age gt 30 and not (Age eq 41)").matches(onlyAge)).isTrue();
    }
}
