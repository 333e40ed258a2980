package io.cerulean.it.blob;

import static io.cerulean.it.blob.BlobErrors.assertBlobError;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.http.HttpHeaderName;
import com.azure.core.http.rest.Response;
import com.azure.core.util.BinaryData;
import com.azure.core.util.Context;
import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.models.AppendBlobRequestConditions;
import com.azure.storage.blob.models.BlobItem;
import com.azure.storage.blob.options.AppendBlobSealOptions;
import com.azure.storage.blob.specialized.AppendBlobClient;
import com.azure.storage.blob.specialized.BlobLeaseClientBuilder;
import io.cerulean.it.EachStore;
import io.cerulean.it.ServerFixture;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * Seal Append Blob through the Java SDK: a sealed append blob takes no more blocks (409
 * BlobIsSealed) and says so in its properties, listings and snapshots; the seal's conditions, and
 * what it refuses.
 */
class SealAppendBlobTest {
    private static final BlobServers SERVERS = new BlobServers();

    @AfterAll
    static void stop() {
        SERVERS.close();
    }

    private static void append(AppendBlobClient blob, String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        blob.appendBlock(new ByteArrayInputStream(bytes), bytes.length);
    }

    private static AppendBlobClient log(BlobContainerClient container, String name, String text) {
        AppendBlobClient blob = container.getBlobClient(name).getAppendBlobClient();
        blob.create();
        append(blob, text);
        return blob;
    }

    @ParameterizedTest
    @EachStore
    void aSealedAppendBlobTakesNoMoreBlocksAndSaysItIsSealed(ServerFixture store) {
        BlobContainerClient container = SERVERS.newContainer(store, "seal");
        AppendBlobClient blob = log(container, "log.txt", "first\n");
        String before = blob.getProperties().getETag();

        Response<Void> sealed = blob.sealWithResponse(new AppendBlobSealOptions()
                .setRequestConditions(new AppendBlobRequestConditions().setAppendPosition(6L)), null, Context.NONE);

        assertThat(sealed.getStatusCode()).isEqualTo(200);
        assertThat(sealed.getHeaders().getValue(HttpHeaderName.fromString("x-ms-blob-sealed"))).isEqualTo("true");
        assertThat(sealed.getHeaders().getValue(HttpHeaderName.ETAG)).isNotEqualTo(before);
        assertBlobError(() -> append(blob, "second\n"), 409, "BlobIsSealed");
        assertThat(blob.getProperties().isSealed()).isTrue();
        assertThat(container.getBlobClient("log.txt").downloadContent().toString()).isEqualTo("first\n");
        BlobItem item = container.listBlobs().stream().filter(b -> b.getName().equals("log.txt")).findFirst()
                .orElseThrow();
        assertThat(item.getProperties().isSealed()).isTrue();
        assertThat(blob.createSnapshot().getProperties().isSealed()).as("a snapshot is sealed too").isTrue();
        blob.seal();
        assertThat(blob.getProperties().isSealed()).as("sealed again").isTrue();
    }

    @ParameterizedTest
    @EachStore
    void createAgainMakesAnUnsealedBlob(ServerFixture store) {
        BlobContainerClient container = SERVERS.newContainer(store, "reseal");
        AppendBlobClient blob = log(container, "log.txt", "old\n");
        blob.seal();

        blob.create(true);
        append(blob, "new\n");

        assertThat(blob.getProperties().isSealed()).as("an append blob says it is not sealed").isFalse();
        assertThat(container.getBlobClient("log.txt").downloadWithResponse(new java.io.ByteArrayOutputStream(), null,
                null, null, false, null, com.azure.core.util.Context.NONE).getDeserializedHeaders().isSealed())
                .as("Get Blob says it too").isFalse();
        assertThat(container.getBlobClient("log.txt").downloadContent().toString()).isEqualTo("new\n");
    }

    @ParameterizedTest
    @EachStore
    void theSealsConditionsAreHeldAndOnlyAnAppendBlobIsSealed(ServerFixture store) {
        BlobContainerClient container = SERVERS.newContainer(store, "sealno");
        AppendBlobClient blob = log(container, "log.txt", "12345");
        BlobClient block = container.getBlobClient("doc.txt");
        block.upload(BinaryData.fromString("block"));
        BlobClient leasedClient = container.getBlobClient("leased.log");
        AppendBlobClient leased = log(container, "leased.log", "x");
        new BlobLeaseClientBuilder().blobClient(leasedClient).buildClient().acquireLease(-1);

        assertBlobError(() -> blob.sealWithResponse(new AppendBlobSealOptions().setRequestConditions(
                new AppendBlobRequestConditions().setAppendPosition(4L)), null, Context.NONE), 412,
                "AppendPositionConditionNotMet");
        assertBlobError(() -> blob.sealWithResponse(new AppendBlobSealOptions().setRequestConditions(
                new AppendBlobRequestConditions().setIfMatch("\"0x8DE0000000000000\"")), null, Context.NONE), 412,
                "ConditionNotMet");
        assertBlobError(() -> block.getAppendBlobClient().seal(), 409, "InvalidBlobType");
        assertBlobError(() -> container.getBlobClient("none").getAppendBlobClient().seal(), 404, "BlobNotFound");
        assertBlobError(leased::seal, 412, "LeaseIdMissing");
        assertThat(blob.getProperties().isSealed()).isNotEqualTo(Boolean.TRUE);
        append(blob, "6");
        assertThat(container.getBlobClient("log.txt").downloadContent().toString()).isEqualTo("123456");
    }
}
