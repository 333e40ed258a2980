package io.cerulean.it;

import static io.cerulean.it.AzureErrors.assertRawError;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import io.cerulean.it.support.RawResponse;
import io.cerulean.it.support.SharedServers;
import io.cerulean.it.support.SignedHttp;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Requests the service answers and Cerulean once answered otherwise, each as a client sends it:
 * weak ETags Cerulean never issued, malformed and unknown versions, trailing slashes, a method
 * tunnelled to itself, and Atom, which is refused by name.
 */
class TableRestFidelityTest {
    private static final SharedServers SERVERS = SharedServers.perClass();
    private static final ServerFixture FIXTURE = ServerFixture.IN_MEMORY;

    @AfterAll
    static void stopServers() {
        SERVERS.close();
    }

    private static TableClient tableWithEntity(String prefix) {
        TableClient table = SERVERS.newTable(FIXTURE, prefix);
        table.createEntity(new TableEntity("p", "r").addProperty("V", 0));
        return table;
    }

    private static SignedHttp raw() {
        return SERVERS.http(FIXTURE);
    }

    @ParameterizedTest
    @ValueSource(strings = {"PUT", "MERGE", "DELETE"})
    void aWeakEtagCeruleanDidNotIssueMatchesNothing(String method) {
        TableClient table = tableWithEntity("Weak");
        String path = SignedHttp.entityPath(table.getTableName(), "p", "r");
        String body = method.equals("DELETE") ? null : "{\"V\":1}";
        for (String etag : new String[] {"W/\"wrong\"", "W/\"\"", "W/\"datetime'not-a-time'\""}) {
            assertRawError(raw().send(method, path, body, "If-Match", etag), 412, "UpdateConditionNotSatisfied");
        }
        assertThat(table.getEntity("p", "r").getProperty("V")).isEqualTo(0);
        // Malformed values keep their answer.
        assertRawError(raw().send(method, path, body, "If-Match", "\"strong\""), 400, "InvalidInput");
        assertRawError(raw().send(method, path, body, "If-Match", "W/wrong"), 400, "InvalidInput");
    }

    @Test
    void aWeakEtagCeruleanDidNotIssueFailsItsOperationInABatch() {
        TableClient table = tableWithEntity("WeakBatch");
        SignedHttp raw = raw().withDateHeader();
        String body = """
                --batch_w
                Content-Type: multipart/mixed; boundary=changeset_w

                --changeset_w
                Content-Type: application/http
                Content-Transfer-Encoding: binary

                POST %1$s/%2$s HTTP/1.1
                Content-Type: application/json

                {"PartitionKey":"p","RowKey":"new"}
                --changeset_w
                Content-Type: application/http
                Content-Transfer-Encoding: binary

                PATCH %1$s/%2$s(PartitionKey='p',RowKey='r') HTTP/1.1
                Content-Type: application/json
                If-Match: W/"wrong"

                {"V":1}
                --changeset_w--
                --batch_w--
                """.formatted(raw.base(), table.getTableName()).replace("\n", "\r\n");
        RawResponse response = raw.postBatch("multipart/mixed; boundary=batch_w", body);
        assertThat(response.partStatuses()).containsExactly(412);
        assertThat(response.partError().path("code").asText()).isEqualTo("UpdateConditionNotSatisfied");
        assertThat(response.partError().path("message").path("value").asText()).startsWith("1:");
        assertThat(table.listEntities()).hasSize(1);
        assertThat(table.getEntity("p", "r").getProperty("V")).isEqualTo(0);
    }

    @ParameterizedTest
    @ValueSource(strings = {"invalid", "2019-02-0", "2019/02/02", "2019-13-01", "20190202", "latest"})
    void aVersionThatIsNotADateIsAnInvalidHeaderValue(String version) {
        String table = SharedServers.uniqueTableName("Ver");
        RawResponse response = raw().send("POST", "/Tables", "{\"TableName\":\"" + table + "\"}",
                "x-ms-version", version);
        assertRawError(response, 400, "InvalidHeaderValue");
        assertThat(response.errorMessage()).contains("x-ms-version").contains(version);
        assertThat(response.header("x-ms-version")).isNotEqualTo(version);
        assertThat(raw().get("/Tables('" + table + "')").status()).isEqualTo(404);
    }

    @ParameterizedTest
    @ValueSource(strings = {"2009-09-19", "2013-08-15", "2019-02-02", "2020-12-06", "2099-01-01"})
    void everyWellFormedVersionIsServedAndEchoed(String version) {
        RawResponse response = raw().get("/Tables", "x-ms-version", version);
        assertThat(response.status()).as("%s", response).isEqualTo(200);
        assertThat(response.header("x-ms-version")).isEqualTo(version);
    }

    @Test
    void aTrailingSlashNamesTheSameResource() {
        SignedHttp raw = raw().withSharedKey();
        String table = SharedServers.uniqueTableName("Slash");
        assertThat(raw.send("POST", "/Tables/", "{\"TableName\":\"" + table + "\"}").status()).isEqualTo(201);
        assertThat(raw.get("/Tables/").values()).anyMatch(t -> t.path("TableName").asText().equals(table));
        assertThat(raw.send("POST", "/" + table + "/", "{\"PartitionKey\":\"p\",\"RowKey\":\"r\",\"V\":1}").status())
                .isEqualTo(201);
        assertThat(raw.get("/" + table + "/").values()).hasSize(1);
        String entity = SignedHttp.entityPath(table, "p", "r");
        assertThat(raw.get(entity + "/").json().path("V").asInt()).isEqualTo(1);
        assertThat(raw.send("MERGE", entity + "/", "{\"W\":2}", "If-Match", "*").status()).isEqualTo(204);
        assertThat(raw.get(entity).json().path("W").asInt()).isEqualTo(2);
        String body = """
                --batch_s
                Content-Type: multipart/mixed; boundary=changeset_s

                --changeset_s
                Content-Type: application/http
                Content-Transfer-Encoding: binary

                POST %1$s/%2$s/ HTTP/1.1
                Content-Type: application/json

                {"PartitionKey":"p","RowKey":"b"}
                --changeset_s--
                --batch_s--
                """.formatted(raw.base(), table).replace("\n", "\r\n");
        RawResponse batch = raw.withDateHeader().send("POST", "/$batch/", body,
                "Content-Type", "multipart/mixed; boundary=batch_s");
        assertThat(batch.partStatuses()).containsExactly(201);
        assertThat(raw.get("/" + table + "()").values()).hasSize(2);
        assertThat(raw.send("DELETE", "/Tables('" + table + "')/", null).status()).isEqualTo(204);
    }

    @Test
    void aTunnellingHeaderThatNamesTheMethodUsedIsServed() {
        TableClient table = tableWithEntity("Tunnel");
        String path = SignedHttp.entityPath(table.getTableName(), "p", "r");
        assertThat(raw().send("MERGE", path, "{\"W\":1}", "X-HTTP-Method", "MERGE", "If-Match", "*").status())
                .isEqualTo(204);
        assertThat(raw().send("PUT", path, "{\"V\":2}", "X-HTTP-Method", "PUT").status()).isEqualTo(204);
        assertThat(table.getEntity("p", "r").getProperties()).containsEntry("V", 2).doesNotContainKey("W");
        // A header naming another method than the one used is still refused.
        assertRawError(raw().send("PUT", path, "{\"V\":3}", "X-HTTP-Method", "MERGE"), 400, "XMethodNotUsingPost");
        assertRawError(raw().send("MERGE", path, "{\"V\":3}", "X-HTTP-Method", "MERGE", "X-HTTP-Method", "MERGE"),
                400, "XMethodNotUsingPost");
        assertThat(table.getEntity("p", "r").getProperty("V")).isEqualTo(2);
    }

    @Test
    void atomIsRefusedByNameAndChangesNothing() {
        TableClient table = tableWithEntity("Atom");
        String name = table.getTableName();
        String atomEntry = "<?xml version=\"1.0\"?><entry xmlns=\"http://www.w3.org/2005/Atom\"><content/></entry>";
        RawResponse sent = raw().send("POST", "/" + name, atomEntry, "Content-Type", "application/atom+xml");
        assertRawError(sent, 415, "AtomFormatNotSupported");
        assertThat(sent.errorMessage()).contains("JSON");
        assertRawError(raw().get("/" + name + "()", "Accept", "application/atom+xml,application/xml"), 415,
                "AtomFormatNotSupported");
        assertRawError(raw().get("/Tables?$format=atom"), 415, "AtomFormatNotSupported");
        assertRawError(raw().send("PUT", SignedHttp.entityPath(name, "p", "r"), atomEntry,
                "Content-Type", "application/atom+xml;type=entry"), 415, "AtomFormatNotSupported");
        assertThat(table.listEntities()).hasSize(1);
        assertThat(table.getEntity("p", "r").getProperty("V")).isEqualTo(0);
        // JSON offered beside Atom is chosen.
        assertThat(raw().get("/" + name + "()", "Accept", "application/atom+xml, application/json").status())
                .isEqualTo(200);
    }
}
