package io.cerulean.it.blob;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.http.HttpHeaderName;
import com.azure.core.http.HttpMethod;
import com.azure.core.http.HttpRequest;
import com.azure.core.http.HttpResponse;
import com.azure.core.util.BinaryData;
import com.azure.core.util.Context;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClient;
import com.azure.storage.blob.models.BlobItem;
import com.azure.storage.common.sas.AccountSasPermission;
import com.azure.storage.common.sas.AccountSasResourceType;
import com.azure.storage.common.sas.AccountSasService;
import com.azure.storage.common.sas.AccountSasSignatureValues;
import io.cerulean.it.ServerFixture;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * Blob Batch bodies the SDKs would not send: sub-requests with credentials of their own (a SAS in
 * each URL), and batches the service refuses as a whole (not multipart, empty, mixed, another kind
 * of operation, the account's secondary, too large). A batch refused as a whole is 202 with one part
 * holding the error, and runs none of its sub-requests.
 */
class BlobBatchWireTest {
    private static final ServerFixture STORE = ServerFixture.chosenOr(ServerFixture.IN_MEMORY);
    private static final BlobServers SERVERS = new BlobServers();
    private static final String BOUNDARY = "batch_9b1e0d3c";
    private static final Pattern STATUS_LINE = Pattern.compile("HTTP/1\\.1 (\\d{3}) ");
    private static final Pattern ERROR_CODE = Pattern.compile("x-ms-error-code: (\\S+)");

    @AfterAll
    static void stop() {
        SERVERS.close();
    }

    private static BlobServiceClient service() {
        return SERVERS.service(STORE);
    }

    private static String sas(String permissions) {
        return service().generateAccountSas(new AccountSasSignatureValues(OffsetDateTime.now().plusHours(1),
                AccountSasPermission.parse(permissions), AccountSasService.parse("b"),
                AccountSasResourceType.parse("o")));
    }

    /** A container holding blobs {@code a}, {@code b} and {@code c}. */
    private static BlobContainerClient container() {
        BlobContainerClient container = SERVERS.newContainer(STORE, "wire");
        for (String name : List.of("a", "b", "c")) {
            container.getBlobClient(name).upload(BinaryData.fromString(name));
        }
        return container;
    }

    private static List<String> names(BlobContainerClient container) {
        return container.listBlobs().stream().map(BlobItem::getName).sorted().toList();
    }

    /** One {@code application/http} part as the SDKs write it, around {@code requestLineAndHeaders}. */
    private static String part(int contentId, String requestLineAndHeaders) {
        return "--" + BOUNDARY + "\r\nContent-Type: application/http\r\nContent-Transfer-Encoding: binary\r\n"
                + "Content-ID: " + contentId + "\r\n\r\n" + requestLineAndHeaders + "\r\n\r\n";
    }

    private static String delete(int contentId, String path, String sas) {
        return part(contentId, "DELETE " + path + "?" + sas + " HTTP/1.1\r\nContent-Length: 0");
    }

    /** The status, headers and body of an answer, read whole before the connection is let go. */
    private record Answer(int status, String contentType, String errorCode, String text) {
    }

    private static Answer post(String query, String contentType, byte[] body) {
        HttpRequest request = new HttpRequest(HttpMethod.POST, SERVERS.endpoint(STORE) + query).setBody(body)
                .setHeader(HttpHeaderName.CONTENT_TYPE, contentType)
                .setHeader(HttpHeaderName.fromString("x-ms-version"), "2025-01-05");
        try (HttpResponse response = service().getHttpPipeline().sendSync(request, Context.NONE)) {
            return new Answer(response.getStatusCode(), response.getHeaderValue(HttpHeaderName.CONTENT_TYPE),
                    response.getHeaderValue(HttpHeaderName.fromString("x-ms-error-code")),
                    response.getBodyAsBinaryData().toString());
        }
    }

    private static Answer post(String body) {
        return post("?comp=batch", "multipart/mixed; boundary=" + BOUNDARY,
                (body + "--" + BOUNDARY + "--\r\n").getBytes(StandardCharsets.UTF_8));
    }

    /** Each part's status and error code, e.g. {@code "404 BlobNotFound"}, {@code "202 -"}, in order. */
    private static List<String> parts(Answer answer) {
        String boundary = answer.contentType().replaceFirst(".*boundary=", "");
        List<String> parts = new ArrayList<>();
        for (String piece : answer.text().split("--" + Pattern.quote(boundary))) {
            Matcher status = STATUS_LINE.matcher(piece);
            if (status.find()) {
                Matcher code = ERROR_CODE.matcher(piece);
                parts.add(status.group(1) + " " + (code.find() ? code.group(1) : "-"));
            }
        }
        return parts;
    }

    private String path(BlobContainerClient container, String blob) {
        return "/" + BlobServers.ACCOUNT + "/" + container.getBlobContainerName() + "/" + blob;
    }

    @Test
    void eachSubRequestIsAuthorisedByItsOwnSasAndTheRefusedOneAnswersInItsPart() {
        BlobContainerClient container = container();
        String deleting = sas("d");
        String reading = sas("r");

        Answer response = post(delete(0, path(container, "a"), deleting) + delete(1, path(container, "b"), reading)
                + delete(2, path(container, "c"), deleting));

        assertThat(response.status()).isEqualTo(202);
        assertThat(response.contentType())
                .startsWith("multipart/mixed; boundary=batchresponse_");
        assertThat(parts(response)).containsExactly("202 -", "403 AuthorizationPermissionMismatch", "202 -");
        assertThat(response.text()).contains("Content-ID: 0\r\n", "Content-ID: 1\r\n", "Content-ID: 2\r\n")
                .contains("x-ms-version: 2025-01-05\r\n").doesNotContain("x-ms-version: 2025-11-05");
        assertThat(names(container)).containsExactly("b");
    }

    @Test
    void aSubRequestWithoutCredentialsIsRefusedInItsPart() {
        BlobContainerClient container = container();

        Answer response = post(part(0, "DELETE " + path(container, "a") + " HTTP/1.1")
                + delete(1, path(container, "b"), sas("d")));

        assertThat(parts(response)).containsExactly("403 AuthenticationFailed", "202 -");
        assertThat(names(container)).containsExactly("a", "c");
    }

    @Test
    void aBodyThatIsNotABatchIsRefusedAsAWhole() {
        Answer noDelimiter = post("?comp=batch", "multipart/mixed; boundary=" + BOUNDARY,
                "DELETE /devstoreaccount1/c/a HTTP/1.1\r\n\r\n".getBytes(StandardCharsets.UTF_8));
        Answer notMultipart = post("?comp=batch", "application/xml",
                "<x/>".getBytes(StandardCharsets.UTF_8));
        Answer notHttp = post("--" + BOUNDARY + "\r\nContent-Type: application/json\r\n\r\n{}\r\n");
        Answer noRequestLine = post("--" + BOUNDARY + "\r\nContent-Type: application/http\r\n\r\n\r\n");

        for (Answer response : List.of(noDelimiter, notMultipart, notHttp, noRequestLine)) {
            assertThat(response.status()).isEqualTo(202);
            assertThat(parts(response)).containsExactly("400 InvalidInput");
            assertThat(response.text()).contains("<Code>InvalidInput</Code>").doesNotContain("Content-ID");
        }
    }

    @Test
    void anEmptyBatchIsRefused() {
        assertThat(parts(post(""))).containsExactly("400 InvalidInput");
    }

    @Test
    void deletesAndTierChangesInOneBatchAreRefusedAndNoneRuns() {
        BlobContainerClient container = container();
        String sas = sas("dw");

        Answer response = post(delete(0, path(container, "a"), sas)
                + part(1, "PUT " + path(container, "b") + "?comp=tier&" + sas + " HTTP/1.1\r\nx-ms-access-tier: Cool"));

        assertThat(parts(response)).containsExactly("400 AllBatchSubRequestsShouldBeSameApi");
        assertThat(names(container)).containsExactly("a", "b", "c");
    }

    @Test
    void anOperationOtherThanDeleteOrSetTierIsRefusedAndNoneRuns() {
        BlobContainerClient container = container();
        String sas = sas("rd");

        Answer response = post(delete(0, path(container, "a"), sas)
                + part(1, "GET " + path(container, "b") + "?" + sas + " HTTP/1.1"));

        assertThat(parts(response)).containsExactly("400 InvalidInput");
        assertThat(names(container)).containsExactly("a", "b", "c");
    }

    /**
     * A path-style sub-request whose path does not start with the batch's account leaves the account
     * out, as the Java SDK's {@code deleteBlob(container, blob)} sends it: another account's name there
     * is a container of the batch's account, as it would be on Azure, and never reaches that account.
     */
    @Test
    void aSubRequestNamingAnotherAccountAddressesAContainerOfTheBatchsAccount() {
        BlobContainerClient container = container();

        Answer response = post(delete(0, path(container, "a"), sas("d"))
                + delete(1, "/otheraccount/" + container.getBlobContainerName() + "/b", sas("d"))
                + delete(2, "/" + container.getBlobContainerName() + "/c", sas("d")));

        assertThat(parts(response)).containsExactly("202 -", "404 ContainerNotFound", "202 -");
        assertThat(names(container)).containsExactly("b");
    }

    @Test
    void aSubRequestForTheAccountsSecondaryIsRefusedAndNoneRuns() {
        BlobContainerClient container = container();

        Answer response = post(delete(0, path(container, "a"), sas("d"))
                + delete(1, "/" + BlobServers.ACCOUNT + "-secondary/" + container.getBlobContainerName() + "/b",
                        sas("d")));

        assertThat(parts(response)).containsExactly("400 InvalidInput");
        assertThat(names(container)).containsExactly("a", "b", "c");
    }

    @Test
    void aContainersBatchRefusesAnotherContainer() {
        BlobContainerClient container = container();
        BlobContainerClient other = container();

        Answer response = post("/" + container.getBlobContainerName() + "?restype=container&comp=batch",
                "multipart/mixed; boundary=" + BOUNDARY, (delete(0, path(container, "a"), sas("d"))
                        + delete(1, path(other, "a"), sas("d")) + "--" + BOUNDARY + "--\r\n")
                        .getBytes(StandardCharsets.UTF_8));

        assertThat(parts(response)).containsExactly("400 InvalidInput");
        assertThat(names(container)).containsExactly("a", "b", "c");
        assertThat(names(other)).containsExactly("a", "b", "c");
    }

    @Test
    void aBodyOver4MiBIsRefused413() {
        byte[] body = new byte[4 * 1024 * 1024 + 1];
        Arrays.fill(body, (byte) ' ');

        Answer response = post("?comp=batch", "multipart/mixed; boundary=" + BOUNDARY, body);

        assertThat(response.status() + " " + response.errorCode()).isEqualTo("413 RequestBodyTooLarge");
    }
}
