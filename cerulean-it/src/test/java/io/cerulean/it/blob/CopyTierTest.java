package io.cerulean.it.blob;

import static io.cerulean.it.blob.BlobErrors.assertBlobError;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.util.BinaryData;
import com.azure.core.util.Context;
import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.models.AccessTier;
import com.azure.storage.blob.options.BlobCopyFromUrlOptions;
import com.azure.storage.blob.options.BlobUploadFromUrlOptions;
import com.azure.storage.blob.sas.BlobSasPermission;
import com.azure.storage.blob.sas.BlobServiceSasSignatureValues;
import io.cerulean.it.EachStore;
import io.cerulean.it.ServerFixture;
import java.time.OffsetDateTime;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * A copy made at once, by Copy Blob From URL or Put Blob From URL, takes the tier its request names
 * ({@code x-ms-access-tier}); without one it is inferred Hot.
 */
class CopyTierTest {
    private static final BlobServers SERVERS = new BlobServers();

    @AfterAll
    static void stop() {
        SERVERS.close();
    }

    private static String sourceUrl(BlobContainerClient container) {
        BlobClient source = container.getBlobClient("source.txt");
        source.upload(BinaryData.fromString("copied contents"));
        String sas = source.generateSas(new BlobServiceSasSignatureValues(OffsetDateTime.now().plusHours(1),
                new BlobSasPermission().setReadPermission(true)));
        return source.getBlobUrl() + "?" + sas;
    }

    @ParameterizedTest
    @EachStore
    void aCopyFromUrlTakesTheTierItNames(ServerFixture store) {
        BlobContainerClient container = SERVERS.newContainer(store, "copytier");
        String source = sourceUrl(container);
        BlobClient cool = container.getBlobClient("cool.txt");
        BlobClient plain = container.getBlobClient("plain.txt");

        cool.copyFromUrlWithResponse(new BlobCopyFromUrlOptions(source).setTier(AccessTier.COOL), null, Context.NONE);
        plain.copyFromUrl(source);

        assertThat(cool.getProperties().getAccessTier()).isEqualTo(AccessTier.COOL);
        assertThat(cool.getProperties().isAccessTierInferred()).isNotEqualTo(Boolean.TRUE);
        assertThat(cool.downloadContent().toString()).isEqualTo("copied contents");
        assertThat(plain.getProperties().getAccessTier()).isEqualTo(AccessTier.HOT);
        assertThat(plain.getProperties().isAccessTierInferred()).isTrue();
    }

    @ParameterizedTest
    @EachStore
    void aBlobPutFromUrlTakesTheTierItNames(ServerFixture store) {
        BlobContainerClient container = SERVERS.newContainer(store, "puttier");
        String source = sourceUrl(container);
        BlobClient cold = container.getBlobClient("cold.txt");

        cold.getBlockBlobClient().uploadFromUrlWithResponse(new BlobUploadFromUrlOptions(source)
                .setTier(AccessTier.COLD), null, Context.NONE);

        assertThat(cold.getProperties().getAccessTier()).isEqualTo(AccessTier.COLD);
        assertThat(cold.downloadContent().toString()).isEqualTo("copied contents");
    }

    @ParameterizedTest
    @EachStore
    void aTierOnACopyOfAnAppendBlobIsRefused(ServerFixture store) {
        BlobContainerClient container = SERVERS.newContainer(store, "appendtier");
        BlobClient source = container.getBlobClient("log");
        source.getAppendBlobClient().create();
        String sas = source.generateSas(new BlobServiceSasSignatureValues(OffsetDateTime.now().plusHours(1),
                new BlobSasPermission().setReadPermission(true)));
        BlobClient target = container.getBlobClient("copy");

        assertBlobError(() -> target.copyFromUrlWithResponse(new BlobCopyFromUrlOptions(source.getBlobUrl() + "?" + sas)
                .setTier(AccessTier.COOL), null, Context.NONE), 400, "InvalidBlobTier");
        assertBlobError(target::getProperties, 404, "BlobNotFound");
    }
}
