package io.cerulean.it.blob;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.http.HttpHeaderName;
import com.azure.core.http.HttpMethod;
import com.azure.core.http.HttpRequest;
import com.azure.core.http.HttpResponse;
import com.azure.core.util.BinaryData;
import com.azure.core.util.Context;
import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.common.sas.AccountSasPermission;
import com.azure.storage.common.sas.AccountSasResourceType;
import com.azure.storage.common.sas.AccountSasService;
import com.azure.storage.common.sas.AccountSasSignatureValues;
import io.cerulean.it.ServerFixture;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * The headers of a Blob Batch request itself. Its Content-Type is required ("Blob Batch": it must be
 * {@code multipart/mixed} with the batch's boundary): a batch that sends none is refused as a
 * request, 400 MissingRequiredHeader naming it, and none of its parts is read or run.
 */
class BlobBatchHeadersTest {
    private static final ServerFixture STORE = ServerFixture.chosenOr(ServerFixture.IN_MEMORY);
    private static final BlobServers SERVERS = new BlobServers();
    private static final String BOUNDARY = "batch_5e0c2a71";

    @AfterAll
    static void stop() {
        SERVERS.close();
    }

    @Test
    void aBatchWithoutAContentTypeIsMissingRequiredHeaderAndRunsNothing() {
        BlobContainerClient container = SERVERS.newContainer(STORE, "batchtype");
        BlobClient blob = container.getBlobClient("a");
        blob.upload(BinaryData.fromString("a"));
        String sas = SERVERS.service(STORE).generateAccountSas(new AccountSasSignatureValues(
                OffsetDateTime.now().plusHours(1), AccountSasPermission.parse("d"), AccountSasService.parse("b"),
                AccountSasResourceType.parse("o")));
        String body = "--" + BOUNDARY + "\r\nContent-Type: application/http\r\nContent-Transfer-Encoding: binary\r\n"
                + "Content-ID: 0\r\n\r\nDELETE /" + BlobServers.ACCOUNT + "/" + container.getBlobContainerName()
                + "/a?" + sas + " HTTP/1.1\r\nContent-Length: 0\r\n\r\n\r\n--" + BOUNDARY + "--\r\n";
        HttpRequest request = new HttpRequest(HttpMethod.POST, SERVERS.endpoint(STORE) + "?comp=batch")
                .setBody(body.getBytes(StandardCharsets.UTF_8))
                .setHeader(HttpHeaderName.fromString("x-ms-version"), "2025-01-05");

        try (HttpResponse response = SERVERS.service(STORE).getHttpPipeline().sendSync(request, Context.NONE)) {
            assertThat(response.getStatusCode()).isEqualTo(400);
            assertThat(response.getHeaderValue(HttpHeaderName.fromString("x-ms-error-code")))
                    .isEqualTo("MissingRequiredHeader");
            assertThat(response.getBodyAsBinaryData().toString())
                    .contains("<HeaderName>Content-Type</HeaderName>");
        }
        assertThat(blob.exists()).as("the part did not run").isTrue();
    }
}
