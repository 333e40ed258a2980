package io.cerulean.table.layout;

import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.storage.RecordKey;
import io.cerulean.storage.StoredValue;
import io.cerulean.table.model.EdmType;
import io.cerulean.table.model.Entity;
import io.cerulean.table.model.HandedOverProperties;
import io.cerulean.table.model.PropertyValue;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** The byte layouts: order preserved, values round trip, lookups agree with full decoding. */
class CodecPropertiesTest {
    @Property(tries = 2000)
    void cesu8BytesSortLikeUtf16Strings(@ForAll("strings") String a, @ForAll("strings") String b) {
        int byStrings = Integer.signum(a.compareTo(b));
        int byBytes = Integer.signum(Arrays.compareUnsigned(Cesu8.encode(a), Cesu8.encode(b)));
        assertThat(byBytes).isEqualTo(byStrings);
        assertThat(Cesu8.decode(Cesu8.encode(a), 0, Cesu8.length(a))).isEqualTo(a);
    }

    @Property(tries = 1000)
    void asciiTextAndItsLookAlikesEncodeAsCharByChar(@ForAll("asciiLookAlikes") String text) {
        // '?', surrogates (paired or not), U+FFFD and U+D000..U+D7FF are where the shortcuts through
        // the JDK's UTF-8 coders could be fooled.
        byte[] charByChar = new byte[Cesu8.length(text)];
        Cesu8.encode(text, charByChar, 0);
        assertThat(Cesu8.encode(text)).isEqualTo(charByChar);
        assertThat(Cesu8.decode(charByChar, 0, charByChar.length)).isEqualTo(text);
        Entity entity = new Entity("pk", "rk", Instant.parse("2026-01-01T00:00:00Z"),
                Map.of("Text", PropertyValue.ofString(text)));
        assertThat(EntityCodec.decode("pk", "rk", EntityCodec.encode(entity))).isEqualTo(entity);
    }

    /** Text of ASCII and unpaired surrogates, which UTF-8 encodes one byte a char ('?' for a surrogate). */
    @Property(tries = 2000)
    void onlyAsciiTextIsTakenAsItsUtf8Bytes(@ForAll("asciiAndSurrogates") String text) {
        boolean ascii = text.chars().allMatch(c -> c < 0x80);
        byte[] bytes = Cesu8.asciiBytes(text);
        if (ascii) {
            assertThat(bytes).isEqualTo(text.getBytes(StandardCharsets.US_ASCII));
        } else {
            assertThat(bytes).isNull();
        }
    }

    @Property(tries = 2000)
    void entityKeysSortLikeEntityKeys(@ForAll("keys") String pk1, @ForAll("keys") String rk1,
                                      @ForAll("keys") String pk2, @ForAll("keys") String rk2) {
        int byKeys = Integer.signum(pk1.equals(pk2) ? rk1.compareTo(rk2) : pk1.compareTo(pk2));
        RecordKey one = new RecordKey(EntityKeys.partition(pk1), EntityKeys.row(rk1));
        RecordKey two = new RecordKey(EntityKeys.partition(pk2), EntityKeys.row(rk2));
        int byBytes = Integer.signum(one.compareTo(two));
        assertThat(byBytes).isEqualTo(byKeys);
    }

    /** An entity whose text is ASCII is encoded into an array sized exactly up front (no copy). */
    @Property(tries = 500)
    void theAsciiSizeIsTheEncodedSizeOfAsciiEntities(@ForAll("entities") Entity entity, @ForAll("lengths") int length) {
        Map<String, PropertyValue> properties = new LinkedHashMap<>();
        entity.properties().forEach((name, value) -> properties.put(name, value.type() != EdmType.STRING ? value
                : PropertyValue.ofString("x".repeat(length))));
        Entity ascii = new Entity(entity.partitionKey(), entity.rowKey(), entity.timestamp(), properties);
        assertThat(EntityCodec.asciiSize(ascii)).isEqualTo(EntityCodec.encode(ascii).bytes().length);
        assertThat(EntityCodec.decode("pk", "rk", EntityCodec.encode(ascii))).isEqualTo(ascii);
    }

    @Provide
    Arbitrary<Integer> lengths() {
        // Each side of where a varint length takes one more byte.
        return Arbitraries.of(0, 1, 127, 128, 16_383, 16_384, 70_000);
    }

    @Property(tries = 500)
    void findAgreesWithDecode(@ForAll("entities") Entity entity, @ForAll("strings") String probe) {
        StoredValue value = EntityCodec.encode(entity);
        byte[] bytes = value.bytes();
        Entity decoded = EntityCodec.decode(entity.partitionKey(), entity.rowKey(), value);
        assertThat(decoded).isEqualTo(entity);
        for (String name : entity.properties().keySet()) {
            assertThat(EntityCodec.find(bytes, StoredValue.HEADROOM, Cesu8.encode(name))).isEqualTo(entity.properties().get(name));
        }
        assertThat(EntityCodec.find(bytes, StoredValue.HEADROOM, Cesu8.encode(probe))).isEqualTo(entity.properties().get(probe));
    }

    /**
     * Visiting an encoded entity hands over what decoding it reads, in order; text without
     * surrogates (which UTF-8 cannot hold) as its stored bytes, well-formed UTF-8.
     */
    @Property(tries = 500)
    void visitHandsOverWhatDecodeReads(@ForAll("entities") Entity entity) {
        byte[] bytes = EntityCodec.encode(entity).bytes();
        HandedOverProperties handedOver = new HandedOverProperties();
        EntityCodec.visit(bytes, StoredValue.HEADROOM, new RepeatedStrings(), handedOver);
        assertThat(handedOver.properties()).containsExactlyElementsOf(entity.properties().entrySet());
        List<String> withoutSurrogates = entity.properties().entrySet().stream()
                .filter(p -> p.getValue().type() == EdmType.STRING)
                .filter(p -> p.getValue().asString().chars().noneMatch(c -> Character.isSurrogate((char) c)))
                .map(Map.Entry::getKey).toList();
        assertThat(handedOver.namesGivenAsUtf8()).isEqualTo(withoutSurrogates);
    }

    @Property(tries = 1000)
    void textIsUtf8ExactlyWhenItHoldsNoSurrogate(@ForAll("asciiLookAlikes") String head, @ForAll("asciiLookAlikes") String tail) {
        String text = head + "0123456789abcdef".substring(head.length() % 16) + tail; // the 0xED at any offset
        // A surrogate's bytes (ED A0 80) on both sides: a check that read past the text would find them.
        byte[] inside = new byte[Cesu8.length(text) + 6];
        byte[] surrogate = {(byte) 0xED, (byte) 0xA0, (byte) 0x80};
        System.arraycopy(surrogate, 0, inside, 0, 3);
        System.arraycopy(surrogate, 0, inside, inside.length - 3, 3);
        Cesu8.encode(text, inside, 3);
        assertThat(Cesu8.isUtf8(inside, 3, Cesu8.length(text))).isEqualTo(text.chars().noneMatch(c -> Character.isSurrogate((char) c)));
    }

    @Provide
    Arbitrary<String> strings() {
        // All of UTF-16, surrogates included (paired or not), where code-point and code-unit orders differ.
        return Arbitraries.strings().withCharRange('\u0000', '\uFFFF').ofMaxLength(6);
    }

    @Provide
    Arbitrary<String> asciiLookAlikes() {
        return Arbitraries.strings().withChars('a', 'Z', '0', '?', ' ', '\u007F', '\u0080', '\u00E9', '\u4E2D', '\uD7FF',
                '\uD800', '\uDBFF', '\uDC00', '\uDFFF', '\uE000', '\uFFFD', '\uFFFF').ofMaxLength(24);
    }

    @Provide
    Arbitrary<String> asciiAndSurrogates() {
        return Arbitraries.strings().withChars('a', '?', ' ', 'Z', '\uD800', '\uDC00', '\uDFFF').ofMaxLength(40)
                .edgeCases(edges -> edges.add("x".repeat(17) + "\uD800"));
    }

    @Provide
    Arbitrary<String> keys() {
        return Arbitraries.strings().withCharRange('\u0020', '\uFFFF').ofMaxLength(5)
                .filter(s -> s.chars().noneMatch(c -> c >= 0x7F && c <= 0x9F));
    }

    @Provide
    Arbitrary<Entity> entities() {
        List<Arbitrary<PropertyValue>> values = List.of(
                strings().map(PropertyValue::ofString),
                Arbitraries.integers().map(PropertyValue::ofInt32),
                Arbitraries.longs().map(PropertyValue::ofInt64),
                Arbitraries.doubles().map(PropertyValue::ofDouble),
                Arbitraries.of(true, false).map(PropertyValue::ofBoolean),
                Arbitraries.longs().between(-11644473600L, 253402300799L)
                        .map(s -> PropertyValue.ofDateTime(Instant.ofEpochSecond(s, 1234500))),
                Arbitraries.create(UUID::randomUUID).map(PropertyValue::ofGuid),
                Arbitraries.bytes().array(byte[].class).ofMaxSize(20).map(PropertyValue::ofBinary));
        Arbitrary<PropertyValue> value = Arbitraries.oneOf(values);
        Arbitrary<Map<String, PropertyValue>> properties = Arbitraries.maps(
                Arbitraries.strings().alpha().ofMinLength(1).ofMaxLength(4), value).ofMaxSize(8)
                .map(LinkedHashMap::new);
        return properties.map(p -> new Entity("pk", "rk", Instant.parse("2026-01-01T00:00:00.1234567Z"), p));
    }
}
