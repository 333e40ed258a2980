package io.cerulean.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.cerulean.it.support.RawResponse;
import io.cerulean.it.support.SharedServers;
import io.cerulean.it.support.SignedHttp;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;

/** The JSON the server emits for entities: EDM wire forms, DateTime/ETag formats, metadata levels. */
class WireFormatTest {
    private static final SharedServers SERVERS = SharedServers.perClass();
    private static final String TIMESTAMP = "\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(\\.\\d{0,6}[1-9])?Z";

    @AfterAll
    static void stopServers() {
        SERVERS.close();
    }

    private static final String BODY = "{\"PartitionKey\":\"p\",\"RowKey\":\"r\","
            + "\"Big@odata.type\":\"Edm.Int64\",\"Big\":\"9007199254740993\","
            + "\"Small\":42,"
            + "\"Twenty@odata.type\":\"Edm.Double\",\"Twenty\":20,"
            + "\"Frac\":3.25,"
            + "\"Nan@odata.type\":\"Edm.Double\",\"Nan\":\"NaN\","
            + "\"Inf@odata.type\":\"Edm.Double\",\"Inf\":\"-Infinity\","
            + "\"Ticks@odata.type\":\"Edm.DateTime\",\"Ticks\":\"2021-10-15T16:13:10.7791241Z\","
            + "\"Micros@odata.type\":\"Edm.DateTime\",\"Micros\":\"2020-10-01T00:38:36.3102930Z\","
            + "\"Whole@odata.type\":\"Edm.DateTime\",\"Whole\":\"2012-10-02T03:03:15.0000000Z\","
            + "\"NoZone@odata.type\":\"Edm.DateTime\",\"NoZone\":\"2008-07-10T00:00:00\","
            + "\"G@odata.type\":\"Edm.Guid\",\"G\":\"A455C695-DF98-5678-AAAA-81D3367E5A34\","
            + "\"Bin@odata.type\":\"Edm.Binary\",\"Bin\":\"QmFy\","
            + "\"Flag\":true,\"Text\":\"hello\"}";

    /** Inserts {@link #BODY} into a new table and returns the table name. */
    private static String insert(SignedHttp http, ServerFixture fixture) {
        String table = SERVERS.newTable(fixture, "Wire").getTableName();
        RawResponse created = http.send("POST", "/" + table, BODY, "Prefer", "return-no-content");
        assertThat(created.status()).as("%s", created).isEqualTo(204);
        return table;
    }

    @ParameterizedTest
    @EachStore
    void valuesUseTheAzureWireForms(ServerFixture fixture) {
        SignedHttp http = SERVERS.http(fixture);
        String table = insert(http, fixture);
        String body = http.get(SignedHttp.entityPath(table, "p", "r")).body();
        assertThat(body).contains("\"Big@odata.type\":\"Edm.Int64\",\"Big\":\"9007199254740993\"")
                .contains("\"Small\":42")
                .contains("\"Frac\":3.25")
                .contains("\"Nan@odata.type\":\"Edm.Double\",\"Nan\":\"NaN\"")
                .contains("\"Inf@odata.type\":\"Edm.Double\",\"Inf\":\"-Infinity\"")
                .contains("\"Ticks@odata.type\":\"Edm.DateTime\",\"Ticks\":\"2021-10-15T16:13:10.7791241Z\"")
                .contains("\"Micros\":\"2020-10-01T00:38:36.310293Z\"")
                .contains("\"Whole\":\"2012-10-02T03:03:15Z\"")
                .contains("\"NoZone\":\"2008-07-10T00:00:00Z\"")
                .contains("\"G@odata.type\":\"Edm.Guid\",\"G\":\"a455c695-df98-5678-aaaa-81d3367e5a34\"")
                .contains("\"Bin@odata.type\":\"Edm.Binary\",\"Bin\":\"QmFy\"")
                .contains("\"Flag\":true")
                .contains("\"Text\":\"hello\"")
                .doesNotContain("Small@odata.type", "Flag@odata.type", "Text@odata.type");
        assertThat(body).as("integral doubles keep a fraction").containsPattern("\"Twenty\":20\\.0[,}]");
    }

    @ParameterizedTest
    @EachStore
    void timestampAndEtagHaveTheAzureFormat(ServerFixture fixture) {
        SignedHttp http = SERVERS.http(fixture);
        String table = insert(http, fixture);
        RawResponse got = http.get(SignedHttp.entityPath(table, "p", "r"));
        JsonNode json = got.json();
        String timestamp = json.path("Timestamp").asText();
        assertThat(timestamp).matches(TIMESTAMP);
        String etag = got.header("ETag");
        assertThat(etag).isEqualTo("W/\"datetime'" + timestamp.replace(":", "%3A") + "'\"");
        assertThat(json.path("odata.etag").asText()).isEqualTo(etag);
        assertThat(got.header("Content-Type")).isEqualTo("application/json;odata=minimalmetadata;streaming=true;charset=utf-8");
    }

    @ParameterizedTest
    @EachStore
    void noMetadataHasNoODataKeysOrAnnotations(ServerFixture fixture) {
        SignedHttp http = SERVERS.http(fixture);
        String table = insert(http, fixture);
        for (String path : List.of(SignedHttp.entityPath(table, "p", "r"), "/" + table + "()")) {
            RawResponse got = http.get(path, "Accept", SignedHttp.NO_METADATA);
            JsonNode entity = path.endsWith("()") ? got.json().path("value").get(0) : got.json();
            assertThat(fieldNames(got.json())).noneMatch(n -> n.startsWith("odata."));
            assertThat(fieldNames(entity)).noneMatch(n -> n.contains("odata")).contains("PartitionKey", "RowKey",
                    "Timestamp", "Big", "Ticks");
            assertThat(got.header("Content-Type")).startsWith("application/json;odata=nometadata");
        }
    }

    @ParameterizedTest
    @EachStore
    void minimalMetadataHasMetadataUrlAndEtagButNoTypeIdOrEditLink(ServerFixture fixture) {
        SignedHttp http = SERVERS.http(fixture);
        String table = insert(http, fixture);
        JsonNode single = http.get(SignedHttp.entityPath(table, "p", "r")).json();
        assertThat(single.path("odata.metadata").asText()).isEqualTo(http.base() + "/$metadata#" + table + "/@Element");
        assertThat(single.path("odata.etag").asText()).startsWith("W/\"datetime'");
        assertThat(fieldNames(single)).doesNotContain("odata.type", "odata.id", "odata.editLink", "Timestamp@odata.type");
        JsonNode list = http.get("/" + table + "()").json();
        assertThat(list.path("odata.metadata").asText()).isEqualTo(http.base() + "/$metadata#" + table);
        assertThat(list.path("value").get(0).path("odata.etag").asText()).isEqualTo(single.path("odata.etag").asText());
        assertThat(fieldNames(single).get(0)).isEqualTo("odata.metadata");
    }

    @ParameterizedTest
    @EachStore
    void fullMetadataAddsTypeIdEditLinkAndTimestampType(ServerFixture fixture) {
        SignedHttp http = SERVERS.http(fixture);
        String table = insert(http, fixture);
        for (RawResponse got : List.of(http.get(SignedHttp.entityPath(table, "p", "r"), "Accept", SignedHttp.FULL),
                http.get("/" + table + "()?$format=" + SignedHttp.q(SignedHttp.FULL)))) {
            JsonNode entity = got.json().has("value") ? got.json().path("value").get(0) : got.json();
            assertThat(entity.path("odata.type").asText()).isEqualTo("devstoreaccount1." + table);
            assertThat(entity.path("odata.id").asText())
                    .isEqualTo(http.base() + "/" + table + "(PartitionKey='p',RowKey='r')");
            assertThat(entity.path("odata.editLink").asText()).isEqualTo(table + "(PartitionKey='p',RowKey='r')");
            assertThat(entity.path("odata.etag").asText()).startsWith("W/\"datetime'");
            assertThat(entity.path("Timestamp@odata.type").asText()).isEqualTo("Edm.DateTime");
            assertThat(entity.path("Big@odata.type").asText()).isEqualTo("Edm.Int64");
            assertThat(got.header("Content-Type")).startsWith("application/json;odata=fullmetadata");
        }
    }

    @ParameterizedTest
    @EachStore
    void insertWithoutPreferEchoesTheEntityWith201(ServerFixture fixture) {
        SignedHttp http = SERVERS.http(fixture);
        String table = SERVERS.newTable(fixture, "Echo").getTableName();
        RawResponse created = http.send("POST", "/" + table, BODY);
        assertThat(created.status()).as("%s", created).isEqualTo(201);
        JsonNode json = created.json();
        assertThat(json.path("odata.metadata").asText()).isEqualTo(http.base() + "/$metadata#" + table + "/@Element");
        assertThat(json.path("odata.etag").asText()).isEqualTo(created.header("ETag"));
        assertThat(json.path("Big").asText()).isEqualTo("9007199254740993");
        assertThat(json.path("Timestamp").asText()).matches(TIMESTAMP);
        assertThat(created.header("Location")).isEqualTo(http.base() + "/" + table + "(PartitionKey='p',RowKey='r')");
    }

    @ParameterizedTest
    @EachStore
    void selectProjectsOnTheWireAndKeepsAnnotations(ServerFixture fixture) {
        SignedHttp http = SERVERS.http(fixture);
        String table = insert(http, fixture);
        JsonNode single = http.get(SignedHttp.entityPath(table, "p", "r") + "?$select=Big,Text").json();
        assertThat(fieldNames(single)).containsExactlyInAnyOrder("odata.metadata", "odata.etag", "Big@odata.type", "Big",
                "Text");
        assertThat(single.path("odata.metadata").asText()).isEqualTo(http.base() + "/$metadata#" + table
                + "/@Element&$select=Big,Text");
        JsonNode listed = http.get("/" + table + "()?$select=" + SignedHttp.q("RowKey, Flag")).json().path("value").get(0);
        assertThat(fieldNames(listed)).containsExactlyInAnyOrder("odata.etag", "RowKey", "Flag");
    }

    /** The real-service example of section 1.2: quotes doubled, '"' escaped, ',()=' literal. */
    @ParameterizedTest
    @EachStore
    void urlsOfEntitiesWithSpecialKeysAreEscapedLikeAzure(ServerFixture fixture) {
        SignedHttp http = SERVERS.http(fixture);
        String table = SERVERS.newTable(fixture, "SpecialChars").getTableName();
        RawResponse created = http.send("POST", "/" + table,
                "{\"PartitionKey\":\"A'aaa_bbbb2\\\"\",\"RowKey\":\"\\\"A'aaa_bbbb2\"}", "Prefer", "return-no-content");
        assertThat(created.status()).as("%s", created).isEqualTo(204);
        String link = table + "(PartitionKey='A''aaa_bbbb2%22',RowKey='%22A''aaa_bbbb2')";
        assertThat(created.header("Location")).isEqualTo(http.base() + "/" + link);
        JsonNode entity = http.get("/" + table + "()", "Accept", SignedHttp.FULL).json().path("value").get(0);
        assertThat(entity.path("odata.id").asText()).isEqualTo(http.base() + "/" + link);
        assertThat(entity.path("odata.editLink").asText()).isEqualTo(link);
        RawResponse spaced = http.send("POST", "/" + table,
                "{\"PartitionKey\":\"a b\",\"RowKey\":\"é,(x)=1\"}", "Prefer", "return-no-content");
        assertThat(spaced.header("Location")).isEqualTo(http.base() + "/" + table + "(PartitionKey='a%20b',RowKey='%C3%A9,(x)=1')");
    }

    private static List<String> fieldNames(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
