package io.cerulean.it;

import static io.cerulean.it.AzureErrors.assertRawError;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.cerulean.it.support.RawResponse;
import io.cerulean.it.support.SharedServers;
import io.cerulean.it.support.SignedHttp;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;

/** What the server accepts from the many clients out there: lenient inputs, strict outputs. */
class WireLeniencyTest {
    private static final SharedServers SERVERS = SharedServers.perClass();

    @AfterAll
    static void stopServers() {
        SERVERS.close();
    }

    private static JsonNode insertAndGet(ServerFixture fixture, String properties, String... headers) {
        String table = SERVERS.newTable(fixture, "Lenient").getTableName();
        SignedHttp http = SERVERS.http(fixture);
        RawResponse created = http.send("POST", "/" + table, "{\"PartitionKey\":\"p\",\"RowKey\":\"r\","
                + properties + "}", headers);
        assertThat(created.status()).as("%s", created).isIn(201, 204);
        return http.get(SignedHttp.entityPath(table, "p", "r"), "Accept", SignedHttp.FULL).json();
    }

    @ParameterizedTest
    @EachStore
    void unannotatedNumbersAreInt32WhenTheyFitAndDoubleOtherwise(ServerFixture fixture) {
        JsonNode got = insertAndGet(fixture, "\"Small\":2147483647,\"Big\":2147483648,\"Frac\":1.5,\"Exp\":1e3");
        assertThat(got.has("Small@odata.type")).isFalse();
        assertThat(got.path("Small").isInt()).isTrue();
        assertThat(got.path("Big").isDouble()).as("%s", got).isTrue();
        assertThat(got.path("Big").asDouble()).isEqualTo(2147483648.0);
        assertThat(got.path("Exp").asDouble()).isEqualTo(1000.0);
        assertThat(got.path("Exp").isDouble()).as("integral double keeps a fraction: %s", got).isTrue();
    }

    @ParameterizedTest
    @EachStore
    void annotatedValuesInAlternativeJsonFormsAreAccepted(ServerFixture fixture) {
        JsonNode got = insertAndGet(fixture, "\"L@odata.type\":\"Edm.Int64\",\"L\":12,"
                + "\"D@odata.type\":\"Edm.Double\",\"D\":\"1.23456789012346e+24\","
                + "\"I@odata.type\":\"Edm.Int32\",\"I\":\"7\","
                + "\"B@odata.type\":\"Edm.Boolean\",\"B\":\"true\","
                + "\"S@odata.type\":\"Edm.String\",\"S\":\"str\","
                + "\"G@odata.type\":\"Edm.Guid\",\"G\":\"C9DA6455-213D-42C9-9A79-3E9149A57833\"");
        assertThat(got.path("L@odata.type").asText()).isEqualTo("Edm.Int64");
        assertThat(got.path("L").asText()).isEqualTo("12");
        assertThat(got.path("D").asDouble()).isEqualTo(1.23456789012346e24);
        assertThat(got.path("I").asInt()).isEqualTo(7);
        assertThat(got.path("B").asBoolean()).isTrue();
        assertThat(got.path("S").asText()).isEqualTo("str");
        assertThat(got.path("G").asText()).isEqualTo("c9da6455-213d-42c9-9a79-3e9149a57833");
    }

    @ParameterizedTest
    @EachStore
    void dateTimesWithOffsetsOrFewerDigitsAreNormalisedToUtc(ServerFixture fixture) {
        JsonNode got = insertAndGet(fixture, "\"A@odata.type\":\"Edm.DateTime\",\"A\":\"2020-05-06T07:08:09+02:00\","
                + "\"B@odata.type\":\"Edm.DateTime\",\"B\":\"2020-05-06T07:08:09.123Z\","
                + "\"C@odata.type\":\"Edm.DateTime\",\"C\":\"2020-05-06T07:08:09.123456Z\"");
        assertThat(got.path("A").asText()).isEqualTo("2020-05-06T05:08:09Z");
        assertThat(got.path("B").asText()).isEqualTo("2020-05-06T07:08:09.123Z");
        assertThat(got.path("C").asText()).isEqualTo("2020-05-06T07:08:09.123456Z");
    }

    @ParameterizedTest
    @EachStore
    void metadataParametersAreParsedIgnoringSpacesAndCase(ServerFixture fixture) {
        String table = SERVERS.newTable(fixture, "Accept").getTableName();
        SignedHttp http = SERVERS.http(fixture);
        http.send("POST", "/" + table, "{\"PartitionKey\":\"p\",\"RowKey\":\"r\"}",
                "Content-Type", "application/json; odata=nometadata", "Prefer", "return-no-content");
        JsonNode full = http.get(SignedHttp.entityPath(table, "p", "r"), "Accept", "application/json; odata=FullMetadata")
                .json();
        assertThat(full.has("odata.type")).isTrue();
        JsonNode none = http.get(SignedHttp.entityPath(table, "p", "r") + "?$format="
                + SignedHttp.q(SignedHttp.NO_METADATA), "Accept", SignedHttp.FULL).json();
        assertThat(none.has("odata.metadata")).as("$format wins over Accept").isFalse();
    }

    /** RFC 3986 makes ';' ordinary data in a query; Azure does not split parameters on it. */
    @ParameterizedTest
    @EachStore
    void semicolonInAQueryValueIsData(ServerFixture fixture) {
        String table = SERVERS.newTable(fixture, "Semi").getTableName();
        SignedHttp http = SERVERS.http(fixture);
        http.send("POST", "/" + table, "{\"PartitionKey\":\"p\",\"RowKey\":\"a;b\"}", "Prefer", "return-no-content");
        http.send("POST", "/" + table, "{\"PartitionKey\":\"p\",\"RowKey\":\"a\"}", "Prefer", "return-no-content");
        RawResponse filtered = http.get("/" + table + "()?$filter=RowKey%20eq%20'a;b'");
        assertThat(filtered.status()).as("%s", filtered).isEqualTo(200);
        assertThat(filtered.json().path("value")).hasSize(1);
        assertThat(filtered.json().path("value").get(0).path("RowKey").asText()).isEqualTo("a;b");
        JsonNode none = http.get(SignedHttp.entityPath(table, "p", "a") + "?$format=application/json;odata=nometadata",
                "Accept", SignedHttp.FULL).json();
        assertThat(none.has("odata.metadata")).as("$format=...;odata=nometadata: %s", none).isFalse();
    }

    @ParameterizedTest
    @EachStore
    void urlKeysWinOverBodyKeysOnUpdate(ServerFixture fixture) {
        String table = SERVERS.newTable(fixture, "UrlWins").getTableName();
        SignedHttp http = SERVERS.http(fixture);
        RawResponse put = http.send("PUT", SignedHttp.entityPath(table, "p", "r"),
                "{\"PartitionKey\":\"other\",\"RowKey\":\"other\",\"V\":1}");
        assertThat(put.status()).as("%s", put).isEqualTo(204);
        JsonNode all = http.get("/" + table + "()", "Accept", SignedHttp.NO_METADATA).json().path("value");
        assertThat(all).hasSize(1);
        assertThat(all.get(0).path("PartitionKey").asText()).isEqualTo("p");
        assertThat(all.get(0).path("RowKey").asText()).isEqualTo("r");
    }

    @ParameterizedTest
    @EachStore
    void tableNamesInEntityUrlsAreCaseInsensitiveAndTimeoutIsIgnored(ServerFixture fixture) {
        String table = SERVERS.newTable(fixture, "CaseTbl").getTableName();
        SignedHttp http = SERVERS.http(fixture);
        RawResponse insert = http.send("POST", "/" + table.toUpperCase() + "?timeout=30",
                "{\"PartitionKey\":\"p\",\"RowKey\":\"r\"}", "Prefer", "return-no-content");
        assertThat(insert.status()).as("%s", insert).isEqualTo(204);
        assertThat(http.get("/" + table.toLowerCase() + "(PartitionKey='p',%20RowKey='r')?timeout=5").status())
                .isEqualTo(200);
        assertThat(http.get("/" + table.toLowerCase() + "?timeout=5").json().path("value")).hasSize(1);
    }

    @ParameterizedTest
    @EachStore
    void insertWithReturnContentEchoesAndSaysSo(ServerFixture fixture) {
        String table = SERVERS.newTable(fixture, "RetCont").getTableName();
        RawResponse created = SERVERS.http(fixture).send("POST", "/" + table,
                "{\"PartitionKey\":\"p\",\"RowKey\":\"r\",\"V\":1}", "Prefer", "return-content");
        assertThat(created.status()).isEqualTo(201);
        assertThat(created.header("Preference-Applied")).isEqualTo("return-content");
        assertThat(created.json().path("V").asInt()).isEqualTo(1);
    }

    @ParameterizedTest
    @EachStore
    void ifNoneMatchOnWritesIsInvalidInput(ServerFixture fixture) {
        String table = SERVERS.newTable(fixture, "NoneMatch").getTableName();
        SignedHttp http = SERVERS.http(fixture);
        http.send("POST", "/" + table, "{\"PartitionKey\":\"p\",\"RowKey\":\"r\",\"V\":1}", "Prefer", "return-no-content");
        String path = SignedHttp.entityPath(table, "p", "r");
        assertRawError(http.send("PUT", path, "{\"V\":2}", "If-None-Match", "*"), 400, "InvalidInput");
        assertRawError(http.send("DELETE", path, null, "If-None-Match", "*"), 400, "InvalidInput");
        assertThat(http.get(path).json().path("V").asInt()).isEqualTo(1);
    }

    @ParameterizedTest
    @EachStore
    void nonStringKeysAreRefused(ServerFixture fixture) {
        String table = SERVERS.newTable(fixture, "NumKey").getTableName();
        SignedHttp http = SERVERS.http(fixture);
        RawResponse response = http.send("POST", "/" + table, "{\"PartitionKey\":1,\"RowKey\":\"r\"}");
        assertThat(response.status()).as("%s", response).isEqualTo(400);
        assertThat(http.get("/" + table + "()").json().path("value")).isEmpty();
    }
}
