package io.cerulean.it.blob;

import static io.cerulean.it.blob.BlobErrors.assertBlobError;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.util.BinaryData;
import com.azure.core.util.polling.PollResponse;
import com.azure.core.util.polling.SyncPoller;
import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.models.AccessTier;
import com.azure.storage.blob.models.BlobCopyInfo;
import com.azure.storage.blob.models.BlobProperties;
import com.azure.storage.blob.models.CopyStatusType;
import com.azure.storage.blob.models.TaggedBlobItem;
import com.azure.storage.blob.options.BlobBeginCopyOptions;
import com.azure.storage.blob.specialized.AppendBlobClient;
import io.cerulean.it.EachStore;
import io.cerulean.it.ServerFixture;
import java.io.ByteArrayInputStream;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * Copy Blob in the background (a source over the server's threshold, here 256 KiB, copied 64 KiB a
 * chunk 100 ms apart) takes {@code x-ms-tags}, {@code x-ms-access-tier} and {@code x-ms-seal-blob}
 * as a copy finished at once does: the destination shows them once the copy has succeeded, not
 * while it is pending, and Find Blobs by Tags finds it by its tags.
 */
class PendingCopySettingsTest {
    private static final CopyServers SERVERS = new CopyServers(Duration.ofMillis(100));
    private static final Duration POLL = Duration.ofMillis(100);
    private static final int LARGE = 1024 * 1024;

    @AfterAll
    static void stop() {
        SERVERS.close();
    }

    @ParameterizedTest
    @EachStore
    void aCopyInTheBackgroundTakesItsTagsAndTierAsItCompletes(ServerFixture store) {
        BlobContainerClient container = CopyServers.newContainer(SERVERS.service(store), "pendingtags");
        BlobClient source = container.getBlobClient("large.bin");
        source.upload(BinaryData.fromBytes(BlobData.randomBytes(3, LARGE)));
        source.setTags(Map.of("from", "source"));
        BlobClient target = container.getBlobClient("copy.bin");
        String run = container.getBlobContainerName();

        SyncPoller<BlobCopyInfo, Void> poller = target.beginCopy(new BlobBeginCopyOptions(source.getBlobUrl())
                .setTags(Map.of("run", run, "kind", "copy")).setTier(AccessTier.COOL).setPollInterval(POLL));
        BlobProperties during = target.getProperties();
        PollResponse<BlobCopyInfo> done = poller.waitForCompletion();

        assertThat(during.getCopyStatus()).isEqualTo(CopyStatusType.PENDING);
        assertThat(during.isAccessTierInferred()).as("its tier comes with its bytes").isTrue();
        assertThat(during.getTagCount()).as("its tags come with its bytes").isNull();
        assertThat(done.getValue().getCopyStatus()).isEqualTo(CopyStatusType.SUCCESS);
        BlobProperties after = target.getProperties();
        assertThat(after.getAccessTier()).isEqualTo(AccessTier.COOL);
        assertThat(after.isAccessTierInferred()).isNotEqualTo(Boolean.TRUE);
        assertThat(target.getTags()).containsExactlyInAnyOrderEntriesOf(Map.of("run", run, "kind", "copy"));
        assertThat(container.findBlobsByTags("\"run\"='" + run + "' AND \"kind\"='copy'").stream()
                .map(TaggedBlobItem::getName)).containsExactly("copy.bin");
        assertThat(target.downloadContent().toBytes()).isEqualTo(source.downloadContent().toBytes());
    }

    @ParameterizedTest
    @EachStore
    void anAppendBlobCopiedInTheBackgroundIsSealedWhenAsked(ServerFixture store) {
        BlobContainerClient container = CopyServers.newContainer(SERVERS.service(store), "pendingseal");
        AppendBlobClient source = container.getBlobClient("log").getAppendBlobClient();
        source.create();
        byte[] block = BlobData.randomBytes(5, 512 * 1024);
        source.appendBlock(new ByteArrayInputStream(block), block.length);
        BlobClient sealed = container.getBlobClient("sealed-copy");
        BlobClient open = container.getBlobClient("open-copy");

        sealed.beginCopy(new BlobBeginCopyOptions(source.getBlobUrl()).setSealDestination(true).setPollInterval(POLL))
                .waitForCompletion();
        open.beginCopy(new BlobBeginCopyOptions(source.getBlobUrl()).setPollInterval(POLL)).waitForCompletion();

        assertThat(sealed.getProperties().isSealed()).isTrue();
        assertThat(open.getProperties().isSealed()).isNotEqualTo(Boolean.TRUE);
        assertBlobError(() -> sealed.getAppendBlobClient().appendBlock(new ByteArrayInputStream(new byte[1]), 1),
                409, "BlobIsSealed");
        assertThat(sealed.downloadContent().toBytes()).isEqualTo(block);
    }

    /** A premium page blob tier, or a tier the service does not have, is refused before any copy begins. */
    @ParameterizedTest
    @EachStore
    void aCopyInTheBackgroundRefusesATierThatIsNoBlockBlobTier(ServerFixture store) {
        BlobContainerClient container = CopyServers.newContainer(SERVERS.service(store), "pendingtier");
        BlobClient source = container.getBlobClient("large.bin");
        source.upload(BinaryData.fromBytes(BlobData.randomBytes(9, LARGE)));
        BlobClient target = container.getBlobClient("copy.bin");

        for (AccessTier tier : new AccessTier[] {AccessTier.P20, AccessTier.fromString("Fiery")}) {
            assertBlobError(() -> target.beginCopy(new BlobBeginCopyOptions(source.getBlobUrl()).setTier(tier)
                    .setPollInterval(POLL)).poll(), 400, "InvalidHeaderValue");
        }
        assertThat(target.exists()).isFalse();
    }
}
