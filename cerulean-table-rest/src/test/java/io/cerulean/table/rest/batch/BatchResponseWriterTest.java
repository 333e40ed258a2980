package io.cerulean.table.rest.batch;

import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.http.multipart.PartHeaders;
import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ErrorCode;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.table.error.TableError;
import io.cerulean.table.error.TableServiceException;
import io.cerulean.table.model.Entity;
import io.cerulean.table.model.PropertyValue;
import io.cerulean.table.rest.json.MetadataLevel;
import io.cerulean.table.layout.Condition;
import io.cerulean.table.txn.Operation;
import io.cerulean.table.txn.OperationKind;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Contract 6.3 and 6.4: the batch response, byte for byte, as the SDKs parse it. */
class BatchResponseWriterTest {
    private static final String BASE = "http://127.0.0.1:10002/devstoreaccount1";
    private static final Instant STAMP = Instant.parse("2022-02-01T20:52:40.2654859Z");
    private static final String ETAG = "W/\"datetime'2022-02-01T20%3A52%3A40.2654859Z'\"";
    private final BatchResponseWriter writer = new BatchResponseWriter("batchresponse_B", "changesetresponse_C");

    private static Entity entity(String rowKey) {
        return new Entity("p", rowKey, STAMP, Map.of("name", PropertyValue.ofString("x")));
    }

    private static BatchOperation op(OperationKind kind, String rowKey, String contentId, boolean returnContent,
                                     boolean preferStated) {
        return new BatchOperation(new Operation(kind, "p", rowKey, Map.of(), Condition.NONE), contentId, returnContent,
                preferStated, MetadataLevel.MINIMAL_METADATA);
    }

    private static PartResponse success(BatchOperation op, Entity stored) {
        return OperationResponses.success(op, stored, BASE, "devstoreaccount1", "mytable");
    }

    private static String text(AzureResponse response) {
        return new String(response.body(), StandardCharsets.UTF_8);
    }

    @Test
    void successHasOnePartPerOperationInOrder() {
        AzureResponse response = writer.changeSet(List.of(
                success(op(OperationKind.INSERT, "1", "0", false, true), entity("1")),
                success(op(OperationKind.INSERT, "2", null, true, false), entity("2")),
                success(op(OperationKind.MERGE, "3", null, false, false), entity("3")),
                success(op(OperationKind.DELETE, "4", null, false, false), null)));
        assertThat(response.status()).isEqualTo(202);
        assertThat(response.headers()).containsExactly(
                Map.entry("Content-Type", "multipart/mixed; boundary=batchresponse_B"));
        assertThat(text(response)).isEqualTo(SdkBatchBodies.crlf("""
                --batchresponse_B
                Content-Type: multipart/mixed; boundary=changesetresponse_C

                --changesetresponse_C
                Content-Type: application/http
                Content-Transfer-Encoding: binary

                HTTP/1.1 204 No Content
                Content-ID: 0
                X-Content-Type-Options: nosniff
                Cache-Control: no-cache
                Preference-Applied: return-no-content
                DataServiceVersion: 3.0;
                Location: http://127.0.0.1:10002/devstoreaccount1/mytable(PartitionKey='p',RowKey='1')
                DataServiceId: http://127.0.0.1:10002/devstoreaccount1/mytable(PartitionKey='p',RowKey='1')
                ETag: W/"datetime'2022-02-01T20%3A52%3A40.2654859Z'"


                --changesetresponse_C
                Content-Type: application/http
                Content-Transfer-Encoding: binary

                HTTP/1.1 201 Created
                X-Content-Type-Options: nosniff
                Cache-Control: no-cache
                DataServiceVersion: 3.0;
                Content-Type: application/json;odata=minimalmetadata;streaming=true;charset=utf-8
                Location: http://127.0.0.1:10002/devstoreaccount1/mytable(PartitionKey='p',RowKey='2')
                DataServiceId: http://127.0.0.1:10002/devstoreaccount1/mytable(PartitionKey='p',RowKey='2')
                ETag: W/"datetime'2022-02-01T20%3A52%3A40.2654859Z'"

                {"odata.metadata":"http://127.0.0.1:10002/devstoreaccount1/$metadata#mytable/@Element",\
                "odata.etag":"W/\\"datetime'2022-02-01T20%3A52%3A40.2654859Z'\\"","PartitionKey":"p","RowKey":"2",\
                "Timestamp":"2022-02-01T20:52:40.2654859Z","name":"x"}
                --changesetresponse_C
                Content-Type: application/http
                Content-Transfer-Encoding: binary

                HTTP/1.1 204 No Content
                X-Content-Type-Options: nosniff
                Cache-Control: no-cache
                DataServiceVersion: 1.0;
                ETag: W/"datetime'2022-02-01T20%3A52%3A40.2654859Z'"


                --changesetresponse_C
                Content-Type: application/http
                Content-Transfer-Encoding: binary

                HTTP/1.1 204 No Content
                X-Content-Type-Options: nosniff
                Cache-Control: no-cache
                DataServiceVersion: 1.0;


                --changesetresponse_C--
                --batchresponse_B--
                """));
    }

    @Test
    void anInsertThatAskedForContentSaysSo() {
        PartResponse part = success(op(OperationKind.INSERT, "1", null, true, true), entity("1"));
        assertThat(part.status()).isEqualTo(201);
        assertThat(part.headers()).contains(Map.entry("Preference-Applied", "return-content"));
    }

    @Test
    void failureHasOnlyTheFailingPartWithItsIndexBeforeTheMessage() {
        BatchOperationRequest failing = new BatchOperationRequest("POST", "/devstoreaccount1/mytable", "",
                PartHeaders.of(Map.of("Prefer", List.of("return-no-content"))), new byte[0], "2");
        PartResponse part = OperationResponses.failure(1, new TableServiceException(TableError.ENTITY_ALREADY_EXISTS),
                failing, "a5ad7e5b-0002-0010-3fad-17b759000000", Instant.parse("2022-02-01T20:52:48.2699919Z"));
        AzureResponse response = writer.changeSet(List.of(part));
        assertThat(response.status()).as("the outer status stays 202").isEqualTo(202);
        assertThat(text(response)).isEqualTo(SdkBatchBodies.crlf("""
                --batchresponse_B
                Content-Type: multipart/mixed; boundary=changesetresponse_C

                --changesetresponse_C
                Content-Type: application/http
                Content-Transfer-Encoding: binary

                HTTP/1.1 409 Conflict
                Content-ID: 2
                X-Content-Type-Options: nosniff
                Cache-Control: no-cache
                Preference-Applied: return-no-content
                DataServiceVersion: 3.0;
                Content-Type: application/json;odata=minimalmetadata;streaming=true;charset=utf-8

                {"odata.error":{"code":"EntityAlreadyExists","message":{"lang":"en-US","value":\
                "1:The specified entity already exists.\\nRequestId:a5ad7e5b-0002-0010-3fad-17b759000000\\n\
                Time:2022-02-01T20:52:48.2699919Z"}}}
                --changesetresponse_C--
                --batchresponse_B--
                """));
    }

    @Test
    void statusLinesCarryTheStandardReasonPhrase() {
        BatchOperationRequest any = new BatchOperationRequest("PUT", "/devstoreaccount1/t", "", PartHeaders.NONE,
                new byte[0], null);
        for (ErrorCode code : List.of(CommonError.RESOURCE_NOT_FOUND, TableError.UPDATE_CONDITION_NOT_SATISFIED,
                CommonError.INVALID_INPUT, CommonError.METHOD_NOT_ALLOWED, CommonError.SERVER_BUSY)) {
            String body = text(writer.changeSet(List.of(OperationResponses.failure(0, new TableServiceException(code),
                    any, "id", STAMP))));
            String statusLine = body.lines().filter(line -> line.startsWith("HTTP/1.1 ")).findFirst().orElseThrow();
            assertThat(Integer.parseInt(statusLine.substring(9, 12))).as(statusLine).isEqualTo(code.status());
            assertThat(statusLine.substring(12)).as(statusLine).matches(" [A-Z][A-Za-z ]+");
        }
    }

    @Test
    void aRetrieveIsAnsweredWithoutAChangeSet() {
        AzureResponse got = AzureResponse.status(200).header("ETag", ETAG)
                .body("application/json;odata=nometadata;streaming=true;charset=utf-8",
                        "{\"PartitionKey\":\"p\"}".getBytes(StandardCharsets.UTF_8));
        assertThat(text(writer.single(OperationResponses.retrieved(got, null)))).isEqualTo(SdkBatchBodies.crlf("""
                --batchresponse_B
                Content-Type: application/http
                Content-Transfer-Encoding: binary

                HTTP/1.1 200 OK
                X-Content-Type-Options: nosniff
                Cache-Control: no-cache
                DataServiceVersion: 3.0;
                ETag: W/"datetime'2022-02-01T20%3A52%3A40.2654859Z'"
                Content-Type: application/json;odata=nometadata;streaming=true;charset=utf-8

                {"PartitionKey":"p"}
                --batchresponse_B--
                """));
    }
}
