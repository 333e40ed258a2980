package io.cerulean.table.rest.json;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.cerulean.table.model.DateTimes;
import io.cerulean.table.model.ETag;
import io.cerulean.table.model.EdmType;
import io.cerulean.table.model.Entity;
import io.cerulean.table.model.EntityView;
import io.cerulean.table.model.PropertyValue;
import io.cerulean.table.model.PropertyVisitor;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/** Contract sections 4.1, 4.3, 4.4 and 4.6: entity JSON exactly as the service writes it. */
class EntityJsonWriterTest {
    private static final String BASE = "http://127.0.0.1:10002/devstoreaccount1";
    private static final Instant STAMP = Instant.parse("2021-10-15T16:13:10.7791241Z");
    private static final String ETAG = "W/\\\"datetime'2021-10-15T16%3A13%3A10.7791241Z'\\\"";
    private static final String KEYS = "\"PartitionKey\":\"p\",\"RowKey\":\"r\"";
    private static final String TIMESTAMP = "\"Timestamp\":\"2021-10-15T16:13:10.7791241Z\"";

    private static Entity entity(String partitionKey, String rowKey, Object... nameValuePairs) {
        Map<String, PropertyValue> properties = new LinkedHashMap<>();
        for (int i = 0; i < nameValuePairs.length; i += 2) {
            properties.put((String) nameValuePairs[i], (PropertyValue) nameValuePairs[i + 1]);
        }
        return new Entity(partitionKey, rowKey, STAMP, properties);
    }

    private static Entity small() {
        return entity("p", "r", "name", PropertyValue.ofString("x"), "n", PropertyValue.ofInt64(255L),
                "d", PropertyValue.ofDouble(20.0));
    }

    private static String single(MetadataLevel level, Entity entity, List<String> select) {
        byte[] json = new EntityJsonWriter(level, BASE, "devstoreaccount1", "mytable", select).single(entity);
        return new String(json, StandardCharsets.UTF_8);
    }

    private static String list(MetadataLevel level, List<Entity> entities, List<String> select) {
        EntityJsonWriter.Page page = new EntityJsonWriter(level, BASE, "devstoreaccount1", "mytable", select).page();
        entities.forEach(page::add);
        return StandardCharsets.UTF_8.decode(page.finish()).toString();
    }

    /** Properties of a one-property entity at minimal metadata, after the system properties. */
    @Property(tries = 2000)
    void aFiniteDoubleIsWrittenAsAFloatingPointNumberThatReadsBackAsItself(@ForAll double value) {
        Assume.that(Double.isFinite(value));
        String written = minimalProperties(PropertyValue.ofDouble(value)).substring("\"v\":".length());
        assertThat(Double.parseDouble(written)).isEqualTo(value);
        assertThat(written).containsAnyOf(".", "E");
        assertThat(written).isEqualTo(Double.toString(value).length() < written.length() ? Double.toString(value) : written);
    }

    private static String minimalProperties(PropertyValue value) {
        String json = single(MetadataLevel.MINIMAL_METADATA, entity("p", "r", "v", value), null);
        return json.substring(json.indexOf(TIMESTAMP) + TIMESTAMP.length() + 1, json.length() - 1);
    }

    /**
     * A store may hand text over as UTF-8 bytes (RocksDB does, for text without surrogates); the
     * page must read exactly as when the same entities come as objects, at every metadata level.
     */
    @Property(tries = 500)
    void aPageWrittenFromUtf8TextIsThePageWrittenFromStrings(@ForAll("texts") List<String> texts) {
        List<Entity> entities = new ArrayList<>();
        for (int i = 0; i < texts.size(); i++) {
            entities.add(entity("p", "r" + i, "t", PropertyValue.ofString(texts.get(i)), "n", PropertyValue.ofInt64(i),
                    "u" + i, PropertyValue.ofString(texts.get(texts.size() - 1 - i))));
        }
        for (MetadataLevel level : MetadataLevel.values()) {
            EntityJsonWriter.Page fromUtf8 = new EntityJsonWriter(level, BASE, "devstoreaccount1", "mytable", null).page();
            entities.forEach(entity -> fromUtf8.add(new Utf8View(entity)));
            assertThat(StandardCharsets.UTF_8.decode(fromUtf8.finish()).toString()).isEqualTo(list(level, entities, null));
        }
    }

    /** The odata.etag of each entity, in minimal and full metadata, is its ETag (built in place). */
    @Property(tries = 1000)
    void eachEntitysEtagIsTheEtagOfItsTimestamp(@ForAll("timestamps") Instant timestamp) throws IOException {
        Entity entity = new Entity("p", "r", timestamp, Map.of());
        for (MetadataLevel level : List.of(MetadataLevel.MINIMAL_METADATA, MetadataLevel.FULL_METADATA)) {
            assertThat(etags(list(level, List.of(entity, entity), null))).containsExactly(ETag.of(timestamp), ETag.of(timestamp));
            assertThat(etags(single(level, entity, null))).containsExactly(ETag.of(timestamp));
        }
    }

    /** The odata.etag values in some JSON, as a JSON reader reads them. */
    private static List<String> etags(String json) throws IOException {
        List<String> etags = new ArrayList<>();
        try (JsonParser parser = EntityJsonReader.JSON.createParser(json)) {
            for (JsonToken token = parser.nextToken(); token != null; token = parser.nextToken()) {
                if (token == JsonToken.FIELD_NAME && parser.currentName().equals("odata.etag")) {
                    parser.nextToken();
                    etags.add(parser.getText());
                }
            }
        }
        return etags;
    }

    @Provide
    Arbitrary<Instant> timestamps() {
        return Arbitraries.longs().between(DateTimes.MIN.getEpochSecond(), DateTimes.MAX.getEpochSecond())
                .flatMap(seconds -> Arbitraries.integers().between(0, 9_999_999)
                        .map(ticks -> Instant.ofEpochSecond(seconds, ticks * 100L)));
    }

    @Provide
    Arbitrary<List<String>> texts() {
        // Short and long (past the shortcut's threshold), with what must be escaped and what must not.
        Arbitrary<String> text = Arbitraries.strings().withChars('a', ' ', '"', '\\', '?', '/', '\n', '\u0000', '\u001F',
                '\u007F', '\u0080', '\u00E9', '\u2028', '\u4E2D', '\uD7FF', '\uE000', '\uFFFD', '\uFFFF').ofMaxLength(80);
        Arbitrary<String> plain = Arbitraries.strings().withChars("lorem ipsum\u00e9\u4e2d").ofMinLength(30).ofMaxLength(90);
        return Arbitraries.oneOf(text, plain).list().ofMaxSize(5);
    }

    /** An entity that hands its text over as UTF-8 bytes, lying inside a larger array as a store's would. */
    private record Utf8View(Entity entity) implements EntityView {
        @Override
        public String partitionKey() {
            return entity.partitionKey();
        }

        @Override
        public String rowKey() {
            return entity.rowKey();
        }

        @Override
        public Instant timestamp() {
            return entity.timestamp();
        }

        @Override
        public PropertyValue property(String name) {
            return entity.property(name);
        }

        @Override
        public Entity toEntity() {
            return entity;
        }

        @Override
        public void forEachProperty(PropertyVisitor visitor) {
            entity.forEachProperty((name, value) -> {
                if (value.type() == EdmType.STRING) {
                    byte[] utf8 = value.asString().getBytes(StandardCharsets.UTF_8);
                    // Plain bytes around it: a check that read past the text would find nothing to refuse.
                    byte[] padded = new byte[utf8.length + 14];
                    Arrays.fill(padded, (byte) 'a');
                    System.arraycopy(utf8, 0, padded, 7, utf8.length);
                    visitor.utf8Property(name, padded, 7, utf8.length);
                } else {
                    visitor.property(name, value);
                }
            });
        }
    }

    @Test
    void noMetadataHasNoControlInformationAndNoAnnotations() {
        assertThat(single(MetadataLevel.NO_METADATA, small(), null)).isEqualTo(
                "{" + KEYS + "," + TIMESTAMP + ",\"name\":\"x\",\"n\":\"255\",\"d\":20.0}");
    }

    @Test
    void minimalMetadataHasMetadataEtagAndTypeAnnotations() {
        assertThat(single(MetadataLevel.MINIMAL_METADATA, small(), null)).isEqualTo("{"
                + "\"odata.metadata\":\"" + BASE + "/$metadata#mytable/@Element\","
                + "\"odata.etag\":\"" + ETAG + "\","
                + KEYS + "," + TIMESTAMP + ",\"name\":\"x\",\"n@odata.type\":\"Edm.Int64\",\"n\":\"255\",\"d\":20.0}");
    }

    @Test
    void fullMetadataAddsTypeIdEditLinkAndTimestampAnnotationInServiceOrder() {
        assertThat(single(MetadataLevel.FULL_METADATA, small(), null)).isEqualTo("{"
                + "\"odata.metadata\":\"" + BASE + "/$metadata#mytable/@Element\","
                + "\"odata.type\":\"devstoreaccount1.mytable\","
                + "\"odata.id\":\"" + BASE + "/mytable(PartitionKey='p',RowKey='r')\","
                + "\"odata.etag\":\"" + ETAG + "\","
                + "\"odata.editLink\":\"mytable(PartitionKey='p',RowKey='r')\","
                + KEYS + ",\"Timestamp@odata.type\":\"Edm.DateTime\"," + TIMESTAMP
                + ",\"name\":\"x\",\"n@odata.type\":\"Edm.Int64\",\"n\":\"255\",\"d\":20.0}");
    }

    @Test
    void fullMetadataLinksEscapeKeysLikeTheService() {
        String json = single(MetadataLevel.FULL_METADATA, entity("A'aaa_bbbb2\"", "a b"), null);
        assertThat(json).contains("\"odata.id\":\"" + BASE + "/mytable(PartitionKey='A''aaa_bbbb2%22',RowKey='a%20b')\"")
                .contains("\"odata.editLink\":\"mytable(PartitionKey='A''aaa_bbbb2%22',RowKey='a%20b')\"")
                .contains("\"PartitionKey\":\"A'aaa_bbbb2\\\"\"");
    }

    @Test
    void int64IsAnAnnotatedStringAndInt32ABareNumber() {
        assertThat(minimalProperties(PropertyValue.ofInt64(-9223372036854775808L)))
                .isEqualTo("\"v@odata.type\":\"Edm.Int64\",\"v\":\"-9223372036854775808\"");
        assertThat(minimalProperties(PropertyValue.ofInt32(-7))).isEqualTo("\"v\":-7");
    }

    @Test
    void doublesAreNumbersWithAFractionAndNonFiniteOnesAnnotatedStrings() {
        assertThat(minimalProperties(PropertyValue.ofDouble(20.0))).isEqualTo("\"v\":20.0");
        assertThat(minimalProperties(PropertyValue.ofDouble(6824053932181.0))).isEqualTo("\"v\":6.824053932181E12");
        assertThat(minimalProperties(PropertyValue.ofDouble(3.25))).isEqualTo("\"v\":3.25");
        assertThat(minimalProperties(PropertyValue.ofDouble(Double.NaN)))
                .isEqualTo("\"v@odata.type\":\"Edm.Double\",\"v\":\"NaN\"");
        assertThat(minimalProperties(PropertyValue.ofDouble(Double.POSITIVE_INFINITY)))
                .isEqualTo("\"v@odata.type\":\"Edm.Double\",\"v\":\"Infinity\"");
        assertThat(minimalProperties(PropertyValue.ofDouble(Double.NEGATIVE_INFINITY)))
                .isEqualTo("\"v@odata.type\":\"Edm.Double\",\"v\":\"-Infinity\"");
    }

    @Test
    void dateTimeIsAnnotatedWithTrailingFractionalZerosTrimmed() {
        assertThat(minimalProperties(PropertyValue.ofDateTime(Instant.parse("2012-10-02T03:03:15Z"))))
                .isEqualTo("\"v@odata.type\":\"Edm.DateTime\",\"v\":\"2012-10-02T03:03:15Z\"");
        assertThat(minimalProperties(PropertyValue.ofDateTime(Instant.parse("2019-07-10T18:59:59.9990000Z"))))
                .isEqualTo("\"v@odata.type\":\"Edm.DateTime\",\"v\":\"2019-07-10T18:59:59.999Z\"");
        assertThat(minimalProperties(PropertyValue.ofDateTime(Instant.parse("2020-10-01T00:38:36.310293Z"))))
                .isEqualTo("\"v@odata.type\":\"Edm.DateTime\",\"v\":\"2020-10-01T00:38:36.310293Z\"");
    }

    @Test
    void guidIsAnnotatedLowercaseBinaryAnnotatedBase64AndBooleanBare() {
        assertThat(minimalProperties(PropertyValue.ofGuid(UUID.fromString("A455C695-DF98-5678-AAAA-81D3367E5A34"))))
                .isEqualTo("\"v@odata.type\":\"Edm.Guid\",\"v\":\"a455c695-df98-5678-aaaa-81d3367e5a34\"");
        assertThat(minimalProperties(PropertyValue.ofBinary(new byte[] {'B', 'a', 'r', (byte) 0xFF})))
                .isEqualTo("\"v@odata.type\":\"Edm.Binary\",\"v\":\"QmFy/w==\"");
        assertThat(minimalProperties(PropertyValue.ofBoolean(false))).isEqualTo("\"v\":false");
        assertThat(minimalProperties(PropertyValue.ofString("\"q\" é"))).isEqualTo("\"v\":\"\\\"q\\\" é\"");
    }

    @Test
    void selectReturnsOnlySelectedPropertiesWithNullForMissingOnes() {
        assertThat(single(MetadataLevel.MINIMAL_METADATA, small(), List.of("n", "missing", "RowKey"))).isEqualTo("{"
                + "\"odata.metadata\":\"" + BASE + "/$metadata#mytable/@Element&$select=n,missing,RowKey\","
                + "\"odata.etag\":\"" + ETAG + "\","
                + "\"RowKey\":\"r\",\"n@odata.type\":\"Edm.Int64\",\"n\":\"255\",\"missing\":null}");
    }

    /** A client's $select names are not checked; those the entity lacks must not stay in memory. */
    @Test
    void selectedNamesAnEntityLacksAreWrittenButNotCached() {
        String missing = "\u0001".repeat(3000);
        single(MetadataLevel.NO_METADATA, small(), List.of("name"));
        int cached = EntityJsonWriter.cachedNames();
        for (int i = 0; i < 50; i++) {
            String json = single(MetadataLevel.NO_METADATA, small(), List.of("name", missing + i));
            assertThat(json).endsWith(",\"" + "\\u0001".repeat(3000) + i + "\":null}");
            assertThat(single(MetadataLevel.NO_METADATA, small(), List.of("absent" + i))).isEqualTo("{\"absent" + i + "\":null}");
        }
        assertThat(EntityJsonWriter.cachedNames()).isEqualTo(cached);
    }

    @Test
    void selectOfKeysAndTimestampOnly() {
        assertThat(single(MetadataLevel.NO_METADATA, small(), List.of("Timestamp", "PartitionKey")))
                .isEqualTo("{\"PartitionKey\":\"p\"," + TIMESTAMP + "}");
    }

    @Test
    void listWrapsEntitiesInValueAfterTheMetadata() {
        Entity second = entity("p", "r2", "name", PropertyValue.ofString("y"));
        assertThat(list(MetadataLevel.MINIMAL_METADATA, List.of(small(), second), null)).isEqualTo("{"
                + "\"odata.metadata\":\"" + BASE + "/$metadata#mytable\",\"value\":["
                + "{\"odata.etag\":\"" + ETAG + "\"," + KEYS + "," + TIMESTAMP
                + ",\"name\":\"x\",\"n@odata.type\":\"Edm.Int64\",\"n\":\"255\",\"d\":20.0},"
                + "{\"odata.etag\":\"" + ETAG + "\",\"PartitionKey\":\"p\",\"RowKey\":\"r2\"," + TIMESTAMP
                + ",\"name\":\"y\"}]}");
    }

    @Test
    void listWithoutMetadataAndEmptyList() {
        assertThat(list(MetadataLevel.NO_METADATA, List.of(), null)).isEqualTo("{\"value\":[]}");
        assertThat(list(MetadataLevel.MINIMAL_METADATA, List.of(), null))
                .isEqualTo("{\"odata.metadata\":\"" + BASE + "/$metadata#mytable\",\"value\":[]}");
    }

    @Test
    void listWithSelectAddsSelectToMetadataAndProjectsEachEntity() {
        assertThat(list(MetadataLevel.NO_METADATA, List.of(small()), List.of("name"))).isEqualTo(
                "{\"value\":[{\"name\":\"x\"}]}");
        assertThat(list(MetadataLevel.MINIMAL_METADATA, List.of(small()), List.of("name", "PartitionKey")))
                .startsWith("{\"odata.metadata\":\"" + BASE + "/$metadata#mytable&$select=name,PartitionKey\",\"value\":[");
    }
}
