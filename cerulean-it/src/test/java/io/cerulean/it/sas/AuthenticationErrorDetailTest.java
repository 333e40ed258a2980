package io.cerulean.it.sas;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.azure.core.util.BinaryData;
import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.BlobClientBuilder;
import com.azure.storage.blob.BlobServiceClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import com.azure.storage.blob.models.BlobStorageException;
import com.azure.storage.blob.sas.BlobSasPermission;
import com.azure.storage.blob.sas.BlobServiceSasSignatureValues;
import com.azure.storage.common.StorageSharedKeyCredential;
import com.azure.storage.common.policy.RequestRetryOptions;
import com.azure.storage.common.policy.RetryPolicyType;
import com.azure.storage.queue.QueueServiceClient;
import com.azure.storage.queue.QueueServiceClientBuilder;
import com.azure.storage.queue.models.QueueStorageException;
import io.cerulean.it.ServerFixture;
import io.cerulean.it.support.RawResponse;
import io.cerulean.it.support.SignedHttp;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Base64;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * Why a credential was refused, as the service says it: 403 AuthenticationFailed with the service's
 * message in {@code <Message>} and the reason in an {@code <AuthenticationErrorDetail>} element of
 * its own after it (the Blob and Queue services' XML), in the service's words, which name the string
 * to sign the server used, so a client can compare it with its own. One store: nothing here is
 * stored.
 */
class AuthenticationErrorDetailTest {
    private static final ServerFixture STORE = ServerFixture.chosenOr(ServerFixture.IN_MEMORY);
    private static final ServerFixture.RunningServer SERVER = STORE.start();
    private static final String MESSAGE = "Server failed to authenticate the request. Make sure the value of "
            + "Authorization header is formed correctly including the signature.";
    private static final Pattern ERROR = Pattern.compile(
            "<Error><Code>AuthenticationFailed</Code><Message>([^<]*)</Message>"
                    + "<AuthenticationErrorDetail>([^<]*)</AuthenticationErrorDetail></Error>");
    private static final DateTimeFormatter HTTP_DATE =
            DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.US);
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @AfterAll
    static void stop() {
        SERVER.close();
    }

    private static RequestRetryOptions oneTry() {
        return new RequestRetryOptions(RetryPolicyType.FIXED, 1, (Integer) null, null, null, null);
    }

    private static BlobServiceClient service() {
        return new BlobServiceClientBuilder().connectionString(SERVER.connectionString()).retryOptions(oneTry())
                .buildClient();
    }

    private static BlobClient blob(String container) {
        BlobClient blob = service().createBlobContainer(container).getBlobClient("file.txt");
        blob.upload(BinaryData.fromString("contents"));
        return blob;
    }

    /** The message and the detail of an AuthenticationFailed body, which must have nothing else. */
    private static String[] messageAndDetail(String body) {
        Matcher m = ERROR.matcher(body);
        assertThat(m.find()).as("an AuthenticationFailed error with its detail: %s", body).isTrue();
        return new String[] {m.group(1), m.group(2).replace("&quot;", "\"")};
    }

    private static String[] refusedGet(String url) throws Exception {
        HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(URI.create(url))
                .header("x-ms-version", "2025-01-05").GET().build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(403);
        assertThat(response.headers().firstValue("x-ms-error-code")).hasValue("AuthenticationFailed");
        return messageAndDetail(response.body());
    }

    @Test
    void aSharedKeySignatureThatDoesNotHoldNamesTheStringToSignTheServerUsed() {
        BlobClient blob = blob("detailkey");
        String wrongKey = Base64.getEncoder().encodeToString("not the account's key".getBytes());
        BlobServiceClient wrong = new BlobServiceClientBuilder().endpoint(SERVER.cerulean().blobEndpoint("devstoreaccount1"))
                .credential(new StorageSharedKeyCredential("devstoreaccount1", wrongKey)).retryOptions(oneTry())
                .buildClient();

        BlobStorageException e = catchThrowableOfType(BlobStorageException.class, () -> wrong
                .getBlobContainerClient(blob.getContainerName()).getBlobClient("file.txt").downloadContent());

        assertThat(e.getStatusCode()).isEqualTo(403);
        assertThat(e.getErrorCode().toString()).isEqualTo("AuthenticationFailed");
        // The SDK's message quotes the body, in which the user reads both.
        String[] refused = messageAndDetail(e.getMessage());
        assertThat(refused[0]).as("the message alone, the detail apart").startsWith(MESSAGE + "\nRequestId:");
        assertThat(refused[1]).matches("The MAC signature found in the HTTP request '[A-Za-z0-9+/=]{44}' is not the "
                + "same as any computed signature. Server used following string to sign: 'GET\n(.|\n)*\n"
                + "/devstoreaccount1/devstoreaccount1/" + blob.getContainerName() + "/file.txt'.");
    }

    @Test
    void aSasWhoseSignatureDoesNotHoldNamesTheStringToSign() throws Exception {
        BlobClient blob = blob("detailsas");
        String sas = blob.generateSas(new BlobServiceSasSignatureValues(OffsetDateTime.now().plusHours(1),
                new BlobSasPermission().setReadPermission(true)));

        String[] refused = refusedGet(blob.getBlobUrl() + "?" + sas.replace("sp=r&", "sp=rw&"));

        assertThat(refused[0]).startsWith(MESSAGE + "\nRequestId:");
        assertThat(refused[1]).startsWith("Signature did not match. String to sign used was rw\n")
                .contains("\n/blob/devstoreaccount1/" + blob.getContainerName() + "/file.txt\n");
    }

    @Test
    void aSasOutOfItsTimeFrameSaysWhichTimesTheServerCompared() throws Exception {
        BlobClient blob = blob("detailtime");
        OffsetDateTime start = OffsetDateTime.now(ZoneOffset.UTC).minusHours(2).withNano(0);
        OffsetDateTime expiry = start.plusHours(1);
        String expired = blob.generateSas(new BlobServiceSasSignatureValues(expiry,
                new BlobSasPermission().setReadPermission(true)).setStartTime(start));
        String backwards = blob.generateSas(new BlobServiceSasSignatureValues(start,
                new BlobSasPermission().setReadPermission(true)).setStartTime(expiry));
        String noStart = blob.generateSas(new BlobServiceSasSignatureValues(expiry,
                new BlobSasPermission().setReadPermission(true)));

        assertThat(refusedGet(blob.getBlobUrl() + "?" + expired)[1]).matches(
                "Signature not valid in the specified time frame: Start \\[" + Pattern.quote(HTTP_DATE.format(start))
                        + "] - Expiry \\[" + Pattern.quote(HTTP_DATE.format(expiry))
                        + "] - Current \\[\\w{3}, \\d\\d \\w{3} \\d{4} \\d\\d:\\d\\d:\\d\\d GMT]");
        assertThat(refusedGet(blob.getBlobUrl() + "?" + backwards)[1]).isEqualTo("Signed expiry time ["
                + HTTP_DATE.format(start) + "] must be after signed start time [" + HTTP_DATE.format(expiry) + "]");
        assertThat(refusedGet(blob.getBlobUrl() + "?" + noStart)[1]).as("no start: the start is now")
                .matches("Signed expiry time \\[" + Pattern.quote(HTTP_DATE.format(expiry))
                        + "] must be after signed start time \\[\\w{3}, \\d\\d \\w{3} \\d{4} \\d\\d:\\d\\d:\\d\\d GMT]");
        BlobClient viaSdk = new BlobClientBuilder().endpoint(blob.getBlobUrl()).sasToken(expired).retryOptions(oneTry())
                .buildClient();
        BlobStorageException e = catchThrowableOfType(BlobStorageException.class, viaSdk::downloadContent);
        assertThat(e.getErrorCode().toString()).isEqualTo("AuthenticationFailed");
        assertThat(messageAndDetail(e.getMessage())[1]).startsWith("Signature not valid in the specified time frame");
    }

    @Test
    void theQueueServiceSaysWhyInItsOwnElementToo() {
        String wrongKey = Base64.getEncoder().encodeToString("not the account's key".getBytes());
        QueueServiceClient wrong = new QueueServiceClientBuilder()
                .endpoint(SERVER.cerulean().queueEndpoint("devstoreaccount1"))
                .credential(new StorageSharedKeyCredential("devstoreaccount1", wrongKey))
                .retryOptions(oneTry()).buildClient();

        QueueStorageException e = catchThrowableOfType(QueueStorageException.class,
                () -> wrong.listQueues().stream().count());

        assertThat(e.getStatusCode()).isEqualTo(403);
        String[] refused = messageAndDetail(e.getMessage());
        assertThat(refused[0]).startsWith(MESSAGE + "\nRequestId:");
        assertThat(refused[1]).startsWith("The MAC signature found in the HTTP request '").contains("\ncomp:list");
    }

    /**
     * The JSON error has no place for the detail. Azure's Table service leaves it out; Cerulean
     * keeps it after the message, so that a Table client still learns what to fix.
     */
    @Test
    void theTableServicesJsonErrorKeepsTheDetailAfterTheMessage() {
        RawResponse refused = new SignedHttp(SERVER.cerulean().port(),
                Base64.getEncoder().encodeToString("not the account's key".getBytes())).get("/Tables");

        assertThat(refused.status()).isEqualTo(403);
        assertThat(refused.errorCode()).isEqualTo("AuthenticationFailed");
        assertThat(refused.errorMessage()).matches(Pattern.quote(MESSAGE) + " The MAC signature found in the HTTP "
                + "request '[A-Za-z0-9+/=]+' is not the same as any computed signature\\. Server used following string "
                + "to sign: '[^']*/devstoreaccount1/devstoreaccount1/Tables'\\.\nRequestId:[-0-9a-f]+\nTime:\\S+");
    }
}
