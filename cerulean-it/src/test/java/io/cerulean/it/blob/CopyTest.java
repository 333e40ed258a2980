package io.cerulean.it.blob;

import static io.cerulean.it.blob.BlobErrors.assertBlobError;
import static io.cerulean.it.blob.BlobErrors.assertBlobStatus;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.http.HttpHeaderName;
import com.azure.core.http.HttpMethod;
import com.azure.core.http.HttpResponse;
import com.azure.core.http.rest.Response;
import com.azure.core.util.BinaryData;
import com.azure.core.util.Context;
import com.azure.core.util.polling.PollResponse;
import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.models.BlobBeginCopySourceRequestConditions;
import com.azure.storage.blob.models.BlobCopyInfo;
import com.azure.storage.blob.models.BlobHttpHeaders;
import com.azure.storage.blob.models.BlobProperties;
import com.azure.storage.blob.models.BlobRequestConditions;
import com.azure.storage.blob.models.BlobStorageException;
import com.azure.storage.blob.models.CopyStatusType;
import com.azure.storage.blob.options.BlobBeginCopyOptions;
import com.azure.storage.blob.options.BlobCopyFromUrlOptions;
import com.azure.storage.blob.options.BlobParallelUploadOptions;
import com.azure.storage.blob.sas.BlobSasPermission;
import com.azure.storage.blob.sas.BlobServiceSasSignatureValues;
import io.cerulean.it.EachStore;
import io.cerulean.it.ServerFixture;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * Copy Blob within the account ({@code beginCopy}, which the service may finish at once) and Copy Blob
 * From URL ({@code copyFromUrl}, synchronous, the source read through a SAS): contents, properties and
 * metadata carried over, the copy's record on the destination, and the conditions on either side.
 */
class CopyTest {
    private static final BlobServers SERVERS = new BlobServers();
    private static final Duration POLL = Duration.ofMillis(50);

    @AfterAll
    static void stop() {
        SERVERS.close();
    }

    private static BlobClient source(BlobContainerClient container) {
        BlobClient source = container.getBlobClient("source.txt");
        source.uploadWithResponse(new BlobParallelUploadOptions(BinaryData.fromString("copied contents"))
                .setHeaders(new BlobHttpHeaders().setContentType("text/plain").setContentLanguage("en"))
                .setMetadata(Map.of("Origin", "source")), null, Context.NONE);
        return source;
    }

    @ParameterizedTest
    @EachStore
    void aCopyWithinTheAccountCarriesContentsPropertiesAndMetadata(ServerFixture store) {
        BlobContainerClient container = SERVERS.newContainer(store, "copy");
        BlobClient source = source(container);
        BlobClient target = container.getBlobClient("dir/target.txt");

        PollResponse<BlobCopyInfo> done = target.beginCopy(source.getBlobUrl(), POLL).waitForCompletion();

        assertThat(done.getValue().getCopyStatus()).isEqualTo(CopyStatusType.SUCCESS);
        assertThat(target.downloadContent().toString()).isEqualTo("copied contents");
        BlobProperties properties = target.getProperties();
        assertThat(properties.getContentType()).isEqualTo("text/plain");
        assertThat(properties.getContentLanguage()).isEqualTo("en");
        assertThat(properties.getMetadata()).containsExactlyEntriesOf(Map.of("Origin", "source"));
        assertThat(properties.getCopyStatus()).isEqualTo(CopyStatusType.SUCCESS);
        assertThat(properties.getCopyId()).isEqualTo(done.getValue().getCopyId()).isNotBlank();
        assertThat(properties.getCopySource()).isEqualTo(source.getBlobUrl());
        assertThat(properties.getCopyProgress()).isEqualTo("15/15");
        assertThat(source.getProperties().getCopyId()).as("the source has no copy record").isNull();
    }

    @ParameterizedTest
    @EachStore
    void metadataSentWithTheCopyReplacesTheSourcesAndTheTargetIsReplacedWhole(ServerFixture store) {
        BlobContainerClient container = SERVERS.newContainer(store, "copymeta");
        BlobClient source = source(container);
        BlobClient target = container.getBlobClient("target.txt");
        target.uploadWithResponse(new BlobParallelUploadOptions(BinaryData.fromString("old target, longer"))
                .setMetadata(Map.of("Old", "yes")), null, Context.NONE);

        target.beginCopy(new BlobBeginCopyOptions(source.getBlobUrl()).setMetadata(Map.of("Copied", "yes"))
                .setPollInterval(POLL)).waitForCompletion();

        assertThat(target.downloadContent().toString()).isEqualTo("copied contents");
        assertThat(target.getProperties().getMetadata()).containsExactlyEntriesOf(Map.of("Copied", "yes"));
        assertThat(source.getProperties().getMetadata()).containsExactlyEntriesOf(Map.of("Origin", "source"));
    }

    @ParameterizedTest
    @EachStore
    void aSynchronousCopyFromAUrlWithASas(ServerFixture store) {
        BlobContainerClient container = SERVERS.newContainer(store, "copysync");
        BlobClient source = source(container);
        String sas = source.generateSas(new BlobServiceSasSignatureValues(OffsetDateTime.now().plusHours(1),
                new BlobSasPermission().setReadPermission(true)));
        BlobClient target = SERVERS.newContainer(store, "copysyncto").getBlobClient("target.txt");

        Response<String> copied = target.copyFromUrlWithResponse(
                new BlobCopyFromUrlOptions(source.getBlobUrl() + "?" + sas), null, Context.NONE);

        assertThat(copied.getStatusCode()).isEqualTo(202);
        assertThat(copied.getValue()).as("copy id").isNotBlank();
        assertThat(copied.getHeaders().getValue("x-ms-copy-status")).isEqualTo("success");
        assertThat(copied.getHeaders().getValue("Content-MD5")).as("no MD5 when none was sent to check").isNull();
        String sourceMd5 = java.util.Base64.getEncoder().encodeToString(source.getProperties().getContentMd5());
        HttpResponse checked = SignedRequests.send(SERVERS.service(store), HttpMethod.PUT, target.getBlobUrl(),
                "x-ms-copy-source", source.getBlobUrl() + "?" + sas, "x-ms-requires-sync", "true",
                "x-ms-source-content-md5", sourceMd5);
        assertThat(checked.getStatusCode()).isEqualTo(202);
        assertThat(checked.getHeaderValue(HttpHeaderName.CONTENT_MD5)).as("the MD5 the source was checked against")
                .isEqualTo(sourceMd5);
        assertThat(target.downloadContent().toString()).isEqualTo("copied contents");
        assertThat(target.getProperties().getMetadata()).containsExactlyEntriesOf(Map.of("Origin", "source"));
    }

    /**
     * 404 whatever the code: the contract expects Azure's CannotVerifyCopySource there (unverified)
     * and saw Azurite answer BlobNotFound.
     */
    @ParameterizedTest
    @EachStore
    void copyingAMissingSourceIsNotFoundAndCreatesNothing(ServerFixture store) {
        BlobContainerClient container = SERVERS.newContainer(store, "copymiss");
        BlobClient target = container.getBlobClient("target.txt");

        assertBlobStatus(() -> target.beginCopy(container.getBlobClient("missing.txt").getBlobUrl(), POLL)
                .waitForCompletion(), 404);

        assertThat(target.exists()).isFalse();
    }

    /**
     * The SDK checks that a copy source is a URL, so these requests go through its pipeline: Copy
     * Blob (asynchronous and synchronous), Put Blob From URL and Put Block From URL all answer a
     * source that is not an absolute URL as Azure does.
     */
    @ParameterizedTest
    @EachStore
    void aCopySourceThatIsNotAUrlIsInvalidHeaderValue(ServerFixture store) {
        BlobContainerClient container = SERVERS.newContainer(store, "copyurl");
        BlobClient target = container.getBlobClient("target.txt");
        container.getBlobClient("abc").upload(BinaryData.fromString("a blob named like the source"));

        for (String source : List.of("abc", "/relative", "/" + BlobServers.ACCOUNT + "/missing-container/blob",
                "/" + BlobServers.ACCOUNT + "/" + container.getBlobContainerName() + "/abc")) {
            List<String[]> requests = List.of(new String[] {target.getBlobUrl()},
                    new String[] {target.getBlobUrl(), "x-ms-requires-sync", "true"},
                    new String[] {target.getBlobUrl(), "x-ms-blob-type", "BlockBlob"},
                    new String[] {target.getBlobUrl() + "?comp=block&blockid=YWJj"});
            for (String[] request : requests) {
                String[] headers = new String[request.length + 1];
                headers[0] = "x-ms-copy-source";
                headers[1] = source;
                System.arraycopy(request, 1, headers, 2, request.length - 1);
                assertThat(SignedRequests.errorOf(SignedRequests.send(SERVERS.service(store), HttpMethod.PUT,
                        request[0], headers))).as("%s with %s", String.join(" ", request), source)
                        .isEqualTo("400 InvalidHeaderValue");
            }
        }
        assertThat(target.exists()).isFalse();
    }

    /** Azurite fails this test: it answers 412 ConditionNotMet where Azure answers 412 SourceConditionNotMet. */
    @ParameterizedTest
    @EachStore
    void sourceConditionsThatFailAreSourceConditionNotMet(ServerFixture store) {
        BlobContainerClient container = SERVERS.newContainer(store, "copysrc");
        BlobClient source = source(container);
        BlobClient target = container.getBlobClient("target.txt");

        assertBlobError(() -> target.beginCopy(new BlobBeginCopyOptions(source.getBlobUrl()).setPollInterval(POLL)
                .setSourceRequestConditions(new BlobBeginCopySourceRequestConditions()
                        .setIfMatch("\"0x8D000000000000\""))).waitForCompletion(), 412, "SourceConditionNotMet");
        assertThat(target.exists()).isFalse();
    }

    /**
     * 412, with the code the contract gives in two places differently: TargetConditionNotMet in its
     * Copy Blob section, ConditionNotMet in its table of conditional headers.
     */
    @ParameterizedTest
    @EachStore
    void targetConditionsThatFailAre412AndKeepTheTarget(ServerFixture store) {
        BlobContainerClient container = SERVERS.newContainer(store, "copydst");
        BlobClient source = source(container);
        BlobClient target = container.getBlobClient("target.txt");
        target.upload(BinaryData.fromString("target"));

        BlobStorageException e = assertBlobStatus(() -> target.beginCopy(new BlobBeginCopyOptions(source.getBlobUrl())
                .setPollInterval(POLL).setDestinationRequestConditions(new BlobRequestConditions()
                        .setIfMatch("\"0x8D000000000000\""))).waitForCompletion(), 412);

        assertThat(e.getErrorCode().toString()).isIn("TargetConditionNotMet", "ConditionNotMet");
        assertThat(target.downloadContent().toString()).isEqualTo("target");
    }
}
