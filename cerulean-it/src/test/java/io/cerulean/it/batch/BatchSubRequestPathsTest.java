package io.cerulean.it.batch;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import io.cerulean.it.ServerFixture;
import io.cerulean.it.support.RawResponse;
import io.cerulean.it.support.SharedServers;
import io.cerulean.it.support.SignedHttp;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * Sub-request URLs as the legacy clients write them, resolved against the batch's own account as the
 * service resolves them: with the account, absolute, without the account (the legacy Python SDK,
 * {@code azure-cosmosdb-table}), relative; and the legacy Java SDK's merge, {@code MERGE} with
 * {@code X-HTTP-Method: MERGE} ({@code com.microsoft.azure:azure-storage} 8).
 */
class BatchSubRequestPathsTest {
    private static final SharedServers SERVERS = SharedServers.perClass();
    private static final ServerFixture FIXTURE = ServerFixture.IN_MEMORY;

    @AfterAll
    static void stopServers() {
        SERVERS.close();
    }

    private static String operation(String requestLine, String body, String... headers) {
        StringBuilder part = new StringBuilder("--changeset_l\nContent-Type: application/http\n"
                + "Content-Transfer-Encoding: binary\n\n" + requestLine + " HTTP/1.1\n"
                + "Content-Type: application/json\nAccept: application/json;odata=minimalmetadata\n");
        for (int i = 0; i < headers.length; i += 2) {
            part.append(headers[i]).append(": ").append(headers[i + 1]).append('\n');
        }
        return part.append('\n').append(body).append('\n').toString();
    }

    private static RawResponse post(SignedHttp raw, String... operations) {
        String body = "--batch_l\nContent-Type: multipart/mixed; boundary=changeset_l\n\n" + String.join("", operations)
                + "--changeset_l--\n--batch_l--\n";
        return raw.postBatch("multipart/mixed; boundary=batch_l", body.replace("\n", "\r\n"));
    }

    @Test
    void everyFormOfSubRequestUrlAddressesTheBatchsAccount() {
        TableClient table = SERVERS.newTable(FIXTURE, "Paths");
        String t = table.getTableName();
        SignedHttp raw = SERVERS.http(FIXTURE).withDateHeader();
        RawResponse response = post(raw,
                operation("POST /" + SignedHttp.ACCOUNT + "/" + t, "{\"PartitionKey\":\"p\",\"RowKey\":\"1\"}"),
                operation("POST " + raw.base() + "/" + t, "{\"PartitionKey\":\"p\",\"RowKey\":\"2\"}"),
                operation("POST /" + t, "{\"PartitionKey\":\"p\",\"RowKey\":\"3\"}"),
                operation("PUT /" + t + "(PartitionKey='p',RowKey='4')", "{\"V\":4}"),
                operation("POST " + t, "{\"PartitionKey\":\"p\",\"RowKey\":\"5\"}"),
                operation("PUT " + t + "(PartitionKey='p',RowKey='6')", "{\"V\":6}"));
        assertThat(response.partStatuses()).containsExactly(201, 201, 201, 204, 201, 204);
        assertThat(table.listEntities()).extracting(TableEntity::getRowKey)
                .containsExactly("1", "2", "3", "4", "5", "6");
    }

    @Test
    void aRetrieveWithoutTheAccountIsServed() {
        TableClient table = SERVERS.newTable(FIXTURE, "PathGet");
        table.createEntity(new TableEntity("p", "r").addProperty("V", 7));
        String body = "--batch_g\nContent-Type: application/http\nContent-Transfer-Encoding: binary\n\n"
                + "GET /" + table.getTableName() + "(PartitionKey='p',RowKey='r') HTTP/1.1\n"
                + "Accept: application/json;odata=nometadata\n\n--batch_g--\n";
        RawResponse response = SERVERS.http(FIXTURE).withDateHeader()
                .postBatch("multipart/mixed; boundary=batch_g", body.replace("\n", "\r\n"));
        assertThat(response.status()).as("%s", response).isEqualTo(202);
        assertThat(response.body()).contains("HTTP/1.1 200").contains("\"V\":7");
    }

    @Test
    void anOperationNamingAnotherAccountIsStillRefused() {
        TableClient table = SERVERS.newTable(FIXTURE, "PathOther");
        RawResponse response = post(SERVERS.http(FIXTURE).withDateHeader(),
                operation("POST /otheraccount/" + table.getTableName(), "{\"PartitionKey\":\"p\",\"RowKey\":\"1\"}"));
        assertThat(response.partStatuses()).containsExactly(400);
        assertThat(table.listEntities()).isEmpty();
    }

    @Test
    void theLegacyJavaSdksMergeIsServedInABatch() {
        TableClient table = SERVERS.newTable(FIXTURE, "LegacyMerge");
        table.createEntity(new TableEntity("p", "r").addProperty("V", 1));
        SignedHttp raw = SERVERS.http(FIXTURE).withDateHeader();
        RawResponse response = post(raw, operation("MERGE " + raw.base() + "/" + table.getTableName()
                + "(PartitionKey='p',RowKey='r')", "{\"W\":2}", "X-HTTP-Method", "MERGE", "If-Match", "*"));
        assertThat(response.partStatuses()).containsExactly(204);
        assertThat(table.getEntity("p", "r").getProperties()).containsEntry("V", 1).containsEntry("W", 2);
    }
}
