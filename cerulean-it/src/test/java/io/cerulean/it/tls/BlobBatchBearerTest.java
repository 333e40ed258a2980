package io.cerulean.it.tls;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.credential.TokenCredential;
import com.azure.core.http.rest.Response;
import com.azure.core.util.BinaryData;
import com.azure.core.util.Context;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import com.azure.storage.blob.batch.BlobBatch;
import com.azure.storage.blob.batch.BlobBatchClient;
import com.azure.storage.blob.batch.BlobBatchClientBuilder;
import com.azure.storage.blob.models.BlobItem;
import com.azure.storage.blob.models.BlobStorageException;
import com.azure.storage.common.policy.RequestRetryOptions;
import com.azure.storage.common.policy.RetryPolicyType;
import io.cerulean.app.Cerulean;
import io.cerulean.http.oauth.OAuthConfig;
import io.cerulean.it.support.TlsClients;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Blob Batch with bearer tokens (blobs named by URL: on a path-style endpoint the SDK's
 * container-and-name overloads send a path without the account): each sub-request carries the token in its own Authorization header
 * and is authorised by that token's Blob data roles, as if it came alone. A Contributor's deletes
 * run; a Reader's batch is answered 202 and each of its deletes is refused in its own part.
 */
class BlobBatchBearerTest {
    private static final String CONTRIBUTOR = "c0a1b2c3-0000-4000-8000-00000000b001";
    private static final String READER = "c0a1b2c3-0000-4000-8000-00000000b002";
    private static final TestTokenService TOKENS = new TestTokenService();

    @TempDir
    static Path dir;
    private static Cerulean server;

    @BeforeAll
    static void start() throws IOException {
        Path jwks = Files.writeString(dir.resolve("jwks.json"), TOKENS.jwks(), StandardCharsets.UTF_8);
        Path roles = Files.writeString(dir.resolve("roles.txt"), CONTRIBUTOR + " Storage Blob Data Contributor\n"
                + READER + " Storage Blob Data Reader\n", StandardCharsets.UTF_8);
        server = Cerulean.builder().inMemory().port(0).tls()
                .oauth(OAuthConfig.jwks(jwks.toString()).withIssuer(EntraTokens.ISSUER).withRoles(roles)).start();
    }

    @AfterAll
    static void stop() {
        server.close();
        TOKENS.close();
    }

    private static BlobServiceClient service(TokenCredential credential) {
        return new BlobServiceClientBuilder().endpoint(server.secureEndpoint(Cerulean.Service.BLOB, "devstoreaccount1"))
                .credential(credential).httpClient(TlsClients.sdkHttpClient(server.certificateFile().orElseThrow()))
                .retryOptions(new RequestRetryOptions(RetryPolicyType.FIXED, 1, (Integer) null, null, null, null))
                .buildClient();
    }

    private static BlobServiceClient as(String principal) {
        return service(EntraTokens.credential(TOKENS.rs256(TestTokenService.RSA_KID,
                EntraTokens.claimsFor(principal))));
    }

    private static BlobContainerClient containerWith(String name, String... blobs) {
        BlobContainerClient container = as(CONTRIBUTOR).createBlobContainer(name);
        for (String blob : blobs) {
            container.getBlobClient(blob).upload(BinaryData.fromString(blob));
        }
        return container;
    }

    private static List<String> names(BlobContainerClient container) {
        return container.listBlobs().stream().map(BlobItem::getName).sorted().toList();
    }

    private static String outcome(Response<Void> answer) {
        try {
            return answer.getStatusCode() + " -";
        } catch (BlobStorageException e) {
            return e.getStatusCode() + " " + e.getErrorCode();
        }
    }

    private static List<String> deleteInOneBatch(BlobServiceClient client, BlobContainerClient container,
                                                 String... blobs) {
        BlobBatchClient batchClient = new BlobBatchClientBuilder(client).buildClient();
        BlobBatch batch = batchClient.getBlobBatch();
        List<Response<Void>> answers = Stream.of(blobs)
                .map(blob -> batch.deleteBlob(container.getBlobClient(blob).getBlobUrl())).toList();
        assertThat(batchClient.submitBatchWithResponse(batch, false, null, Context.NONE).getStatusCode())
                .isEqualTo(202);
        return answers.stream().map(BlobBatchBearerTest::outcome).toList();
    }

    @Test
    void aContributorsTokenDeletesEachBlob() {
        BlobContainerClient container = containerWith("bearerbatch", "a", "b", "c");

        assertThat(deleteInOneBatch(as(CONTRIBUTOR), container, "a", "b", "nothing"))
                .containsExactly("202 -", "202 -", "404 BlobNotFound");
        assertThat(names(container)).containsExactly("c");
    }

    @Test
    void aReadersTokenIsRefusedInEachPartAndDeletesNothing() {
        BlobContainerClient container = containerWith("bearerreader", "a", "b");

        assertThat(deleteInOneBatch(as(READER), container, "a", "b"))
                .containsExactly("403 AuthorizationPermissionMismatch", "403 AuthorizationPermissionMismatch");
        assertThat(names(container)).containsExactly("a", "b");
    }
}
