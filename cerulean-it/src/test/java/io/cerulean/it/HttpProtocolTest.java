package io.cerulean.it;

import static io.cerulean.it.AzureErrors.assertRawError;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.azure.core.exception.HttpResponseException;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.models.TableEntity;
import com.fasterxml.jackson.databind.JsonNode;
import io.cerulean.it.support.RawResponse;
import io.cerulean.it.support.SharedServers;
import io.cerulean.it.support.SignedHttp;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;

/** HTTP-level protocol: verbs, X-HTTP-Method tunnelling, versions, headers and authentication. */
class HttpProtocolTest {
    private static final SharedServers SERVERS = SharedServers.perClass();
    private static final String WRONG_KEY =
            "AAAAvdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==";

    @AfterAll
    static void stopServers() {
        SERVERS.close();
    }

    private static JsonNode entity(SignedHttp http, String table) {
        return http.get(SignedHttp.entityPath(table, "p", "r"), "Accept", SignedHttp.NO_METADATA).json();
    }

    private static String tableWithEntity(ServerFixture fixture, SignedHttp http) {
        String table = SERVERS.newTable(fixture, "Http").getTableName();
        assertThat(http.send("POST", "/" + table, "{\"PartitionKey\":\"p\",\"RowKey\":\"r\",\"A\":1,\"B\":2}",
                "Prefer", "return-no-content").status()).isEqualTo(204);
        return table;
    }

    @ParameterizedTest
    @EachStore
    void mergeVerbMergesLikePatch(ServerFixture fixture) {
        SignedHttp http = SERVERS.http(fixture);
        String table = tableWithEntity(fixture, http);
        RawResponse merged = http.send("MERGE", SignedHttp.entityPath(table, "p", "r"), "{\"C\":3}", "If-Match", "*");
        assertThat(merged.status()).as("%s", merged).isEqualTo(204);
        assertThat(merged.header("ETag")).startsWith("W/\"datetime'");
        JsonNode got = entity(http, table);
        assertThat(got.path("A").asInt()).isEqualTo(1);
        assertThat(got.path("C").asInt()).isEqualTo(3);
    }

    @ParameterizedTest
    @EachStore
    void postWithXHttpMethodMergeMergesAndUpserts(ServerFixture fixture) {
        SignedHttp http = SERVERS.http(fixture);
        String table = tableWithEntity(fixture, http);
        RawResponse merged = http.send("POST", SignedHttp.entityPath(table, "p", "r"), "{\"C\":3}",
                "X-HTTP-Method", "MERGE", "If-Match", "*");
        assertThat(merged.status()).as("%s", merged).isEqualTo(204);
        JsonNode got = entity(http, table);
        assertThat(got.path("A").asInt()).isEqualTo(1);
        assertThat(got.path("C").asInt()).isEqualTo(3);
        RawResponse upserted = http.send("POST", SignedHttp.entityPath(table, "p", "r2"), "{\"D\":4}",
                "X-HTTP-Method", "MERGE");
        assertThat(upserted.status()).as("%s", upserted).isEqualTo(204);
        assertThat(http.get(SignedHttp.entityPath(table, "p", "r2")).json().path("D").asInt()).isEqualTo(4);
    }

    @ParameterizedTest
    @EachStore
    void postWithXHttpMethodDeleteAndPutActAsThoseVerbs(ServerFixture fixture) {
        SignedHttp http = SERVERS.http(fixture);
        String table = tableWithEntity(fixture, http);
        String path = SignedHttp.entityPath(table, "p", "r");
        assertThat(http.send("POST", path, "{\"Z\":9}", "X-HTTP-Method", "PUT", "If-Match", "*").status()).isEqualTo(204);
        JsonNode replaced = entity(http, table);
        assertThat(replaced.has("A")).isFalse();
        assertThat(replaced.path("Z").asInt()).isEqualTo(9);
        assertThat(http.send("POST", path, null, "X-HTTP-Method", "DELETE", "If-Match", "*").status()).isEqualTo(204);
        assertThat(http.get(path).status()).isEqualTo(404);
    }

    @ParameterizedTest
    @EachStore
    void xHttpMethodWithAVerbOtherThanPostIsRefused(ServerFixture fixture) {
        SignedHttp http = SERVERS.http(fixture);
        String table = tableWithEntity(fixture, http);
        String path = SignedHttp.entityPath(table, "p", "r");
        assertRawError(http.send("GET", path, null, "X-HTTP-Method", "DELETE"), 400, "XMethodNotUsingPost");
        assertRawError(http.send("PUT", path, "{}", "X-HTTP-Method", "DELETE", "If-Match", "*"), 400,
                "XMethodNotUsingPost");
        assertThat(http.get(path).status()).isEqualTo(200);
    }

    @ParameterizedTest
    @EachStore
    void xHttpMethodWithAnUnknownValueIsRefused(ServerFixture fixture) {
        SignedHttp http = SERVERS.http(fixture);
        String table = tableWithEntity(fixture, http);
        String path = SignedHttp.entityPath(table, "p", "r");
        assertRawError(http.send("POST", path, "{\"A\":5}", "X-HTTP-Method", "FROB", "If-Match", "*"), 400,
                "XMethodIncorrectValue");
        assertRawError(http.send("POST", path, "{\"A\":5}", "X-HTTP-Method", "GET"), 400, "XMethodIncorrectValue");
        assertThat(entity(http, table).path("A").asInt()).isEqualTo(1);
    }

    @ParameterizedTest
    @EachStore
    void wrongOrUnknownMethodsAre405NeverServerErrors(ServerFixture fixture) {
        SignedHttp http = SERVERS.http(fixture);
        String table = tableWithEntity(fixture, http);
        String entity = SignedHttp.entityPath(table, "p", "r");
        record Call(String method, String path, boolean clearly405) { }
        for (Call call : List.of(new Call("PUT", "/Tables", true), new Call("DELETE", "/Tables", true),
                new Call("PATCH", "/Tables", true), new Call("PUT", "/Tables('" + table + "')", true),
                new Call("FROB", entity, true), new Call("FROB", "/Tables", true),
                new Call("POST", "/Tables('" + table + "')", false), new Call("PUT", "/" + table, false),
                new Call("DELETE", "/" + table, false), new Call("PATCH", "/" + table + "()", false),
                new Call("POST", entity, false))) {
            RawResponse response = http.send(call.method(), call.path(), "{}", "If-Match", "*");
            assertThat(response.status()).as("%s %s: %s", call.method(), call.path(), response).isBetween(400, 499);
            assertThat(response.errorCode()).as("%s %s", call.method(), call.path()).isNotBlank();
            if (call.clearly405()) {
                assertRawError(response, 405, "MethodNotAllowed");
            }
        }
        assertThat(entity(http, table).path("A").asInt()).isEqualTo(1);
    }

    @ParameterizedTest
    @EachStore
    void unknownVersionIsServedAndEchoed(ServerFixture fixture) {
        SignedHttp http = SERVERS.http(fixture);
        RawResponse response = http.get("/Tables", "x-ms-version", "2099-01-01");
        assertThat(response.status()).as("%s", response).isEqualTo(200);
        assertThat(response.header("x-ms-version")).isEqualTo("2099-01-01");
        RawResponse legacy = http.get("/Tables", "x-ms-version", "2017-07-29");
        assertThat(legacy.header("x-ms-version")).isEqualTo("2017-07-29");
    }

    @ParameterizedTest
    @EachStore
    void fullSharedKeySignaturesAreAccepted(ServerFixture fixture) {
        SignedHttp sharedKey = SERVERS.http(fixture).withSharedKey();
        String table = SharedServers.uniqueTableName("SharedKey");
        assertThat(sharedKey.send("POST", "/Tables", "{\"TableName\":\"" + table + "\"}").status()).isEqualTo(201);
        assertThat(sharedKey.send("POST", "/" + table, "{\"PartitionKey\":\"p\",\"RowKey\":\"r\"}",
                "Content-Type", "application/json;odata=nometadata").status()).isEqualTo(201);
        assertThat(sharedKey.send("DELETE", SignedHttp.entityPath(table, "p", "r"), null, "If-Match", "*").status())
                .isEqualTo(204);
        assertThat(sharedKey.get("/" + table + "()").json().path("value")).isEmpty();
    }

    @ParameterizedTest
    @EachStore
    void commonResponseHeadersArePresentAndClientRequestIdIsEchoed(ServerFixture fixture) {
        SignedHttp http = SERVERS.http(fixture);
        RawResponse ok = http.get("/Tables", "x-ms-client-request-id", "my-id-123");
        RawResponse error = http.get("/Tables('NoSuchOne1')", "x-ms-client-request-id", "my-id-456");
        for (RawResponse response : List.of(ok, error)) {
            assertThat(response.header("x-ms-request-id")).isNotBlank();
            assertThat(response.header("Date")).endsWith("GMT");
            assertThat(response.header("X-Content-Type-Options")).isEqualTo("nosniff");
        }
        assertThat(ok.header("x-ms-client-request-id")).isEqualTo("my-id-123");
        assertThat(error.header("x-ms-client-request-id")).isEqualTo("my-id-456");
        assertThat(ok.header("x-ms-request-id")).isNotEqualTo(error.header("x-ms-request-id"));
        assertThat(error.body()).startsWith("{\"odata.error\":");
        assertThat(error.header("Content-Type")).isEqualTo("application/json;odata=minimalmetadata;streaming=true;charset=utf-8");
        assertThat(error.json().path("odata.error").path("message").path("value").asText())
                .contains("RequestId:" + error.header("x-ms-request-id"));
    }

    @ParameterizedTest
    @EachStore
    void unsignedRequestsAre403AndWriteNothing(ServerFixture fixture) {
        SignedHttp http = SERVERS.http(fixture);
        String table = SharedServers.uniqueTableName("Unsigned");
        assertRawError(http.sendUnsigned("POST", "/Tables", "{\"TableName\":\"" + table + "\"}"), 403,
                "AuthenticationFailed");
        assertThat(http.get("/Tables('" + table + "')").status()).isEqualTo(404);
        String existing = tableWithEntity(fixture, http);
        assertRawError(http.sendUnsigned("DELETE", "/Tables('" + existing + "')", null), 403, "AuthenticationFailed");
        assertRawError(http.sendUnsigned("GET", "/" + existing + "()", null), 403, "AuthenticationFailed");
        assertRawError(http.sendUnsigned("POST", "/" + existing, "{\"PartitionKey\":\"p\",\"RowKey\":\"x\"}"), 403,
                "AuthenticationFailed");
        assertRawError(http.sendUnsigned("DELETE", SignedHttp.entityPath(existing, "p", "r"), null, "If-Match", "*"),
                403, "AuthenticationFailed");
        assertThat(http.get("/" + existing + "()").json().path("value")).hasSize(1);
    }

    @ParameterizedTest
    @EachStore
    void badSignaturesAre403AndWriteNothing(ServerFixture fixture) {
        SignedHttp http = SERVERS.http(fixture);
        String table = SharedServers.uniqueTableName("BadSig");
        for (String authorization : List.of("SharedKeyLite devstoreaccount1:AAAA", "SharedKeyLite devstoreaccount1:",
                "SharedKeyLite devstoreaccount1:not base64!!", "SharedKey devstoreaccount1:AAAA", "Basic Zm9vOmJhcg==",
                "garbage", "SharedKeyLite otheraccount:AAAA")) {
            RawResponse response = http.sendUnsigned("POST", "/Tables", "{\"TableName\":\"" + table + "\"}",
                    "Authorization", authorization);
            assertThat(response.status()).as("%s: %s", authorization, response).isEqualTo(403);
            assertThat(response.errorCode()).as(authorization).isEqualTo("AuthenticationFailed");
        }
        SignedHttp wrongKey = new SignedHttp(SERVERS.server(fixture).cerulean().port(), WRONG_KEY);
        assertRawError(wrongKey.send("POST", "/Tables", "{\"TableName\":\"" + table + "\"}"), 403, "AuthenticationFailed");
        assertThat(http.get("/Tables('" + table + "')").status()).isEqualTo(404);
    }

    @ParameterizedTest
    @EachStore
    void sdkWithAWrongAccountKeyIsRefusedWith403(ServerFixture fixture) {
        String connectionString = SERVERS.server(fixture).connectionString().replace(SignedHttp.DEV_KEY, WRONG_KEY);
        assertThat(connectionString).contains(WRONG_KEY);
        TableServiceClient wrong = SharedServers.serviceClient(connectionString);
        String table = SharedServers.uniqueTableName("WrongKey");
        Throwable create = catchThrowable(() -> wrong.createTable(table));
        assertThat(create).isInstanceOf(HttpResponseException.class);
        assertThat(((HttpResponseException) create).getResponse().getStatusCode()).isEqualTo(403);
        Throwable insert = catchThrowable(() -> wrong.getTableClient(table).createEntity(new TableEntity("p", "r")));
        assertThat(insert).isInstanceOf(HttpResponseException.class);
        assertThat(((HttpResponseException) insert).getResponse().getStatusCode()).isEqualTo(403);
        assertThat(SERVERS.service(fixture).listTables()).noneMatch(t -> t.getName().equals(table));
    }
}
