package io.cerulean.it.blob;

import static io.cerulean.it.blob.BlobErrors.assertBlobError;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.http.HttpAuthorization;
import com.azure.core.util.BinaryData;
import com.azure.core.util.Context;
import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import com.azure.storage.blob.options.BlobCopyFromUrlOptions;
import com.azure.storage.common.StorageSharedKeyCredential;
import io.cerulean.app.Cerulean;
import io.cerulean.http.auth.Account;
import io.cerulean.http.oauth.OAuthConfig;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code x-ms-copy-source-authorization}: a bearer token for the source, which the copy presents as a
 * read of it would, on this server's HTTPS URL of another account's private blob. The server takes
 * any well-formed token ({@code --oauth-insecure-accept-any}), so what is shown is that the token,
 * not the caller's key, is what authorises the source.
 */
class CopySourceTokenTest {
    private static Cerulean cerulean;

    @BeforeAll
    static void start() {
        cerulean = Cerulean.builder().inMemory().port(0).tls().oauth(OAuthConfig.insecureAcceptingAnyToken())
                .account(Account.of(CopyServers.OTHER, CopyServers.OTHER_KEY)).start();
    }

    @AfterAll
    static void stop() {
        cerulean.close();
    }

    private static String token() {
        long now = Instant.now().getEpochSecond();
        String claims = "{\"aud\":\"https://storage.azure.com\",\"iss\":\"https://sts.windows.net/t/\",\"iat\":"
                + (now - 300) + ",\"nbf\":" + (now - 300) + ",\"exp\":" + (now + 3600) + ",\"oid\":\"o\"}";
        Base64.Encoder url = Base64.getUrlEncoder().withoutPadding();
        return url.encodeToString("{\"typ\":\"JWT\",\"alg\":\"RS256\"}".getBytes(StandardCharsets.UTF_8)) + "."
                + url.encodeToString(claims.getBytes(StandardCharsets.UTF_8)) + "."
                + url.encodeToString("unsigned".getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void aBearerTokenForTheSourceAuthorisesASynchronousCopy() {
        BlobClient source = new BlobServiceClientBuilder().endpoint(cerulean.blobEndpoint(CopyServers.OTHER))
                .credential(new StorageSharedKeyCredential(CopyServers.OTHER, CopyServers.OTHER_KEY))
                .retryOptions(BlobServers.oneTry()).buildClient()
                .createBlobContainer(BlobServers.uniqueName("tok")).getBlobClient("private.txt");
        source.upload(BinaryData.fromString("read with a token"));
        String httpsUrl = "https://127.0.0.1:" + cerulean.blobPort() + "/" + CopyServers.OTHER + "/"
                + source.getContainerName() + "/private.txt";
        BlobClient target = new BlobServiceClientBuilder().connectionString(cerulean.connectionString())
                .retryOptions(BlobServers.oneTry()).buildClient().createBlobContainer(BlobServers.uniqueName("dst"))
                .getBlobClient("copied.txt");

        assertBlobError(() -> target.copyFromUrl(httpsUrl), 404, "CannotVerifyCopySource");
        target.copyFromUrlWithResponse(new BlobCopyFromUrlOptions(httpsUrl)
                .setSourceAuthorization(new HttpAuthorization("Bearer", token())), null, Context.NONE);

        assertThat(target.downloadContent().toString()).isEqualTo("read with a token");
    }
}
