package io.cerulean.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.ListEntitiesOptions;
import com.azure.data.tables.models.TableEntity;
import io.cerulean.it.support.RawResponse;
import io.cerulean.it.support.SharedServers;
import io.cerulean.it.support.SignedHttp;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;

/** $filter over typed properties, evaluated as Azure does (type-compatible comparisons, missing = false). */
class FilterSemanticsTest {
    private static final SharedServers SERVERS = SharedServers.perClass();
    private static final Map<ServerFixture, TableClient> TABLES = new EnumMap<>(ServerFixture.class);

    @AfterAll
    static void stopServers() {
        SERVERS.close();
    }

    /** Rows r0..r4 with typed properties; r4 has none of them. */
    private static synchronized TableClient table(ServerFixture fixture) {
        return TABLES.computeIfAbsent(fixture, f -> {
            TableClient table = SERVERS.newTable(f, "Filter");
            for (int i = 0; i < 4; i++) {
                table.createEntity(new TableEntity("p", "r" + i)
                        .addProperty("I", i * 10)
                        .addProperty("L", 5_000_000_000L + i)
                        .addProperty("D", i + 0.5)
                        .addProperty("B", i % 2 == 0)
                        .addProperty("S", "s" + i)
                        .addProperty("T", OffsetDateTime.parse("2020-01-0" + (i + 1) + "T00:00:00.1234567Z"))
                        .addProperty("G", new UUID(0, i))
                        .addProperty("Bin", new byte[] {(byte) i, 1}));
            }
            table.createEntity(new TableEntity("p", "r4").addProperty("Other", "x"));
            return table;
        });
    }

    private static List<String> rows(ServerFixture fixture, String filter) {
        List<String> rows = new ArrayList<>();
        table(fixture).listEntities(new ListEntitiesOptions().setFilter(filter), null, null)
                .forEach(e -> rows.add(e.getRowKey()));
        return rows;
    }

    @ParameterizedTest
    @EachStore
    void comparisonsOnEachTypeMatchTheStoredValues(ServerFixture fixture) {
        assertThat(rows(fixture, "I ge 20")).containsExactly("r2", "r3");
        assertThat(rows(fixture, "L gt 5000000001L")).containsExactly("r2", "r3");
        assertThat(rows(fixture, "D lt 1.5")).containsExactly("r0");
        assertThat(rows(fixture, "B eq true")).containsExactly("r0", "r2");
        assertThat(rows(fixture, "S eq 's3'")).containsExactly("r3");
        assertThat(rows(fixture, "T ge datetime'2020-01-03T00:00:00Z'")).containsExactly("r2", "r3");
        assertThat(rows(fixture, "T eq datetime'2020-01-02T00:00:00.1234567Z'")).containsExactly("r1");
        assertThat(rows(fixture, "G eq guid'00000000-0000-0000-0000-000000000002'")).containsExactly("r2");
        assertThat(rows(fixture, "Bin eq X'0301'")).containsExactly("r3");
        assertThat(rows(fixture, "Bin eq binary'0001'")).containsExactly("r0");
    }

    @ParameterizedTest
    @EachStore
    void booleanLogicAndParenthesesFollowPrecedence(ServerFixture fixture) {
        assertThat(rows(fixture, "I eq 0 or I eq 10 and B eq true")).containsExactly("r0");
        assertThat(rows(fixture, "(I eq 0 or I eq 10) and B eq false")).containsExactly("r1");
        assertThat(rows(fixture, "not (I lt 20)")).containsExactly("r2", "r3");
        assertThat(rows(fixture, "(PartitionKey eq 'p') and (RowKey ge 'r3')")).containsExactly("r3", "r4");
    }

    @ParameterizedTest
    @EachStore
    void entitiesWithoutThePropertyNeverMatchAComparison(ServerFixture fixture) {
        assertThat(rows(fixture, "S ne 'zzz'")).containsExactly("r0", "r1", "r2", "r3");
        assertThat(rows(fixture, "S gt ''")).containsExactly("r0", "r1", "r2", "r3");
        assertThat(rows(fixture, "S lt ''")).isEmpty();
        assertThat(rows(fixture, "Other eq 'x'")).containsExactly("r4");
    }

    @ParameterizedTest
    @EachStore
    void literalsOfAnIncompatibleTypeMatchNothing(ServerFixture fixture) {
        assertThat(rows(fixture, "S eq 3")).isEmpty();
        assertThat(rows(fixture, "I eq '10'")).isEmpty();
        assertThat(rows(fixture, "L eq '5000000000'")).isEmpty();
        assertThat(rows(fixture, "B eq 'true'")).isEmpty();
    }

    @ParameterizedTest
    @EachStore
    void int32LiteralsMatchInt64AndDoublePropertiesNumerically(ServerFixture fixture) {
        assertThat(rows(fixture, "D gt 2")).containsExactly("r2", "r3");
        assertThat(rows(fixture, "L ge 0")).containsExactly("r0", "r1", "r2", "r3");
        assertThat(rows(fixture, "I eq 20L")).containsExactly("r2");
    }

    @ParameterizedTest
    @EachStore
    void timestampIsFilterableAsADateTime(ServerFixture fixture) {
        table(fixture);
        String old = "datetime'2000-01-01T00:00:00Z'";
        assertThat(rows(fixture, "Timestamp gt " + old)).hasSize(5);
        assertThat(rows(fixture, "Timestamp lt " + old)).isEmpty();
    }

    @ParameterizedTest
    @EachStore
    void filterOnTableQueryAndSelectComposeOnTheWire(ServerFixture fixture) {
        String table = table(fixture).getTableName();
        RawResponse response = SERVERS.http(fixture).get("/" + table + "()?$filter="
                + SignedHttp.q("I gt 5 and I lt 25") + "&$select=I,S", "Accept", SignedHttp.NO_METADATA);
        assertThat(response.status()).as("%s", response).isEqualTo(200);
        assertThat(response.json().path("value").toString()).isEqualTo("[{\"I\":10,\"S\":\"s1\"},{\"I\":20,\"S\":\"s2\"}]");
    }
}
