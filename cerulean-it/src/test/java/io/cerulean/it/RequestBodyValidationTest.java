package io.cerulean.it;

import static io.cerulean.it.AzureErrors.assertRawError;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import io.cerulean.it.support.RawResponse;
import io.cerulean.it.support.SharedServers;
import io.cerulean.it.support.SignedHttp;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * Malformed entity bodies sent as raw HTTP: each is a 400 with the Azure code (never a 500), for
 * insert, replace and merge alike, and nothing is written.
 */
class RequestBodyValidationTest {
    private static final SharedServers SERVERS = SharedServers.perClass();

    @AfterAll
    static void stopServers() {
        SERVERS.close();
    }

    /** Sends the body as an insert (with keys) and as replace and merge of an existing entity "p/r". */
    private static void assertRefused(ServerFixture fixture, String properties, int status, String code) {
        String table = SERVERS.newTable(fixture, "Body").getTableName();
        SignedHttp http = SERVERS.http(fixture);
        assertThat(http.send("POST", "/" + table, "{\"PartitionKey\":\"p\",\"RowKey\":\"r\",\"Keep\":1}",
                "Prefer", "return-no-content").status()).isEqualTo(204);
        String comma = properties.isEmpty() ? "" : ",";
        assertRawError(http.send("POST", "/" + table, "{\"PartitionKey\":\"p\",\"RowKey\":\"new\"" + comma + properties
                + "}"), status, code);
        String path = SignedHttp.entityPath(table, "p", "r");
        String body = "{" + properties + "}";
        assertRawError(http.send("PUT", path, body), status, code);
        assertRawError(http.send("PUT", path, body, "If-Match", "*"), status, code);
        assertRawError(http.send("PATCH", path, body), status, code);
        assertRawError(http.send("MERGE", path, body, "If-Match", "*"), status, code);
        RawResponse all = http.get("/" + table + "()", "Accept", SignedHttp.NO_METADATA);
        assertThat(all.json().path("value")).hasSize(1);
        assertThat(all.json().path("value").get(0).path("Keep").asInt()).isEqualTo(1);
        assertThat(all.json().path("value").get(0).size()).as("%s", all).isEqualTo(4);
    }

    @ParameterizedTest
    @EachStore
    void duplicatePropertyNamesAreRefused(ServerFixture fixture) {
        assertRefused(fixture, "\"A\":1,\"A\":2", 400, "DuplicatePropertiesSpecified");
    }

    @ParameterizedTest
    @EachStore
    void int32AnnotationWithNonNumberIsInvalidInput(ServerFixture fixture) {
        assertRefused(fixture, "\"A@odata.type\":\"Edm.Int32\",\"A\":\"abc\"", 400, "InvalidInput");
    }

    @ParameterizedTest
    @EachStore
    void int32OutOfRangeIsInvalidInput(ServerFixture fixture) {
        assertRefused(fixture, "\"A@odata.type\":\"Edm.Int32\",\"A\":2147483648", 400, "InvalidInput");
    }

    @ParameterizedTest
    @EachStore
    void int64OutOfRangeIsInvalidInput(ServerFixture fixture) {
        assertRefused(fixture, "\"A@odata.type\":\"Edm.Int64\",\"A\":\"9223372036854775808\"", 400, "InvalidInput");
    }

    @ParameterizedTest
    @EachStore
    void malformedGuidIsInvalidInput(ServerFixture fixture) {
        assertRefused(fixture, "\"A@odata.type\":\"Edm.Guid\",\"A\":\"nope\"", 400, "InvalidInput");
    }

    @ParameterizedTest
    @EachStore
    void malformedDateTimeIsInvalidInput(ServerFixture fixture) {
        assertRefused(fixture, "\"A@odata.type\":\"Edm.DateTime\",\"A\":\"x\"", 400, "InvalidInput");
    }

    @ParameterizedTest
    @EachStore
    void emptyDateTimeIsInvalidInput(ServerFixture fixture) {
        assertRefused(fixture, "\"A@odata.type\":\"Edm.DateTime\",\"A\":\"\"", 400, "InvalidInput");
    }

    @ParameterizedTest
    @EachStore
    void malformedBase64IsInvalidInput(ServerFixture fixture) {
        assertRefused(fixture, "\"A@odata.type\":\"Edm.Binary\",\"A\":\"!!\"", 400, "InvalidInput");
    }

    @ParameterizedTest
    @EachStore
    void unknownTypeNameIsInvalidInput(ServerFixture fixture) {
        assertRefused(fixture, "\"A@odata.type\":\"Edm.Foo\",\"A\":\"x\"", 400, "InvalidInput");
    }

    @ParameterizedTest
    @EachStore
    void doubleOverflowIsInvalidInput(ServerFixture fixture) {
        assertRefused(fixture, "\"A\":13e7705", 400, "InvalidInput");
        assertRefused(fixture, "\"A@odata.type\":\"Edm.Double\",\"A\":\"13e7705\"", 400, "InvalidInput");
    }

    @ParameterizedTest
    @EachStore
    void objectAndArrayValuesAreInvalidInput(ServerFixture fixture) {
        assertRefused(fixture, "\"A\":{\"x\":1}", 400, "InvalidInput");
        assertRefused(fixture, "\"A\":[1,2]", 400, "InvalidInput");
    }

    @ParameterizedTest
    @EachStore
    void malformedJsonIsRefusedAsInvalidInput(ServerFixture fixture) {
        String table = SERVERS.newTable(fixture, "Json").getTableName();
        SignedHttp http = SERVERS.http(fixture);
        for (String body : List.of("{\"PartitionKey\":\"p\",", "not json", "{\"PartitionKey\":\"p\" \"RowKey\":\"r\"}",
                "", "[]", "[{\"PartitionKey\":\"p\",\"RowKey\":\"r\"}]", "\"string\"", "42", "null")) {
            RawResponse response = http.send("POST", "/" + table, body);
            assertThat(response.status()).as("body <%s>: %s", body, response).isEqualTo(400);
            assertThat(response.errorCode()).as("body <%s>", body).isEqualTo("InvalidInput");
        }
        assertThat(http.get("/" + table + "()").json().path("value")).isEmpty();
    }

    @ParameterizedTest
    @EachStore
    void missingKeysAreRefusedWithPropertiesNeedValue(ServerFixture fixture) {
        String table = SERVERS.newTable(fixture, "NoKey").getTableName();
        SignedHttp http = SERVERS.http(fixture);
        assertRawError(http.send("POST", "/" + table, "{\"RowKey\":\"r\",\"A\":1}"), 400, "PropertiesNeedValue");
        assertRawError(http.send("POST", "/" + table, "{\"PartitionKey\":\"p\",\"A\":1}"), 400, "PropertiesNeedValue");
        assertRawError(http.send("POST", "/" + table, "{}"), 400, "PropertiesNeedValue");
        assertThat(http.get("/" + table + "()").json().path("value")).isEmpty();
    }

    /** Repeated, because the failure mode (connection reset before the 413 is read) is a race. */
    @ParameterizedTest
    @EachStore
    void bodyOver4MiBIsRefusedWith413(ServerFixture fixture) {
        String table = SERVERS.newTable(fixture, "Huge").getTableName();
        SignedHttp http = SERVERS.http(fixture);
        String body = "{\"PartitionKey\":\"p\",\"RowKey\":\"r\",\"A\":\"" + "x".repeat(4 * 1024 * 1024) + "\"}";
        for (int attempt = 0; attempt < 20; attempt++) {
            RawResponse response;
            try {
                response = http.send("POST", "/" + table, body);
            } catch (java.io.UncheckedIOException e) {
                throw new AssertionError("attempt " + attempt + ": the connection failed instead of answering 413", e);
            }
            assertRawError(response, 413, "RequestBodyTooLarge");
        }
        assertThat(http.get("/" + table + "()").json().path("value")).isEmpty();
        assertThat(http.get("/Tables").status()).as("server still answers").isEqualTo(200);
    }

    @ParameterizedTest
    @EachStore
    void sdkSeesRequestBodyTooLargeForAHugeEntity(ServerFixture fixture) {
        TableClient table = SERVERS.newTable(fixture, "HugeSdk");
        for (int attempt = 0; attempt < 3; attempt++) {
            TableEntity entity = new TableEntity("p", "r" + attempt);
            for (int i = 0; i < 140; i++) {
                entity.addProperty("P" + i, "y".repeat(30_000));
            }
            AzureErrors.assertSdkError(() -> table.createEntity(entity), 413, "RequestBodyTooLarge");
        }
        assertThat(table.listEntities()).isEmpty();
    }

    @ParameterizedTest
    @EachStore
    void nullValuesAndODataControlKeysAreNotStored(ServerFixture fixture) {
        String table = SERVERS.newTable(fixture, "Nulls").getTableName();
        SignedHttp http = SERVERS.http(fixture);
        String body = "{\"PartitionKey\":\"p\",\"RowKey\":\"r\",\"odata.etag\":\"W/\\\"x\\\"\",\"N\":null,\"A\":1}";
        assertThat(http.send("POST", "/" + table, body, "Prefer", "return-no-content").status()).isEqualTo(204);
        var entity = http.get(SignedHttp.entityPath(table, "p", "r"), "Accept", SignedHttp.NO_METADATA).json();
        assertThat(entity.has("N")).isFalse();
        assertThat(entity.path("A").asInt()).isEqualTo(1);
        assertThat(entity.has("odata.etag")).isFalse();
    }
}
