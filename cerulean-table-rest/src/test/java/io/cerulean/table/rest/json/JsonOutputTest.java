package io.cerulean.table.rest.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonGenerator;
import io.cerulean.table.model.DateTimes;
import io.cerulean.table.model.ETag;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.UUID;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/**
 * The output is compared with what Jackson's generator, configured as Cerulean's JSON factory,
 * writes for the same values: clients have always read Jackson's bytes.
 */
class JsonOutputTest {
    /** A value written both ways: through the output and through Jackson's generator. */
    private interface Value {
        void writeTo(JsonOutput out);

        void writeTo(JsonGenerator json) throws IOException;
    }

    @Property(tries = 3000)
    void stringsAreEscapedAsJacksonEscapesThem(@ForAll("texts") String text) throws IOException {
        assertSame(string(text));
    }

    /** Text as UTF-8 bytes (no surrogates, which UTF-8 cannot hold), inside a larger array. */
    @Property(tries = 3000)
    void utf8TextIsWrittenAsJacksonWritesTheString(@ForAll("texts") String text) throws IOException {
        Assume.that(text.chars().noneMatch(c -> Character.isSurrogate((char) c)));
        byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
        byte[] inside = new byte[utf8.length + 16];
        Arrays.fill(inside, (byte) 'a'); // plain: a check that read past the text would pass it
        System.arraycopy(utf8, 0, inside, 7, utf8.length);
        assertThat(written(out -> out.utf8String(inside, 7, utf8.length))).isEqualTo(jackson(string(text)));
    }

    @Property(tries = 2000)
    void numbersAreWrittenAsJacksonWritesThem(@ForAll int int32, @ForAll long int64, @ForAll double any)
            throws IOException {
        Assume.that(Double.isFinite(any));
        assertSame(value(out -> out.number(int32), json -> json.writeNumber(int32)));
        assertSame(value(out -> out.quotedNumber(int64), json -> json.writeString(Long.toString(int64))));
        assertSame(value(out -> out.number(any), json -> json.writeNumber(any)));
    }

    @Test
    void numbersAtTheirLimits() throws IOException {
        for (int int32 : new int[] {0, -1, Integer.MIN_VALUE, Integer.MAX_VALUE}) {
            assertSame(value(out -> out.number(int32), json -> json.writeNumber(int32)));
        }
        for (long int64 : new long[] {0, -1, Long.MIN_VALUE, Long.MAX_VALUE}) {
            assertSame(value(out -> out.quotedNumber(int64), json -> json.writeString(Long.toString(int64))));
        }
        for (double d : new double[] {0.0, -0.0, 20.0, 1e-5, Double.MIN_VALUE, Double.MAX_VALUE, 2e-3}) {
            assertSame(value(out -> out.number(d), json -> json.writeNumber(d)));
        }
    }

    /** DateTimes and ETags: the wire forms {@link DateTimes#format} and {@link ETag#of} give. */
    @Property(tries = 3000)
    void dateTimesAndEtagsAreTheirWireForms(@ForAll("ticks") long ticks) throws IOException {
        String text = DateTimes.format(DateTimes.fromEpochTicks(ticks));
        assertSame(value(out -> out.dateTime(ticks), json -> json.writeString(text)));
        String etag = ETag.of(DateTimes.fromEpochTicks(ticks));
        assertSame(value(out -> out.etag(ticks), json -> json.writeString(etag)));
    }

    @Test
    void dateTimesAtTheEndsOfTheRange() throws IOException {
        for (long ticks : new long[] {DateTimes.toEpochTicks(DateTimes.MIN), DateTimes.toEpochTicks(DateTimes.MAX), 0, 1,
            DateTimes.toEpochTicks(DateTimes.MIN) + 10_000_000L * 86_400 * 366 - 1}) {
            String text = DateTimes.format(DateTimes.fromEpochTicks(ticks));
            assertSame(value(out -> out.dateTime(ticks), json -> json.writeString(text)));
            assertSame(value(out -> out.etag(ticks), json -> json.writeString(ETag.of(DateTimes.fromEpochTicks(ticks)))));
        }
    }

    @Property(tries = 1000)
    void guidsAreLowerCaseUuids(@ForAll long most, @ForAll long least) throws IOException {
        String text = new UUID(most, least).toString();
        assertSame(value(out -> out.guid(most, least), json -> json.writeString(text)));
    }

    /** Binary inside a larger array: Base64 of exactly its bytes, for each length's padding. */
    @Property(tries = 1000)
    void binaryIsStandardBase64WithPadding(@ForAll @Size(max = 40) byte[] bytes, @ForAll byte around) throws IOException {
        byte[] inside = new byte[bytes.length + 10];
        Arrays.fill(inside, around);
        System.arraycopy(bytes, 0, inside, 5, bytes.length);
        String text = Base64.getEncoder().encodeToString(bytes);
        assertSame(value(out -> out.base64(inside, 5, bytes.length), json -> json.writeString(text)));
    }

    /** Commas, nesting, field names and every kind of value, in any order. */
    @Property(tries = 1000)
    void objectsAndArraysOfAnyValuesAreWrittenAsJacksonWritesThem(@ForAll("values") List<Value> values)
            throws IOException {
        byte[] ours = written(out -> {
            out.startObject();
            out.field(JsonOutput.fieldName("odata.metadata"));
            out.string("m");
            out.field(JsonOutput.fieldName("value"));
            out.startArray();
            for (int i = 0; i < values.size(); i++) {
                out.startObject();
                for (int j = 0; j <= i; j++) {
                    out.field(JsonOutput.fieldName("n\u00e9\"" + j));
                    values.get(j).writeTo(out);
                }
                out.endObject();
                values.get(i).writeTo(out);
            }
            out.endArray();
            out.endObject();
        });
        ByteArrayOutputStream theirs = new ByteArrayOutputStream();
        try (JsonGenerator json = EntityJsonReader.JSON.createGenerator(theirs)) {
            json.writeStartObject();
            json.writeStringField("odata.metadata", "m");
            json.writeArrayFieldStart("value");
            for (int i = 0; i < values.size(); i++) {
                json.writeStartObject();
                for (int j = 0; j <= i; j++) {
                    json.writeFieldName("n\u00e9\"" + j);
                    values.get(j).writeTo(json);
                }
                json.writeEndObject();
                values.get(i).writeTo(json);
            }
            json.writeEndArray();
            json.writeEndObject();
        }
        assertThat(new String(ours, StandardCharsets.UTF_8)).isEqualTo(theirs.toString(StandardCharsets.UTF_8));
    }

    @Test
    void writtenNamesAndValuesAreTheirJson() {
        assertThat(new String(JsonOutput.fieldName("a\"b\u00e9"), StandardCharsets.UTF_8)).isEqualTo("\"a\\\"b\u00e9\":");
        assertThat(new String(JsonOutput.writtenString("Edm.Int64"), StandardCharsets.UTF_8)).isEqualTo("\"Edm.Int64\"");
    }

    @Test
    void theFirstDateTimeIsWrittenWhateverItsTicksAndTicksOutsideTheRangeAreRefused() {
        assertThat(new String(written(out -> out.dateTime(0)), StandardCharsets.US_ASCII))
                .isEqualTo("\"1970-01-01T00:00:00Z\"");
        assertThatThrownBy(() -> new JsonOutput(8).dateTime(Long.MIN_VALUE)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new JsonOutput(8).etag(Long.MIN_VALUE)).isInstanceOf(IllegalArgumentException.class);
    }

    /** Past a megabyte the array grows by half: what was written stays whole across each step. */
    @Test
    void growsPastAMegabyteKeepingEverythingWritten() {
        JsonOutput out = new JsonOutput(16);
        out.startArray();
        StringBuilder expected = new StringBuilder("[");
        for (int i = 0; i < 400; i++) {
            String chunk = Integer.toString(i).repeat(1 + i * 37 % 9000);
            out.string(chunk);
            expected.append(i == 0 ? "" : ",").append('"').append(chunk).append('"');
        }
        out.endArray();
        expected.append(']');
        assertThat(expected.length()).isGreaterThan(3 << 20);
        java.nio.ByteBuffer written = out.written();
        assertThat(written.array().length).isLessThan(2 * written.remaining());
        assertThat(StandardCharsets.US_ASCII.decode(written).toString()).isEqualTo(expected.toString());
    }

    @Test
    void growsPastItsFirstCapacity() {
        JsonOutput out = new JsonOutput(1);
        out.startArray();
        String long1 = "x".repeat(10_000);
        out.string(long1);
        out.utf8String(long1.getBytes(StandardCharsets.UTF_8), 0, long1.length());
        out.endArray();
        assertThat(out.size()).isEqualTo(2 + 2 * (long1.length() + 2) + 1);
        assertThat(new String(out.toByteArray(), StandardCharsets.UTF_8)).isEqualTo("[\"" + long1 + "\",\"" + long1 + "\"]");
    }

    private static Value string(String text) {
        return value(out -> out.string(text), json -> json.writeString(text));
    }

    private interface OutputWrite {
        void write(JsonOutput out);
    }

    private interface JacksonWrite {
        void write(JsonGenerator json) throws IOException;
    }

    private static Value value(OutputWrite ours, JacksonWrite theirs) {
        return new Value() {
            @Override
            public void writeTo(JsonOutput out) {
                ours.write(out);
            }

            @Override
            public void writeTo(JsonGenerator json) throws IOException {
                theirs.write(json);
            }
        };
    }

    private static void assertSame(Value value) throws IOException {
        assertThat(new String(written(value::writeTo), StandardCharsets.UTF_8))
                .isEqualTo(new String(jackson(value), StandardCharsets.UTF_8));
    }

    private static byte[] written(OutputWrite write) {
        JsonOutput out = new JsonOutput(4);
        write.write(out);
        return out.toByteArray();
    }

    private static byte[] jackson(Value value) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonGenerator json = EntityJsonReader.JSON.createGenerator(out)) {
            value.writeTo(json);
        }
        return out.toByteArray();
    }

    @Provide
    Arbitrary<String> texts() {
        // Long enough to take the eight-byte check, with every character it must refuse or let through.
        Arbitrary<String> plain = Arbitraries.strings().withChars("lorem ipsum/=+-.:;'<>&?").ofMinLength(30).ofMaxLength(80);
        Arbitrary<String> awkward = Arbitraries.strings().withChars('a', ' ', '"', '\\', '?', '\n', '\r', '\t', '\b', '\f',
                '\u0000', '\u001F', '\u007F', '\u0080', '\u00E9', '\u07FF', '\u0800', '\u2028', '\u4E2D', '\uD800',
                '\uDBFF', '\uDC00', '\uDFFF', '\uFFFD', '\uFFFF').ofMinLength(0).ofMaxLength(80);
        Arbitrary<String> wide = Arbitraries.strings().withChars("lorem \u00e9\u4e2d\uffff").ofMinLength(1).ofMaxLength(80);
        return Arbitraries.oneOf(plain, awkward, wide, plain.map(s -> s + "\""), plain.map(s -> "\\" + s),
                plain.map(s -> s.substring(0, 17) + "\uD83D\uDE00" + s.substring(17)), plain.map(s -> s + "\t"),
                Arbitraries.strings());
    }

    @Provide
    Arbitrary<Long> ticks() {
        Arbitrary<Long> any = Arbitraries.longs().between(DateTimes.toEpochTicks(DateTimes.MIN),
                DateTimes.toEpochTicks(DateTimes.MAX));
        return Arbitraries.oneOf(any, any.map(t -> t / 10_000_000L * 10_000_000L), Arbitraries.of(0L, 1L, -1L));
    }

    @Provide
    Arbitrary<List<Value>> values() {
        Arbitrary<Value> text = texts().map(JsonOutputTest::string);
        Arbitrary<Value> int32 = Arbitraries.integers().map(i -> value(out -> out.number(i), json -> json.writeNumber(i)));
        Arbitrary<Value> int64 = Arbitraries.longs().map(l -> value(out -> out.quotedNumber(l),
                json -> json.writeString(Long.toString(l))));
        Arbitrary<Value> number = Arbitraries.doubles().map(d -> value(out -> out.number(d), json -> json.writeNumber(d)));
        Arbitrary<Value> bool = Arbitraries.of(true, false).map(b -> value(out -> out.bool(b), json -> json.writeBoolean(b)));
        Arbitrary<Value> nothing = Arbitraries.just(value(JsonOutput::nullValue, JsonGenerator::writeNull));
        Arbitrary<Value> guid = Combinators.combine(Arbitraries.longs(), Arbitraries.longs()).as((m, l) -> value(
                out -> out.guid(m, l), json -> json.writeString(new UUID(m, l).toString())));
        Arbitrary<Value> emptyArray = Arbitraries.just(value(out -> {
            out.startArray();
            out.endArray();
        }, json -> {
            json.writeStartArray();
            json.writeEndArray();
        }));
        // A few DateTimes, so that the same one comes again, as the entities of one transaction share theirs.
        Arbitrary<Long> someTicks = Arbitraries.of(0L, 1L, 637_699_999_999_999_999L, 10_000_000L,
                DateTimes.toEpochTicks(DateTimes.MIN));
        Arbitrary<Value> dateTime = someTicks.map(t -> value(out -> out.dateTime(t),
                json -> json.writeString(DateTimes.format(DateTimes.fromEpochTicks(t)))));
        Arbitrary<Value> etag = someTicks.map(t -> value(out -> out.etag(t),
                json -> json.writeString(ETag.of(DateTimes.fromEpochTicks(t)))));
        Arbitrary<Value> binary = Arbitraries.bytes().array(byte[].class).ofMaxSize(7).map(b -> value(
                out -> out.base64(b, 0, b.length), json -> json.writeString(Base64.getEncoder().encodeToString(b))));
        return Arbitraries.oneOf(text, int32, int64, number, bool, nothing, guid, emptyArray, dateTime, etag, binary)
                .list().ofMaxSize(8);
    }
}
