package io.cerulean.table.rest.json;

import static io.cerulean.table.rest.json.EntityJsonReaderTest.error;
import static io.cerulean.table.rest.json.EntityJsonReaderTest.read;
import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ErrorCode;
import io.cerulean.table.model.EdmType;
import io.cerulean.table.model.PropertyValue;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.UUID;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Contract sections 4.2-4.4: typing of each property value, through {@link EntityJsonReader}. */
class ValueConverterTest {
    /** The value of property {@code v} given its raw JSON and an optional annotation. */
    private static PropertyValue value(String type, String json) {
        String annotation = type == null ? "" : "\"v@odata.type\":\"" + type + "\",";
        return read("{" + annotation + "\"v\":" + json + "}").properties().get("v");
    }

    private static ErrorCode valueError(String type, String json) {
        return error("{\"v@odata.type\":\"" + type + "\",\"v\":" + json + "}");
    }

    /**
     * JSON numbers are read by a faster parser than the JDK's; it must round every spelling to the
     * same double, bit for bit: the shortest form, the exact decimal expansion (hundreds of digits)
     * and digit strings with exponents near the ends of the range.
     */
    @Property(tries = 3000)
    void aJsonNumberReadsAsTheDoubleTheJdkReads(@ForAll("jsonNumbers") String number) {
        double expected = Double.parseDouble(number);
        Assume.that(Double.isFinite(expected));
        assertThat(value("Edm.Double", number).asDouble()).isEqualTo(expected);
        PropertyValue untyped = value(null, number);
        if (untyped.type() == EdmType.DOUBLE) {
            assertThat(Double.doubleToRawLongBits(untyped.asDouble())).isEqualTo(Double.doubleToRawLongBits(expected));
        }
    }

    @Provide
    Arbitrary<String> jsonNumbers() {
        Arbitrary<Double> doubles = Arbitraries.doubles().filter(Double::isFinite);
        Arbitrary<Double> anyBits = Arbitraries.longs().map(Double::longBitsToDouble).filter(Double::isFinite);
        Arbitrary<String> digits = Arbitraries.strings().numeric().ofMinLength(1).ofMaxLength(40)
                .filter(d -> d.length() == 1 || d.charAt(0) != '0');
        Arbitrary<String> decimals = digits.flatMap(whole -> digits.flatMap(fraction ->
                Arbitraries.integers().between(-340, 310).map(exponent -> whole + "." + fraction + "e" + exponent)));
        return Arbitraries.oneOf(
                doubles.map(d -> Double.toString(d)),
                anyBits.map(d -> Double.toString(d)),
                anyBits.map(d -> new BigDecimal(d).toString()),
                anyBits.map(d -> new BigDecimal(d).toPlainString()),
                decimals)
                .filter(number -> number.length() <= 1000); // Jackson's limit on a number's length
    }

    @Test
    void unannotatedValuesTakeTheirTypeFromTheJsonToken() {
        assertThat(value(null, "\"text\"")).isEqualTo(PropertyValue.ofString("text"));
        assertThat(value(null, "true")).isEqualTo(PropertyValue.ofBoolean(true));
        assertThat(value(null, "false")).isEqualTo(PropertyValue.ofBoolean(false));
        assertThat(value(null, "42")).isEqualTo(PropertyValue.ofInt32(42));
        assertThat(value(null, "-2147483648")).isEqualTo(PropertyValue.ofInt32(Integer.MIN_VALUE));
        assertThat(value(null, "2147483647")).isEqualTo(PropertyValue.ofInt32(Integer.MAX_VALUE));
        assertThat(value(null, "1.5")).isEqualTo(PropertyValue.ofDouble(1.5));
        assertThat(value(null, "1e3")).isEqualTo(PropertyValue.ofDouble(1000.0));
        assertThat(value(null, "20.0")).isEqualTo(PropertyValue.ofDouble(20.0));
    }

    @Test
    void unannotatedStringsThatLookTypedStayStrings() {
        assertThat(value(null, "\"255\"")).isEqualTo(PropertyValue.ofString("255"));
        assertThat(value(null, "\"NaN\"")).isEqualTo(PropertyValue.ofString("NaN"));
        assertThat(value(null, "\"2020-01-01T00:00:00Z\"")).isEqualTo(PropertyValue.ofString("2020-01-01T00:00:00Z"));
    }

    @Test
    void unannotatedIntegerBeyondInt32BecomesDouble() {
        assertThat(value(null, "2147483648")).isEqualTo(PropertyValue.ofDouble(2147483648.0));
        assertThat(value(null, "-2147483649")).isEqualTo(PropertyValue.ofDouble(-2147483649.0));
        assertThat(value(null, "6824053932181")).isEqualTo(PropertyValue.ofDouble(6824053932181.0));
    }

    @Test
    void everyTypeAcceptsItsAnnotationWithItsWireForm() {
        assertThat(value("Edm.String", "\"s\"")).isEqualTo(PropertyValue.ofString("s"));
        assertThat(value("Edm.Boolean", "true")).isEqualTo(PropertyValue.ofBoolean(true));
        assertThat(value("Edm.Int32", "-7")).isEqualTo(PropertyValue.ofInt32(-7));
        assertThat(value("Edm.Int64", "\"9223372036854775807\"")).isEqualTo(PropertyValue.ofInt64(Long.MAX_VALUE));
        assertThat(value("Edm.Double", "3.25")).isEqualTo(PropertyValue.ofDouble(3.25));
        assertThat(value("Edm.Double", "20")).isEqualTo(PropertyValue.ofDouble(20.0));
        assertThat(value("Edm.DateTime", "\"2021-10-15T16:13:10.7791241Z\""))
                .isEqualTo(PropertyValue.ofDateTime(Instant.parse("2021-10-15T16:13:10.7791241Z")));
        assertThat(value("Edm.Guid", "\"a455c695-df98-5678-aaaa-81d3367e5a34\""))
                .isEqualTo(PropertyValue.ofGuid(UUID.fromString("a455c695-df98-5678-aaaa-81d3367e5a34")));
        assertThat(value("Edm.Binary", "\"QmFy\"")).isEqualTo(PropertyValue.ofBinary(new byte[] {'B', 'a', 'r'}));
        assertThat(value("Edm.Binary", "\"\"")).isEqualTo(PropertyValue.ofBinary(new byte[0]));
    }

    @Test
    void annotatedNumbersAcceptNumericStrings() {
        assertThat(value("Edm.Int32", "\"42\"")).isEqualTo(PropertyValue.ofInt32(42));
        assertThat(value("Edm.Int64", "255")).isEqualTo(PropertyValue.ofInt64(255L));
        assertThat(value("Edm.Int64", "\"-9223372036854775808\"")).isEqualTo(PropertyValue.ofInt64(Long.MIN_VALUE));
        assertThat(value("Edm.Double", "\"1.23456789012346e+24\"")).isEqualTo(PropertyValue.ofDouble(1.23456789012346e24));
        assertThat(value("Edm.Double", "\"3\"")).isEqualTo(PropertyValue.ofDouble(3.0));
    }

    @Test
    void annotatedDoubleAcceptsNanAndInfinitiesAsStrings() {
        assertThat(value("Edm.Double", "\"NaN\"").asDouble()).isNaN();
        assertThat(value("Edm.Double", "\"Infinity\"")).isEqualTo(PropertyValue.ofDouble(Double.POSITIVE_INFINITY));
        assertThat(value("Edm.Double", "\"-Infinity\"")).isEqualTo(PropertyValue.ofDouble(Double.NEGATIVE_INFINITY));
        assertThat(value("Edm.Double", "\"NaN\"").type()).isEqualTo(EdmType.DOUBLE);
    }

    @Test
    void annotatedBooleanAcceptsTrueAndFalseStrings() {
        assertThat(value("Edm.Boolean", "\"true\"")).isEqualTo(PropertyValue.ofBoolean(true));
        assertThat(value("Edm.Boolean", "\"false\"")).isEqualTo(PropertyValue.ofBoolean(false));
    }

    @Test
    void guidIsCaseInsensitive() {
        UUID expected = UUID.fromString("a455c695-df98-5678-aaaa-81d3367e5a34");
        assertThat(value("Edm.Guid", "\"A455C695-DF98-5678-AAAA-81D3367E5A34\"")).isEqualTo(PropertyValue.ofGuid(expected));
        assertThat(value("Edm.Guid", "\"A455c695-Df98-5678-aAaA-81d3367e5a34\"")).isEqualTo(PropertyValue.ofGuid(expected));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "2008-07-10T00:00:00         | 2008-07-10T00:00:00Z",
        "2008-07-10T00:00:00Z        | 2008-07-10T00:00:00Z",
        "2008-07-10T02:30:00+02:30   | 2008-07-10T00:00:00Z",
        "2008-07-09T19:00:00-05:00   | 2008-07-10T00:00:00Z",
        "2020-10-01T00:38:36.310293Z | 2020-10-01T00:38:36.310293Z",
        "2019-07-10T18:59:59.999Z    | 2019-07-10T18:59:59.999Z",
        "2021-10-15T16:13:10.7791241 | 2021-10-15T16:13:10.7791241Z",
        "1601-01-01T00:00:00Z        | 1601-01-01T00:00:00Z",
        "9999-12-31T23:59:59.9999999Z | 9999-12-31T23:59:59.9999999Z"
    })
    void dateTimesAreReadAsUtcInstants(String wire, String expected) {
        assertThat(value("Edm.DateTime", "\"" + wire + "\"")).isEqualTo(PropertyValue.ofDateTime(Instant.parse(expected)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"1600-12-31T23:59:59Z", "0001-01-01T00:00:00Z", "1601-01-01T00:59:59+01:00",
        "+10000-01-01T00:00:00Z", "9999-12-31T23:59:59-01:00"})
    void dateTimesOutside1601To9999AreOutOfRangeInput(String wire) {
        // Contract 4.4: "Range: 1601-01-01T00:00:00Z ... 9999-12-31T23:59:59.9999999Z (out of range -> 400 OutOfRangeInput)".
        assertThat(valueError("Edm.DateTime", "\"" + wire + "\"")).isEqualTo(CommonError.OUT_OF_RANGE_INPUT);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
        // Int32
        "Edm.Int32 | 2147483648", "Edm.Int32 | \"2147483648\"", "Edm.Int32 | 1.5", "Edm.Int32 | \"abc\"",
        "Edm.Int32 | true", "Edm.Int32 | \"\"",
        // Int64
        "Edm.Int64 | \"9223372036854775808\"", "Edm.Int64 | \"12a\"", "Edm.Int64 | 1.5", "Edm.Int64 | \"\"",
        "Edm.Int64 | false",
        // Double
        "Edm.Double | \"abc\"", "Edm.Double | true", "Edm.Double | \"13e7705\"", "Edm.Double | 13e7705",
        "Edm.Double | \"\"",
        // Boolean
        "Edm.Boolean | 1", "Edm.Boolean | \"yes\"", "Edm.Boolean | \"TRUE\"",
        // String
        "Edm.String | 5", "Edm.String | true",
        // DateTime
        "Edm.DateTime | \"\"", "Edm.DateTime | \"not a date\"", "Edm.DateTime | \"2021-02-30T00:00:00Z\"",
        "Edm.DateTime | \"2021-10-15\"", "Edm.DateTime | 1634314390",
        // Guid
        "Edm.Guid | \"a455c695-df98-5678-aaaa-81d3367e5a3\"", "Edm.Guid | \"a455c695df985678aaaa81d3367e5a34\"",
        "Edm.Guid | \"g455c695-df98-5678-aaaa-81d3367e5a34\"", "Edm.Guid | 1",
        // Binary
        "Edm.Binary | \"not base64!\"", "Edm.Binary | \"QmFy\\nQmFy\"", "Edm.Binary | \"QmF-\"", "Edm.Binary | 12"
    })
    void badValuesForTheAnnotatedTypeAreInvalidInput(String type, String json) {
        assertThat(valueError(type, json)).isEqualTo(CommonError.INVALID_INPUT);
    }

    @Test
    void unannotatedDoubleOverflowIsInvalidInput() {
        assertThat(error("{\"v\":13e7705}")).isEqualTo(CommonError.INVALID_INPUT);
        assertThat(error("{\"v\":-1e400}")).isEqualTo(CommonError.INVALID_INPUT);
        assertThat(error("{\"v\":1" + "0".repeat(400) + "}")).isEqualTo(CommonError.INVALID_INPUT);
    }
}
