package io.cerulean.table.rest.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.cerulean.http.multipart.PartHeaders;
import io.cerulean.common.error.CommonError;
import io.cerulean.table.error.TableError;
import io.cerulean.table.error.TableServiceException;
import io.cerulean.table.rest.json.MetadataLevel;
import io.cerulean.table.layout.Condition;
import io.cerulean.table.txn.Operation;
import io.cerulean.table.txn.OperationKind;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Contract 3.17 inside a change set: each sub-request's verb, If-Match and body become one core operation. */
class ChangeSetTranslatorTest {
    private static final String ACCOUNT = "devstoreaccount1";
    private static final String ENTITY = "/devstoreaccount1/t(PartitionKey='p',RowKey='r')";
    private static final String ETAG = "W/\"datetime'2022-02-01T20%3A52%3A40.2654859Z'\"";

    private static BatchOperationRequest request(String method, String path, String body, String... headers) {
        Map<String, List<String>> values = new java.util.TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        for (int i = 0; i < headers.length; i += 2) {
            values.computeIfAbsent(headers[i], n -> new ArrayList<>()).add(headers[i + 1]);
        }
        return new BatchOperationRequest(method, path, "", PartHeaders.of(values),
                body.getBytes(StandardCharsets.UTF_8), null);
    }

    private static List<BatchOperation> translate(BatchOperationRequest... requests) {
        return ChangeSetTranslator.translate(List.of(requests), ACCOUNT, MetadataLevel.MINIMAL_METADATA, false)
                .operations();
    }

    private static Operation one(BatchOperationRequest request) {
        return translate(request).get(0).operation();
    }

    private static TableServiceException failure(BatchOperationRequest... requests) {
        TableServiceException e = catchThrowableOfType(TableServiceException.class, () -> translate(requests));
        assertThat(e).as("should be refused").isNotNull();
        return e;
    }

    @Test
    void postOnTheEntitySetInsertsWithTheBodysKeys() {
        Operation insert = one(request("POST", "/devstoreaccount1/t", "{\"PartitionKey\":\"p\",\"RowKey\":\"r\",\"a\":1}"));
        assertThat(insert.kind()).isEqualTo(OperationKind.INSERT);
        assertThat(insert.partitionKey()).isEqualTo("p");
        assertThat(insert.rowKey()).isEqualTo("r");
        assertThat(insert.properties()).containsOnlyKeys("a");
    }

    @Test
    void theDecisionTableOfEntityWrites() {
        String body = "{\"PartitionKey\":\"ignored\",\"RowKey\":\"ignored\",\"a\":1}";
        assertThat(one(request("PUT", ENTITY, body)).kind()).isEqualTo(OperationKind.INSERT_OR_REPLACE);
        assertThat(one(request("PUT", ENTITY, body, "If-Match", "*")).kind()).isEqualTo(OperationKind.REPLACE);
        for (String merge : List.of("PATCH", "MERGE")) {
            assertThat(one(request(merge, ENTITY, body)).kind()).isEqualTo(OperationKind.INSERT_OR_MERGE);
            assertThat(one(request(merge, ENTITY, body, "If-Match", ETAG)).kind()).isEqualTo(OperationKind.MERGE);
        }
        assertThat(one(request("POST", ENTITY, body, "X-HTTP-Method", "MERGE")).kind())
                .isEqualTo(OperationKind.INSERT_OR_MERGE);
        assertThat(one(request("POST", ENTITY, body, "X-HTTP-Method", "MERGE", "If-Match", "*")).kind())
                .isEqualTo(OperationKind.MERGE);
        Operation delete = one(request("DELETE", ENTITY, "", "If-Match", "*"));
        assertThat(delete.kind()).isEqualTo(OperationKind.DELETE);
        assertThat(delete.ifMatch()).isEqualTo(Condition.MUST_EXIST);
    }

    @Test
    void theUrlsKeysWinOverTheBodysAndTheEtagBecomesACondition() {
        Operation replace = one(request("PUT", ENTITY, "{\"PartitionKey\":\"x\",\"RowKey\":\"y\"}", "If-Match", ETAG));
        assertThat(replace.partitionKey()).isEqualTo("p");
        assertThat(replace.rowKey()).isEqualTo("r");
        assertThat(replace.ifMatch()).isInstanceOf(Condition.TimestampEquals.class);
    }

    @Test
    void preferAndContentIdAndLevelAreKeptForTheResponse() {
        BatchOperationRequest insert = new BatchOperationRequest("POST", "/devstoreaccount1/t", "",
                PartHeaders.of(Map.of("Prefer", List.of("return-no-content"), "Accept",
                        List.of("application/json;odata=fullmetadata"))),
                "{\"PartitionKey\":\"p\",\"RowKey\":\"r\"}".getBytes(StandardCharsets.UTF_8), "7");
        BatchOperation op = translate(insert).get(0);
        assertThat(op.contentId()).isEqualTo("7");
        assertThat(op.returnContent()).isFalse();
        assertThat(op.preferStated()).isTrue();
        assertThat(op.level()).isEqualTo(MetadataLevel.FULL_METADATA);
        BatchOperation plain = translate(request("POST", "/devstoreaccount1/t", "{\"PartitionKey\":\"p\",\"RowKey\":\"r\"}"))
                .get(0);
        assertThat(plain.returnContent()).isTrue();
        assertThat(plain.preferStated()).isFalse();
        assertThat(plain.level()).as("the batch's level when the part negotiates none")
                .isEqualTo(MetadataLevel.MINIMAL_METADATA);
    }

    @Test
    void failuresNameTheIndexOfTheOperation() {
        BatchOperationRequest ok = request("DELETE", ENTITY, "", "If-Match", "*");
        TableServiceException badJson = failure(ok, request("PUT", "/devstoreaccount1/t(PartitionKey='p',RowKey='s')", "{"));
        assertThat(badJson.errorCode()).isEqualTo(CommonError.INVALID_INPUT);
        assertThat(badJson.operationIndex()).isEqualTo(1);
        TableServiceException noKeys = failure(ok, ok, request("POST", "/devstoreaccount1/t", "{\"a\":1}"));
        assertThat(noKeys.errorCode()).isEqualTo(TableError.PROPERTIES_NEED_VALUE);
        assertThat(noKeys.operationIndex()).isEqualTo(2);
        TableServiceException badEtag = failure(request("PUT", ENTITY, "{}", "If-Match", "abc"));
        assertThat(badEtag.errorCode()).isEqualTo(CommonError.INVALID_INPUT);
        assertThat(badEtag.operationIndex()).isEqualTo(0);
    }

    @Test
    void aReadInsideAChangeSetIsRefusedAtItsIndex() {
        TableServiceException e = failure(request("DELETE", ENTITY, "", "If-Match", "*"), request("GET", ENTITY, ""));
        assertThat(e.errorCode()).isEqualTo(CommonError.INVALID_INPUT);
        assertThat(e.operationIndex()).isEqualTo(1);
    }

    @Test
    void otherTablesOtherAccountsAndOtherResourcesAreRefusedAtTheirIndex() {
        BatchOperationRequest ok = request("DELETE", ENTITY, "", "If-Match", "*");
        TableServiceException otherTable = failure(ok, request("DELETE", "/devstoreaccount1/u(PartitionKey='p',RowKey='s')",
                "", "If-Match", "*"));
        assertThat(otherTable.errorCode()).isEqualTo(CommonError.INVALID_INPUT);
        assertThat(otherTable.operationIndex()).isEqualTo(1);
        TableServiceException otherAccount = failure(ok, ok,
                request("DELETE", "/otheraccount/t(PartitionKey='p',RowKey='s')", "", "If-Match", "*"));
        assertThat(otherAccount.errorCode()).isEqualTo(CommonError.INVALID_INPUT);
        assertThat(otherAccount.operationIndex()).isEqualTo(2);
        TableServiceException createTable = failure(request("POST", "/devstoreaccount1/Tables", "{\"TableName\":\"x\"}"));
        assertThat(createTable.errorCode()).isEqualTo(CommonError.INVALID_INPUT);
        assertThat(createTable.operationIndex()).isEqualTo(0);
        assertThat(translate(ok, request("DELETE", "/devstoreaccount1/T(PartitionKey='p',RowKey='s')", "",
                "If-Match", "*"))).as("table names are case-insensitive").hasSize(2);
    }

    @Test
    void methodsTheResourceDoesNotAllowAreTheStandAloneErrors() {
        assertThat(failure(request("PUT", "/devstoreaccount1/t", "{}")).errorCode()).isEqualTo(CommonError.METHOD_NOT_ALLOWED);
        assertThat(failure(request("POST", ENTITY, "{}")).errorCode()).isEqualTo(CommonError.METHOD_NOT_ALLOWED);
        assertThat(failure(request("PUT", ENTITY, "{}", "X-HTTP-Method", "MERGE")).errorCode())
                .isEqualTo(TableError.X_METHOD_NOT_USING_POST);
        assertThat(failure(request("POST", ENTITY, "{}", "X-HTTP-Method", "GET")).errorCode())
                .isEqualTo(TableError.X_METHOD_INCORRECT_VALUE);
        assertThat(failure(request("PUT", ENTITY, "{}", "If-None-Match", "*")).errorCode())
                .isEqualTo(CommonError.INVALID_INPUT);
    }

    @Test
    void oddEmbeddedHeadersAreCarriedWithoutFailing() {
        Operation delete = one(request("DELETE", ENTITY, "", "If-Match", "*", "Odd Name", "x\u0001y"));
        assertThat(delete.kind()).isEqualTo(OperationKind.DELETE);
    }

    @Test
    void moreThanOneHundredOperationsAreRefusedAtIndexZeroBeforeAnyIsRead() {
        List<BatchOperationRequest> requests = new ArrayList<>(Collections.nCopies(100,
                request("PUT", "/devstoreaccount1/t(PartitionKey='p',RowKey='r')", "not json")));
        requests.add(request("GET", ENTITY, ""));
        TableServiceException e = catchThrowableOfType(TableServiceException.class, () -> ChangeSetTranslator.translate(
                requests, ACCOUNT, MetadataLevel.MINIMAL_METADATA, false));
        assertThat(e.errorCode()).isEqualTo(CommonError.INVALID_INPUT);
        assertThat(e.operationIndex()).isEqualTo(0);
        assertThat(e.getMessage()).isEqualTo("The batch request operation exceeds the maximum 100 changes per change set.");
    }
}
