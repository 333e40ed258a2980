package io.cerulean.table.rest.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.storage.database.Database;
import io.cerulean.storage.state.Lease;
import io.cerulean.store.memory.MemoryKeyValueStore;
import io.cerulean.table.error.TableServiceException;
import io.cerulean.table.layout.TableLayout;
import io.cerulean.table.model.Entity;
import io.cerulean.table.model.PropertyValue;
import io.cerulean.table.rest.auth.FullAccess;
import io.cerulean.table.rest.json.MetadataLevel;
import io.cerulean.table.rest.operations.RequestContext;
import io.cerulean.table.rest.resource.PathParser;
import io.cerulean.table.service.TableService;
import io.cerulean.table.layout.Condition;
import io.cerulean.table.layout.StoredTable;
import io.cerulean.table.time.HybridClock;
import io.cerulean.table.txn.EntityGroupTransaction;
import io.cerulean.table.txn.Operation;
import io.cerulean.table.txn.OperationKind;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** Contract 6.2 to 6.4 on a real service over the in-memory store: one transaction, all or nothing, errors by index. */
class ExecuteBatchTest {
    private static final String ACCOUNT = "devstoreaccount1";
    private static final String BASE = "http://127.0.0.1:10002/" + ACCOUNT;
    private static final Pattern STATUS = Pattern.compile("^HTTP/1\\.1 (\\d{3}) ", Pattern.MULTILINE);
    private static final Pattern MESSAGE = Pattern.compile("\"value\":\"([^\"]*)\"");

    private final TableService service = new TableService(TableLayout.open(Database.open(new MemoryKeyValueStore(), false)),
            HybridClock.system(Lease.none()), Duration.ofSeconds(5));
    private final StoredTable table = service.createTable(ACCOUNT, "mytable");

    private AzureResponse post(String contentType, String body) {
        DefaultHttpHeaders headers = new DefaultHttpHeaders();
        headers.add("Content-Type", contentType);
        AzureRequest request = new AzureRequest("POST", "/" + ACCOUNT + "/$batch", Map.of(), headers,
                body.getBytes(StandardCharsets.UTF_8), false, "127.0.0.1");
        return new ExecuteBatch().handle(new RequestContext(request, "test-request", PathParser.parse(request.rawPath()), ACCOUNT,
                MetadataLevel.MINIMAL_METADATA, BASE, service, FullAccess.SHARED_KEY));
    }

    /** A CRLF change set of the given embedded requests ("METHOD path\nheaders\n\nbody"). */
    private AzureResponse changeSet(String... requests) {
        StringBuilder body = new StringBuilder("--batch_x\nContent-Type: multipart/mixed; boundary=changeset_y\n\n");
        for (String request : requests) {
            body.append("--changeset_y\nContent-Type: application/http\nContent-Transfer-Encoding: binary\n\n")
                    .append(request).append('\n');
        }
        body.append("--changeset_y--\n--batch_x--\n");
        return post("multipart/mixed; boundary=batch_x", SdkBatchBodies.crlf(body.toString()));
    }

    private static String insert(String rowKey) {
        return "POST /devstoreaccount1/mytable HTTP/1.1\nContent-Type: application/json\nPrefer: return-no-content\n\n"
                + "{\"PartitionKey\":\"p\",\"RowKey\":\"" + rowKey + "\",\"v\":1}";
    }

    private static List<Integer> statuses(AzureResponse response) {
        assertThat(response.status()).isEqualTo(202);
        List<Integer> statuses = new ArrayList<>();
        Matcher m = STATUS.matcher(new String(response.body(), StandardCharsets.UTF_8));
        while (m.find()) {
            statuses.add(Integer.parseInt(m.group(1)));
        }
        return statuses;
    }

    private static String message(AzureResponse response) {
        Matcher m = MESSAGE.matcher(new String(response.body(), StandardCharsets.UTF_8));
        assertThat(m.find()).as("an error message in %s", new String(response.body(), StandardCharsets.UTF_8)).isTrue();
        return m.group(1);
    }

    private void seed(String rowKey) {
        service.execute(table, EntityGroupTransaction.of(new Operation(OperationKind.INSERT, "p", rowKey,
                Map.of("v", PropertyValue.ofInt32(0)), Condition.NONE)));
    }

    private Optional<Entity> find(String rowKey) {
        return service.readEntity(table.account(), table.name(), "p", rowKey, t -> { }).entity();
    }

    @Test
    void aChangeSetIsAppliedWholeWithOnePartPerOperation() {
        seed("2");
        seed("3");
        AzureResponse response = changeSet(insert("1"),
                "MERGE /devstoreaccount1/mytable(PartitionKey='p',RowKey='2') HTTP/1.1\nIf-Match: *\n\n{\"w\":2}",
                "DELETE /devstoreaccount1/mytable(PartitionKey='p',RowKey='3') HTTP/1.1\nIf-Match: *\n");
        assertThat(statuses(response)).containsExactly(204, 204, 204);
        assertThat(find("1")).isPresent();
        assertThat(find("2").orElseThrow().properties()).containsKeys("v", "w");
        assertThat(find("3")).isEmpty();
        assertThat(find("1").orElseThrow().timestamp()).as("one Timestamp per transaction")
                .isEqualTo(find("2").orElseThrow().timestamp());
    }

    @Test
    void aFailingOperationLeavesEverythingUnchangedAndIsTheOnlyPart() {
        seed("2");
        AzureResponse response = changeSet(insert("1"), insert("2"), insert("3"));
        assertThat(statuses(response)).containsExactly(409);
        assertThat(message(response)).startsWith("1:The specified entity already exists.\\nRequestId:");
        assertThat(find("1")).isEmpty();
        assertThat(find("3")).isEmpty();
    }

    @Test
    void aMissingTableIsReportedAtIndexZero() {
        AzureResponse response = changeSet(insert("1").replace("mytable", "nosuchtable"));
        assertThat(statuses(response)).containsExactly(404);
        assertThat(message(response)).startsWith("0:The table specified does not exist.");
    }

    @Test
    void transactionRulesAreReportedAtTheOffendingIndex() {
        AzureResponse duplicate = changeSet(insert("1"), insert("2"), insert("1"));
        assertThat(statuses(duplicate)).containsExactly(400);
        assertThat(message(duplicate)).startsWith("2:A command with RowKey '1' is already present in the batch.");
        AzureResponse otherPartition = changeSet(insert("1"), insert("2").replace("\"p\"", "\"q\""));
        assertThat(statuses(otherPartition)).containsExactly(400);
        assertThat(message(otherPartition)).startsWith("1:");
        String[] tooMany = new String[101];
        for (int i = 0; i < tooMany.length; i++) {
            tooMany[i] = insert("r" + i);
        }
        AzureResponse refused = changeSet(tooMany);
        assertThat(statuses(refused)).containsExactly(400);
        assertThat(message(refused)).startsWith("0:The batch request operation exceeds the maximum 100 changes");
        assertThat(find("r0")).isEmpty();
        String[] hundred = java.util.Arrays.copyOf(tooMany, 100);
        assertThat(statuses(changeSet(hundred))).hasSize(100).containsOnly(204);
    }

    @Test
    void eachDialectRunsAsOneTransaction() {
        seed("2");
        assertThat(statuses(post("multipart/mixed; boundary=batch_a1b2c3", SdkBatchBodies.JS)))
                .containsExactly(204, 204);
        assertThat(find("2").orElseThrow().properties()).containsEntry("name", PropertyValue.ofString("second"));
        AzureResponse python = post("multipart/mixed; boundary=batch_3f4e5d6c",
                SdkBatchBodies.PYTHON.replace("\"RowKey\": \"1\"", "\"RowKey\": \"py\""));
        assertThat(statuses(python)).containsExactly(201, 204);
        String pythonBody = new String(python.body(), StandardCharsets.UTF_8);
        assertThat(pythonBody).contains("Content-ID: 0\r\n", "Content-ID: 1\r\n", "Preference-Applied: return-content\r\n",
                "\"RowKey\":\"py\"");
        seed("a");
        seed("b");
        AzureResponse legacy = post("multipart/mixed; boundary=batch_L1", SdkBatchBodies.LEGACY);
        assertThat(statuses(legacy)).containsExactly(204, 204);
        assertThat(find("b")).isEmpty();
        seed("c");
        assertThat(statuses(post("multipart/mixed; boundary=batch_7c1e", SdkBatchBodies.DOTNET)))
                .containsExactly(204, 204);
        assertThat(find("a b")).isPresent();
        assertThat(find("c")).isEmpty();
    }

    @Test
    void theJavaDialectsStaleEtagFailsAt412WithoutApplyingTheInsert() {
        seed("2");
        seed("3");
        AzureResponse response = post(SdkBatchBodies.JAVA_TYPE, SdkBatchBodies.JAVA);
        assertThat(statuses(response)).containsExactly(412);
        assertThat(message(response)).startsWith("1:The update condition specified in the request was not satisfied.");
        assertThat(find("1")).isEmpty();
        assertThat(find("3")).isPresent();
    }

    @Test
    void aSingleRetrieveAnswersLikeGetEntity() {
        seed("r");
        String retrieve = SdkBatchBodies.crlf("""
                --batch_r
                Content-Type: application/http
                Content-Transfer-Encoding: binary

                GET http://127.0.0.1:10002/devstoreaccount1/mytable(PartitionKey='p',RowKey='%s')?$select=v HTTP/1.1
                Accept: application/json;odata=nometadata

                --batch_r--
                """);
        AzureResponse found = post("multipart/mixed; boundary=batch_r", retrieve.formatted("r"));
        assertThat(statuses(found)).containsExactly(200);
        String body = new String(found.body(), StandardCharsets.UTF_8);
        assertThat(body).startsWith("--batchresponse_").doesNotContain("changesetresponse_")
                .contains("ETag: W/\"datetime'", "\r\n{\"v\":0}\r\n");
        AzureResponse missing = post("multipart/mixed; boundary=batch_r", retrieve.formatted("zz"));
        assertThat(statuses(missing)).containsExactly(404);
        assertThat(message(missing)).startsWith("The specified resource does not exist.");
    }

    @Test
    void aMalformedBodyIsATopLevelInvalidInput() {
        ServiceException e = catchThrowableOfType(ServiceException.class,
                () -> post("multipart/mixed; boundary=batch_x", "{\"PartitionKey\":\"p\",\"RowKey\":\"r\"}"));
        assertThat(e.errorCode()).isEqualTo(CommonError.INVALID_INPUT);
        assertThat(TableServiceException.from(e).operationIndex()).isEqualTo(-1);
    }
}
