package io.cerulean.table.rest.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import io.cerulean.table.error.TableServiceException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Contract 6.1 and 2.3: the batch bodies each SDK sends ({@link SdkBatchBodies}), and the bodies that are not a batch. */
class BatchRequestParserTest {
    private static final String ETAG = "W/\"datetime'2022-02-01T20%3A52%3A40.2654859Z'\"";

    private static BatchRequest parse(String contentType, String body) {
        return BatchRequestParser.parse(contentType, body.getBytes(StandardCharsets.UTF_8), "devstoreaccount1");
    }

    private static List<BatchOperationRequest> changeSet(String contentType, String body) {
        BatchRequest batch = parse(contentType, body);
        assertThat(batch).isInstanceOf(BatchRequest.ChangeSet.class);
        return ((BatchRequest.ChangeSet) batch).operations();
    }

    private static String body(BatchOperationRequest request) {
        // The body is a view of the batch: read exactly its window, so that a wrong offset shows.
        return new String(request.batchBody(), request.bodyStart(), request.bodyEnd() - request.bodyStart(),
                StandardCharsets.UTF_8);
    }

    private static ServiceException refused(String contentType, String body) {
        ServiceException e = catchThrowableOfType(ServiceException.class, () -> parse(contentType, body));
        assertThat(e).as("should be refused:\n%s", body).isNotNull();
        assertThat(e.errorCode()).isEqualTo(CommonError.INVALID_INPUT);
        assertThat(TableServiceException.from(e).operationIndex()).as("a malformed batch is a top-level error")
                .isEqualTo(-1);
        return e;
    }

    @Test
    void javaDialect() {
        List<BatchOperationRequest> ops = changeSet(SdkBatchBodies.JAVA_TYPE, SdkBatchBodies.JAVA);
        assertThat(ops).extracting(BatchOperationRequest::method).containsExactly("POST", "MERGE", "DELETE");
        assertThat(ops).extracting(BatchOperationRequest::rawPath).containsExactly("/devstoreaccount1/mytable",
                "/devstoreaccount1/mytable(PartitionKey='p',RowKey='2')",
                "/devstoreaccount1/mytable(PartitionKey='p',RowKey='3')");
        assertThat(ops).extracting(BatchOperationRequest::contentId).containsOnlyNulls();
        assertThat(body(ops.get(0))).isEqualTo("{\"PartitionKey\":\"p\",\"RowKey\":\"1\",\"Name\":\"one\"}");
        assertThat(ops.get(0).headers().first("Prefer")).isEqualTo("return-no-content");
        assertThat(ops.get(1).headers().first("If-Match")).isEqualTo(ETAG);
        assertThat(body(ops.get(2))).isEmpty();
        assertThat(ops.get(2).headers().first("if-match")).isEqualTo("*");
    }

    @Test
    void javaScriptDialect() {
        List<BatchOperationRequest> ops = changeSet("multipart/mixed; boundary=batch_a1b2c3", SdkBatchBodies.JS);
        assertThat(ops).extracting(BatchOperationRequest::method).containsExactly("POST", "PATCH");
        assertThat(ops).extracting(BatchOperationRequest::rawPath).containsExactly("/devstoreaccount1/mytable",
                "/devstoreaccount1/mytable(PartitionKey='p',RowKey='2')");
        assertThat(ops.get(1).rawQuery()).isEqualTo("tn=mytable&spk=p&$select=name");
        assertThat(ops.get(1).toAzureRequest(false).query()).containsOnlyKeys("$select");
        assertThat(body(ops.get(0))).isEqualTo("{\"PartitionKey\":\"p\",\"RowKey\":\"1\",\"name\":\"first\"}");
        assertThat(body(ops.get(1))).isEqualTo("{\"name\":\"second\"}");
        assertThat(ops.get(0).headers().first("Prefer")).isEqualTo("return-no-content");
        assertThat(ops.get(1).headers().first("If-Match")).isEqualTo("*");
    }

    @Test
    void dotNetDialect() {
        List<BatchOperationRequest> ops = changeSet("multipart/mixed; boundary=\"batch_7c1e\"", SdkBatchBodies.DOTNET);
        assertThat(ops).extracting(BatchOperationRequest::method).containsExactly("PUT", "DELETE");
        assertThat(ops).extracting(BatchOperationRequest::contentId).containsExactly("1", "2");
        assertThat(ops.get(0).rawPath()).isEqualTo("/devstoreaccount1/mytable(PartitionKey='p',RowKey='a%20b')");
        assertThat(body(ops.get(0))).isEqualTo("{\"PartitionKey\":\"p\",\"RowKey\":\"a b\",\"v\":1}");
        assertThat(body(ops.get(1))).isEmpty();
    }

    @Test
    void pythonDialect() {
        List<BatchOperationRequest> ops = changeSet("multipart/mixed; boundary=batch_3f4e5d6c", SdkBatchBodies.PYTHON);
        assertThat(ops).extracting(BatchOperationRequest::method).containsExactly("POST", "POST");
        assertThat(ops).extracting(BatchOperationRequest::contentId).containsExactly("0", "1");
        assertThat(ops).extracting(BatchOperationRequest::rawPath).containsExactly("/devstoreaccount1/mytable",
                "/devstoreaccount1/mytable(PartitionKey='p',RowKey='2')");
        assertThat(ops.get(1).headers().all("X-HTTP-Method")).containsExactly("MERGE");
        assertThat(body(ops.get(0))).isEqualTo("{\"PartitionKey\": \"p\", \"RowKey\": \"1\", \"n\": 1.5}");
    }

    @Test
    void legacyDialect() {
        assertThat(SdkBatchBodies.LEGACY).doesNotContain("\r");
        List<BatchOperationRequest> ops = changeSet("multipart/mixed; boundary=batch_L1", SdkBatchBodies.LEGACY);
        assertThat(ops).extracting(BatchOperationRequest::method).containsExactly("MERGE", "DELETE");
        assertThat(ops).extracting(BatchOperationRequest::contentId).containsExactly("1", "2");
        assertThat(ops.get(0).rawPath()).isEqualTo("/devstoreaccount1/mytable(PartitionKey=%27p%27,RowKey=%27a%27)");
        assertThat(body(ops.get(0))).isEqualTo("{\"x\":1}");
    }

    @Test
    void aSingleGetOutsideAnyChangeSetIsARetrieve() {
        String body = SdkBatchBodies.crlf("""
                --batch_r
                Content-Type: application/http
                Content-Transfer-Encoding: binary

                GET http://127.0.0.1:10002/devstoreaccount1/mytable(PartitionKey='p',RowKey='r')?$select=a HTTP/1.1
                Accept: application/json;odata=nometadata

                --batch_r--
                """);
        BatchRequest batch = parse("multipart/mixed; boundary=batch_r", body);
        assertThat(batch).isInstanceOf(BatchRequest.Retrieve.class);
        BatchOperationRequest get = ((BatchRequest.Retrieve) batch).request();
        assertThat(get.rawPath()).isEqualTo("/devstoreaccount1/mytable(PartitionKey='p',RowKey='r')");
        assertThat(get.toAzureRequest(false).queryParameter("$select")).isEqualTo("a");
    }

    @Test
    void targetsLoseSchemeAndHostButKeepPathAndQuery() {
        assertThat(BatchRequestParser.originForm("https://acct.example:443/devstoreaccount1/t?x=1"))
                .isEqualTo("/devstoreaccount1/t?x=1");
        assertThat(BatchRequestParser.originForm("/devstoreaccount1/t")).isEqualTo("/devstoreaccount1/t");
        assertThat(BatchRequestParser.originForm("http://host")).isEqualTo("/");
        assertThat(BatchRequestParser.originForm("http://host?x")).isEqualTo("/?x");
    }

    private static String part(String request) {
        return "Content-Type: application/http\nContent-Transfer-Encoding: binary\n\n" + request + "\n";
    }

    private static final String INSERT = "POST /devstoreaccount1/t HTTP/1.1\nContent-Type: application/json\n\n"
            + "{\"PartitionKey\":\"p\",\"RowKey\":\"r\"}";

    /** Blanks around the request line, and runs of them between its words, are not part of any word. */
    @Test
    void aRequestLineSplitsOnRunsOfBlanks() {
        String body = "--b\nContent-Type: multipart/mixed; boundary=c\n\n--c\n"
                + part(" \t POST \t /devstoreaccount1/t?$format=json  HTTP/1.1\t \nContent-Type: application/json\n\n"
                        + "{\"PartitionKey\":\"p\",\"RowKey\":\"r\"}")
                + "--c--\n--b--";
        BatchOperationRequest insert = changeSet("multipart/mixed; boundary=b", body).get(0);
        assertThat(insert.method()).isEqualTo("POST");
        assertThat(insert.rawPath()).isEqualTo("/devstoreaccount1/t");
        assertThat(insert.rawQuery()).isEqualTo("$format=json");
        assertThat(body(insert)).isEqualTo("{\"PartitionKey\":\"p\",\"RowKey\":\"r\"}");
    }

    @Test
    void malformedBodiesAreTopLevelInvalidInput() {
        String type = "multipart/mixed; boundary=b";
        String changeSetHeader = "--b\nContent-Type: multipart/mixed; boundary=c\n\n";
        refused(null, "--b\n");
        refused("application/json", "{}");
        refused(type, "{\"PartitionKey\":\"p\"}");
        refused(type, "--b\n\n--b--");                                          // a part that holds no request
        refused(type, changeSetHeader + "--c--\n--b--");                        // an empty change set
        refused(type, changeSetHeader + "--c\n" + part(INSERT) + "--c--\n"      // two change sets
                + changeSetHeader + "--c\n" + part(INSERT) + "--c--\n--b--");
        refused(type, changeSetHeader + "--c\nContent-Type: multipart/mixed; boundary=d\n\n--d\n"
                + part(INSERT) + "--d--\n--c--\n--b--");                        // a nested change set
        refused(type, "--b\n" + part(INSERT) + "--b--");                        // a write outside a change set
        refused(type, "--b\n" + part("GET /devstoreaccount1/t() HTTP/1.1") + "--b--");  // a query
        refused(type, changeSetHeader + "--c\n" + part("POST") + "--c--\n--b--");      // no target
        refused(type, changeSetHeader + "--c\n" + part("POST /x FTP/1.0") + "--c--\n--b--");
        refused(type, changeSetHeader + "--c\nContent-Type: text/plain\n\n" + INSERT + "\n--c--\n--b--");
        refused(type, changeSetHeader + "--c\n" + part("DELETE /devstoreaccount1/t(PartitionKey='p',RowKey='r') "
                + "HTTP/1.1\nIf-Match *") + "--c--\n--b--");                   // a header without colon
    }

    @Test
    void aChangeSetReadsAtMostOneOperationMoreThanAllowed() {
        StringBuilder body = new StringBuilder("--b\nContent-Type: multipart/mixed; boundary=c\n\n");
        for (int i = 0; i < 1000; i++) {
            body.append("--c\n").append(part(INSERT));
        }
        body.append("--c--\n--b--\n");
        assertThat(changeSet("multipart/mixed; boundary=b", body.toString())).hasSize(101);
    }
}
