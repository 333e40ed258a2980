package io.cerulean.it.batch;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableServiceException;
import io.cerulean.it.EachStore;
import io.cerulean.it.ServerFixture;
import io.cerulean.it.support.RawResponse;
import io.cerulean.it.support.SharedServers;
import io.cerulean.it.support.SignedHttp;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * Contract 6.1 to 6.4 on the wire: the batch bodies the other SDKs send (JavaScript, .NET,
 * Python, legacy clients), posted raw and signed like the SDKs sign them, and the responses
 * checked the way those SDKs read them.
 */
class SdkDialectsOnTheWireTest {
    private static final SharedServers SERVERS = SharedServers.perClass();

    @AfterAll
    static void stopServers() {
        SERVERS.close();
    }

    private static String crlf(String text) {
        return text.replace("\n", "\r\n");
    }

    private static TableEntity entity(String rowKey) {
        return new TableEntity("p", rowKey).addProperty("v", 0);
    }

    private static boolean exists(TableClient table, String rowKey) {
        try {
            table.getEntity("p", rowKey);
            return true;
        } catch (TableServiceException e) {
            return false;
        }
    }

    @ParameterizedTest
    @EachStore
    void javaScriptBodyWithAbsoluteUrlsLowerCaseHeadersAndExtraBlankLines(ServerFixture fixture) {
        TableClient table = SERVERS.newTable(fixture, "Js");
        table.createEntity(entity("2"));
        SignedHttp raw = SERVERS.http(fixture).withDateHeader();
        String body = crlf("""
                --batch_js1
                content-type: multipart/mixed; boundary=changeset_js2


                --changeset_js2
                content-type: application/http
                content-transfer-encoding: binary


                POST %1$s/%2$s HTTP/1.1
                accept: application/json;odata=minimalmetadata
                content-type: application/json;odata=nometadata
                dataserviceversion: 3.0
                prefer: return-no-content


                {"PartitionKey":"p","RowKey":"1","name":"first"}
                --changeset_js2
                content-type: application/http
                content-transfer-encoding: binary


                PATCH %1$s/%2$s(PartitionKey='p',RowKey='2')?tn=%2$s&spk=p HTTP/1.1
                accept: application/json;odata=minimalmetadata
                content-type: application/json;odata=nometadata
                if-match: *


                {"name":"second"}
                --changeset_js2--
                --batch_js1--
                """).formatted(raw.base(), table.getTableName());
        RawResponse response = raw.postBatch("multipart/mixed; boundary=batch_js1", body);
        assertThat(response.partStatuses()).containsExactly(204, 204);
        assertThat(response.body()).contains("Location: " + raw.base() + "/" + table.getTableName()
                + "(PartitionKey='p',RowKey='1')\r\n");
        assertThat(response.etags()).containsExactly(table.getEntity("p", "1").getETag(),
                table.getEntity("p", "2").getETag());
        assertThat(table.getEntity("p", "2").getProperties()).containsEntry("name", "second").containsEntry("v", 0);
    }

    @ParameterizedTest
    @EachStore
    void dotNetBodyWithContentIdsAndAQuotedBoundary(ServerFixture fixture) {
        TableClient table = SERVERS.newTable(fixture, "Net");
        table.createEntity(entity("c"));
        SignedHttp raw = SERVERS.http(fixture).withDateHeader();
        String body = crlf("""
                --batch_net1
                Content-Type: multipart/mixed; boundary="changeset_net2"

                --changeset_net2
                Content-Type: application/http
                Content-Transfer-Encoding: binary
                Content-ID: 1

                PUT %1$s/%2$s(PartitionKey='p',RowKey='a%%20b') HTTP/1.1
                Host: 127.0.0.1
                Accept: application/json; odata=minimalmetadata
                Content-Type: application/json; odata=nometadata
                DataServiceVersion: 3.0

                {"PartitionKey":"p","RowKey":"a b","v":1}
                --changeset_net2
                Content-Type: application/http
                Content-Transfer-Encoding: binary
                Content-ID: 2

                DELETE %1$s/%2$s(PartitionKey='p',RowKey='c') HTTP/1.1
                Host: 127.0.0.1
                If-Match: *

                --changeset_net2--
                --batch_net1--
                """).formatted(raw.base(), table.getTableName());
        RawResponse response = raw.postBatch("multipart/mixed; boundary=\"batch_net1\"", body);
        assertThat(response.partStatuses()).containsExactly(204, 204);
        assertThat(response.contentIds()).containsExactly("1", "2");
        assertThat(table.getEntity("p", "a b").getProperty("v")).isEqualTo(1);
        assertThat(exists(table, "c")).isFalse();
    }

    @ParameterizedTest
    @EachStore
    void pythonBodyWithPartContentIdsTunnelledMergeAndReturnContent(ServerFixture fixture) {
        TableClient table = SERVERS.newTable(fixture, "Py");
        table.createEntity(entity("2"));
        SignedHttp raw = SERVERS.http(fixture).withDateHeader();
        String body = crlf("""
                --batch_py1
                Content-Type: multipart/mixed; boundary=changeset_py2

                --changeset_py2
                Content-Type: application/http
                Content-Transfer-Encoding: binary
                Content-ID: 0

                POST %1$s/%2$s? HTTP/1.1
                Content-Type: application/json;odata=nometadata
                Accept: application/json;odata=minimalmetadata
                Prefer: return-content
                DataServiceVersion: 3.0

                {"PartitionKey": "p", "RowKey": "1", "n": 1.5, "n@odata.type": "Edm.Double"}
                --changeset_py2
                Content-Type: application/http
                Content-Transfer-Encoding: binary
                Content-ID: 1

                POST %1$s/%2$s(PartitionKey='p',RowKey='2')? HTTP/1.1
                X-HTTP-Method: MERGE
                Content-Type: application/json;odata=nometadata
                If-Match: *

                {"n": 2.5}
                --changeset_py2--

                --batch_py1--
                """).formatted(raw.base(), table.getTableName());
        RawResponse response = raw.postBatch("multipart/mixed; boundary=batch_py1", body);
        assertThat(response.partStatuses()).containsExactly(201, 204);
        assertThat(response.contentIds()).containsExactly("0", "1");
        String json = response.body().lines().filter(l -> l.startsWith("{")).findFirst().orElseThrow();
        assertThat(json).as("the created entity on one line").contains("\"RowKey\":\"1\"", "\"n\":1.5",
                "\"odata.etag\":");
        assertThat(table.getEntity("p", "2").getProperties()).containsEntry("n", 2.5).containsEntry("v", 0);
    }

    @ParameterizedTest
    @EachStore
    void legacyBodyWithLfOnlyMergeVerbEmbeddedContentIdsAndNoFinalDelimiter(ServerFixture fixture) {
        TableClient table = SERVERS.newTable(fixture, "Legacy");
        table.createEntity(entity("a"));
        table.createEntity(entity("b"));
        SignedHttp raw = SERVERS.http(fixture).withDateHeader();
        String body = """
                --batch_L1
                Content-Type: multipart/mixed; boundary=changeset_M1

                --changeset_M1
                Content-Type: application/http
                Content-Transfer-Encoding: binary

                MERGE %1$s/%2$s(PartitionKey=%%27p%%27,RowKey=%%27a%%27) HTTP/1.1
                Content-ID: 1
                Content-Type: application/json
                If-Match: *

                {"x":1}
                --changeset_M1
                Content-Type: application/http
                Content-Transfer-Encoding: binary

                DELETE %1$s/%2$s(PartitionKey=%%27p%%27,RowKey=%%27b%%27) HTTP/1.1
                Content-ID: 2
                If-Match: *

                --changeset_M1--
                --batch_L1
                """.formatted(raw.base(), table.getTableName());
        RawResponse response = raw.postBatch("multipart/mixed; boundary=batch_L1", body);
        assertThat(response.partStatuses()).containsExactly(204, 204);
        assertThat(response.contentIds()).containsExactly("1", "2");
        assertThat(table.getEntity("p", "a").getProperties()).containsEntry("x", 1);
        assertThat(exists(table, "b")).isFalse();
    }

    @ParameterizedTest
    @EachStore
    void aFailingPartEchoesItsContentIdAndIndexAndNothingIsApplied(ServerFixture fixture) {
        TableClient table = SERVERS.newTable(fixture, "Fail");
        table.createEntity(entity("taken"));
        SignedHttp raw = SERVERS.http(fixture).withDateHeader();
        String insert = """
                --changeset_f2
                Content-Type: application/http
                Content-Transfer-Encoding: binary
                Content-ID: %3$d

                POST %1$s/%2$s HTTP/1.1
                Content-Type: application/json
                Prefer: return-no-content

                {"PartitionKey":"p","RowKey":"%4$s"}
                """;
        String body = crlf("--batch_f1\nContent-Type: multipart/mixed; boundary=changeset_f2\n\n"
                + insert.formatted(raw.base(), table.getTableName(), 5, "new")
                + insert.formatted(raw.base(), table.getTableName(), 6, "taken")
                + "--changeset_f2--\n--batch_f1--\n");
        RawResponse response = raw.postBatch("multipart/mixed; boundary=batch_f1", body);
        assertThat(response.partStatuses()).containsExactly(409);
        assertThat(response.contentIds()).containsExactly("6");
        assertThat(response.body()).contains("Preference-Applied: return-no-content\r\n");
        assertThat(response.partError().path("code").asText()).isEqualTo("EntityAlreadyExists");
        assertThat(response.partError().path("message").path("value").asText())
                .startsWith("1:The specified entity already exists.\nRequestId:");
        assertThat(exists(table, "new")).isFalse();
    }

    @ParameterizedTest
    @EachStore
    void aSingleGetOutsideAChangeSetRetrievesOneEntity(ServerFixture fixture) {
        TableClient table = SERVERS.newTable(fixture, "Get");
        table.createEntity(entity("r").addProperty("w", "x"));
        SignedHttp raw = SERVERS.http(fixture).withDateHeader();
        String body = crlf("""
                --batch_g1
                Content-Type: application/http
                Content-Transfer-Encoding: binary

                GET %1$s/%2$s(PartitionKey='p',RowKey='%3$s')?$select=w HTTP/1.1
                Accept: application/json;odata=minimalmetadata

                --batch_g1--
                """);
        RawResponse found = raw.postBatch("multipart/mixed; boundary=batch_g1",
                body.formatted(raw.base(), table.getTableName(), "r"));
        assertThat(found.partStatuses()).containsExactly(200);
        assertThat(found.body()).doesNotContain("changesetresponse_");
        assertThat(found.etags()).containsExactly(table.getEntity("p", "r").getETag());
        String json = found.body().lines().filter(l -> l.startsWith("{")).findFirst().orElseThrow();
        assertThat(json).contains("\"w\":\"x\"").doesNotContain("\"v\"");
        RawResponse missing = raw.postBatch("multipart/mixed; boundary=batch_g1",
                body.formatted(raw.base(), table.getTableName(), "nope"));
        assertThat(missing.partStatuses()).containsExactly(404);
        assertThat(missing.partError().path("code").asText()).isEqualTo("ResourceNotFound");
    }
}
