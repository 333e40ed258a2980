package io.cerulean.it.blob;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.util.BinaryData;
import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.models.CopyStatusType;
import com.azure.storage.blob.options.BlobBeginCopyOptions;
import io.cerulean.blob.service.CopySettings;
import io.cerulean.it.EachStore;
import io.cerulean.it.ServerFixture;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * Copy Blob in the background (sources over 256 KiB here) of a previous version, named by its
 * {@code versionid}, copies that version's bytes, not the current blob's.
 */
class PendingCopyOfVersionTest {
    private static final BlobServers SERVERS = new BlobServers(builder -> builder.blobVersioning()
            .blobCopies(new CopySettings(256 * 1024, 64 * 1024, Duration.ZERO, Duration.ofSeconds(10),
                    64L * 1024 * 1024)));

    @AfterAll
    static void stop() {
        SERVERS.close();
    }

    @ParameterizedTest
    @EachStore
    void aCopyInTheBackgroundOfAPreviousVersionCopiesThatVersion(ServerFixture store) {
        BlobContainerClient container = SERVERS.newContainer(store, "versioncopy");
        BlobClient blob = container.getBlobClient("large.bin");
        byte[] first = BlobData.randomBytes(21, 1024 * 1024);
        blob.upload(BinaryData.fromBytes(first));
        String firstVersion = blob.getProperties().getVersionId();
        blob.upload(BinaryData.fromBytes(BlobData.randomBytes(22, 1024 * 1024)), true);
        BlobClient target = container.getBlobClient("restored.bin");

        var done = target.beginCopy(new BlobBeginCopyOptions(blob.getVersionClient(firstVersion).getBlobUrl())
                .setPollInterval(Duration.ofMillis(100))).waitForCompletion();

        assertThat(done.getValue().getCopyStatus()).isEqualTo(CopyStatusType.SUCCESS);
        assertThat(target.downloadContent().toBytes()).isEqualTo(first);
    }
}
