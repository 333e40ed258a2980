package io.cerulean.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.ListEntitiesOptions;
import com.azure.data.tables.models.TableEntity;
import io.cerulean.it.support.SharedServers;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;

/** Every EDM type survives a round trip through the Java SDK: get and list return what was stored. */
class EntityTypesTest {
    private static final SharedServers SERVERS = SharedServers.perClass();

    @AfterAll
    static void stopServers() {
        SERVERS.close();
    }

    /** Stores the properties, then returns the entity as read by getEntity and by listEntities. */
    private static List<TableEntity> roundTrip(ServerFixture fixture, Map<String, Object> properties) {
        TableClient table = SERVERS.newTable(fixture, "Types");
        table.createEntity(new TableEntity("p", "r").setProperties(properties));
        TableEntity listed = table.listEntities().iterator().next();
        return List.of(table.getEntity("p", "r"), listed);
    }

    private static void assertRoundTrips(ServerFixture fixture, Map<String, Object> properties) {
        for (TableEntity got : roundTrip(fixture, properties)) {
            properties.forEach((name, value) -> assertThat(got.getProperty(name)).as(name).isEqualTo(value));
        }
    }

    @ParameterizedTest
    @EachStore
    void stringsRoundTrip(ServerFixture fixture) {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("Empty", "");
        p.put("Unicode", "Grüße, Здравствуйте, こんにちは, עברית");
        p.put("Emoji", "smile \uD83D\uDE00 and \uD834\uDD1E clef");
        p.put("Escapes", "quote \" backslash \\ tab \t newline \n nul-free \u0001 end");
        p.put("JsonLike", "{\"a\":1,\"b\":[true]}");
        p.put("Max", "x".repeat(32 * 1024 - 2) + "\uD83D\uDE00");
        p.put("Numeric", "12345");
        p.put("Spaces", "  leading and trailing  ");
        assertRoundTrips(fixture, p);
    }

    @ParameterizedTest
    @EachStore
    void int32BoundariesRoundTrip(ServerFixture fixture) {
        assertRoundTrips(fixture, new LinkedHashMap<>(Map.of("Min", Integer.MIN_VALUE, "Max", Integer.MAX_VALUE,
                "Zero", 0, "MinusOne", -1)));
    }

    @ParameterizedTest
    @EachStore
    void int64BoundariesRoundTripIncludingValuesBeyondDoublePrecision(ServerFixture fixture) {
        assertRoundTrips(fixture, new LinkedHashMap<>(Map.of("Min", Long.MIN_VALUE, "Max", Long.MAX_VALUE,
                "Beyond53", 9_007_199_254_740_993L, "NegBeyond53", -9_007_199_254_740_993L, "Small", 5L,
                "IntMaxPlusOne", 2_147_483_648L)));
    }

    @ParameterizedTest
    @EachStore
    void finiteDoublesRoundTripIncludingNegativeZeroAndIntegralValues(ServerFixture fixture) {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("NegZero", -0.0);
        p.put("Zero", 0.0);
        p.put("Huge", 1e308);
        p.put("MaxValue", Double.MAX_VALUE);
        p.put("MinValue", Double.MIN_VALUE);
        p.put("Integral", 20.0);
        p.put("BigIntegral", 6824053932181.0);
        p.put("Pi", Math.PI);
        p.put("Tiny", -1.2345678901234567e-300);
        assertRoundTrips(fixture, p);
    }

    @ParameterizedTest
    @EachStore
    void booleansRoundTrip(ServerFixture fixture) {
        assertRoundTrips(fixture, new LinkedHashMap<>(Map.of("T", true, "F", false)));
    }

    @ParameterizedTest
    @EachStore
    void dateTimesRoundTripWith100NanosecondPrecision(ServerFixture fixture) {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("Ticks", OffsetDateTime.parse("2021-10-15T16:13:10.7791241Z"));
        p.put("Whole", OffsetDateTime.parse("2012-10-02T03:03:15Z"));
        p.put("Millis", OffsetDateTime.parse("2019-07-10T18:59:59.999Z"));
        p.put("Earliest", OffsetDateTime.parse("1601-01-01T00:00:00Z"));
        p.put("Latest", OffsetDateTime.parse("9999-12-31T23:59:59.9999999Z"));
        for (TableEntity got : roundTrip(fixture, p)) {
            p.forEach((name, value) -> assertThat(got.getProperty(name)).as(name).isEqualTo(value));
        }
    }

    @ParameterizedTest
    @EachStore
    void dateTimeWithAnOffsetIsStoredAsTheSameInstant(ServerFixture fixture) {
        OffsetDateTime withOffset = OffsetDateTime.parse("2022-03-04T05:06:07.1234567+02:00");
        for (TableEntity got : roundTrip(fixture, new LinkedHashMap<>(Map.of("D", withOffset)))) {
            OffsetDateTime value = (OffsetDateTime) got.getProperty("D");
            assertThat(value.toInstant()).isEqualTo(withOffset.toInstant());
            assertThat(value.getOffset()).isEqualTo(ZoneOffset.UTC);
        }
    }

    @ParameterizedTest
    @EachStore
    void guidsRoundTrip(ServerFixture fixture) {
        assertRoundTrips(fixture, new LinkedHashMap<>(Map.of("G", UUID.fromString("a455c695-df98-5678-aaaa-81d3367e5a34"),
                "Zero", new UUID(0, 0), "Random", UUID.randomUUID())));
    }

    @ParameterizedTest
    @EachStore
    void binariesRoundTripFromEmptyTo64KiB(ServerFixture fixture) {
        byte[] full = new byte[64 * 1024];
        new Random(42).nextBytes(full);
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("Empty", new byte[0]);
        p.put("Small", new byte[] {0, 1, 2, (byte) 0xFF});
        p.put("Full", full);
        for (TableEntity got : roundTrip(fixture, p)) {
            assertThat((byte[]) got.getProperty("Empty")).isEmpty();
            assertThat((byte[]) got.getProperty("Small")).containsExactly(0, 1, 2, (byte) 0xFF);
            assertThat((byte[]) got.getProperty("Full")).isEqualTo(full);
        }
    }

    @ParameterizedTest
    @EachStore
    void allTypesTogetherSurviveAMergeOfAnotherProperty(ServerFixture fixture) {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("S", "s");
        p.put("I", 7);
        p.put("L", 1L << 60);
        p.put("D", 2.5);
        p.put("B", true);
        p.put("T", OffsetDateTime.parse("2020-10-01T00:38:36.310293Z"));
        p.put("G", UUID.fromString("00000000-0000-0000-0000-0000000000ff"));
        TableClient table = SERVERS.newTable(fixture, "Merge");
        table.createEntity(new TableEntity("p", "r").setProperties(p));
        table.updateEntity(new TableEntity("p", "r").addProperty("Other", 1));
        TableEntity got = table.listEntities(new ListEntitiesOptions().setFilter("RowKey eq 'r'"), null, null)
                .iterator().next();
        p.forEach((name, value) -> assertThat(got.getProperty(name)).as(name).isEqualTo(value));
        assertThat(got.getProperty("Other")).isEqualTo(1);
    }
}
