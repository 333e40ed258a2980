package io.cerulean.it;

import static io.cerulean.it.AzureErrors.assertRawError;
import static io.cerulean.it.support.SignedHttp.q;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.cerulean.it.support.RawResponse;
import io.cerulean.it.support.SharedServers;
import io.cerulean.it.support.SignedHttp;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;

/** Table operations on the wire: status codes, bodies, headers and continuation of Query Tables. */
class TableRawHttpTest {
    private static final SharedServers SERVERS = SharedServers.perClass();

    @AfterAll
    static void stopServers() {
        SERVERS.close();
    }

    @ParameterizedTest
    @EachStore
    void createTableWithoutPreferAnswers201WithBodyAndLocation(ServerFixture fixture) {
        SignedHttp http = SERVERS.http(fixture);
        String name = SharedServers.uniqueTableName("Raw");
        RawResponse created = http.send("POST", "/Tables", "{\"TableName\":\"" + name + "\"}");
        assertThat(created.status()).as("%s", created).isEqualTo(201);
        assertThat(created.json().path("TableName").asText()).isEqualTo(name);
        assertThat(created.json().path("odata.metadata").asText()).isEqualTo(http.base() + "/$metadata#Tables/@Element");
        assertThat(created.header("Location")).isEqualTo(http.base() + "/Tables('" + name + "')");
        assertThat(created.header("x-ms-request-id")).isNotBlank();
        assertThat(created.header("x-ms-version")).isEqualTo("2019-02-02");
    }

    @ParameterizedTest
    @EachStore
    void createTableWithReturnNoContentAnswers204(ServerFixture fixture) {
        SignedHttp http = SERVERS.http(fixture);
        String name = SharedServers.uniqueTableName("Raw");
        RawResponse created = http.send("POST", "/Tables", "{\"TableName\":\"" + name + "\"}",
                "Prefer", "return-no-content");
        assertThat(created.status()).as("%s", created).isEqualTo(204);
        assertThat(created.body()).isEmpty();
        assertThat(created.header("Preference-Applied")).isEqualTo("return-no-content");
        assertThat(created.header("Location")).isEqualTo(http.base() + "/Tables('" + name + "')");
    }

    @ParameterizedTest
    @EachStore
    void getSingleTableAnswers200ForExistingAnd404ForMissing(ServerFixture fixture) {
        SignedHttp http = SERVERS.http(fixture);
        String name = SERVERS.newTable(fixture, "Single").getTableName();
        RawResponse found = http.get("/Tables('" + name + "')");
        assertThat(found.status()).as("%s", found).isEqualTo(200);
        assertThat(found.json().path("TableName").asText()).isEqualTo(name);
        RawResponse foundOtherCase = http.get("/Tables('" + name.toLowerCase() + "')");
        assertThat(foundOtherCase.status()).as("table names are case-insensitive: %s", foundOtherCase).isEqualTo(200);
        RawResponse missing = http.get("/Tables('" + name + "zz')");
        assertThat(missing.status()).isEqualTo(404);
        assertThat(missing.errorCode()).isIn("ResourceNotFound", "TableNotFound");
    }

    @ParameterizedTest
    @EachStore
    void deleteMissingTableAnswers404ResourceNotFound(ServerFixture fixture) {
        SignedHttp http = SERVERS.http(fixture);
        assertRawError(http.send("DELETE", "/Tables('NoSuchTable1')", null), 404, "ResourceNotFound");
        String name = SERVERS.newTable(fixture, "Twice").getTableName();
        assertThat(http.send("DELETE", "/Tables('" + name + "')", null).status()).isEqualTo(204);
        assertRawError(http.send("DELETE", "/Tables('" + name + "')", null), 404, "ResourceNotFound");
    }

    @ParameterizedTest
    @EachStore
    void queryTablesWithTopPagesWithNextTableNameWithoutGapsOrDuplicates(ServerFixture fixture) {
        SignedHttp http = SERVERS.http(fixture);
        String prefix = SharedServers.uniqueTableName("Cont");
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            expected.add(prefix + i);
            SERVERS.service(fixture).createTable(prefix + i);
        }
        String filter = q("TableName ge '" + prefix + "' and TableName lt '" + prefix + "z'");
        List<String> seen = new ArrayList<>();
        String next = null;
        int pages = 0;
        do {
            RawResponse page = http.get("/Tables?$top=2&$filter=" + filter
                    + (next == null ? "" : "&NextTableName=" + q(next)));
            assertThat(page.status()).as("%s", page).isEqualTo(200);
            JsonNode value = page.json().path("value");
            assertThat(value.size()).isLessThanOrEqualTo(2);
            value.forEach(t -> seen.add(t.path("TableName").asText()));
            next = page.header("x-ms-continuation-NextTableName");
            assertThat(pages++).as("too many pages").isLessThan(10);
        } while (next != null);
        assertThat(seen).isEqualTo(expected);
        assertThat(pages).isGreaterThanOrEqualTo(3);
    }

    @ParameterizedTest
    @EachStore
    void queryTablesPagesOverAllTablesWithoutFilter(ServerFixture fixture) {
        SignedHttp http = SERVERS.http(fixture);
        for (int i = 0; i < 3; i++) {
            SERVERS.newTable(fixture, "All");
        }
        List<String> unpaged = new ArrayList<>();
        http.get("/Tables").json().path("value").forEach(t -> unpaged.add(t.path("TableName").asText()));
        List<String> paged = new ArrayList<>();
        String next = null;
        do {
            RawResponse page = http.get("/Tables()?$top=1" + (next == null ? "" : "&NextTableName=" + q(next)));
            assertThat(page.status()).as("%s", page).isEqualTo(200);
            page.json().path("value").forEach(t -> paged.add(t.path("TableName").asText()));
            next = page.header("x-ms-continuation-NextTableName");
            if (next != null) {
                assertThat(next).as("continuation tokens are ASCII and URL-safe").matches("[A-Za-z0-9!*_.~-]+");
            }
        } while (next != null && paged.size() <= unpaged.size());
        assertThat(paged).isEqualTo(unpaged).hasSizeGreaterThanOrEqualTo(3);
    }

    @ParameterizedTest
    @EachStore
    void queryTablesMetadataLevels(ServerFixture fixture) {
        SignedHttp http = SERVERS.http(fixture);
        String name = SERVERS.newTable(fixture, "Meta").getTableName();
        String path = "/Tables?$filter=" + q("TableName eq '" + name + "'");
        JsonNode minimal = http.get(path).json();
        assertThat(minimal.path("odata.metadata").asText()).isEqualTo(http.base() + "/$metadata#Tables");
        assertThat(minimal.path("value").get(0).path("TableName").asText()).isEqualTo(name);
        JsonNode full = http.get(path, "Accept", SignedHttp.FULL).json().path("value").get(0);
        assertThat(full.path("odata.type").asText()).isEqualTo("devstoreaccount1.Tables");
        assertThat(full.path("odata.id").asText()).isEqualTo(http.base() + "/Tables('" + name + "')");
        assertThat(full.path("odata.editLink").asText()).isEqualTo("Tables('" + name + "')");
        JsonNode none = http.get(path, "Accept", SignedHttp.NO_METADATA).json();
        assertThat(none.has("odata.metadata")).isFalse();
        assertThat(none.path("value").get(0).size()).isEqualTo(1);
    }

    @ParameterizedTest
    @EachStore
    void createTableWithInvalidNamesAnswers400WithTheAzureCode(ServerFixture fixture) {
        SignedHttp http = SERVERS.http(fixture);
        assertRawError(http.send("POST", "/Tables", "{\"TableName\":\"ab\"}"), 400, "OutOfRangeInput");
        assertRawError(http.send("POST", "/Tables", "{\"TableName\":\"a" + "b".repeat(63) + "\"}"), 400, "OutOfRangeInput");
        assertRawError(http.send("POST", "/Tables", "{\"TableName\":\"a b c\"}"), 400, "InvalidResourceName");
        assertRawError(http.send("POST", "/Tables", "{\"TableName\":\"tAbLeS\"}"), 400, "InvalidResourceName");
        RawResponse noName = http.send("POST", "/Tables", "{}");
        assertThat(noName.status()).as("%s", noName).isEqualTo(400);
    }
}
