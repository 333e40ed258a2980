package io.cerulean.it.blob;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.util.BinaryData;
import com.azure.core.util.polling.PollResponse;
import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.models.BlobCopyInfo;
import com.azure.storage.blob.models.BlobItem;
import com.azure.storage.blob.models.BlobItemProperties;
import com.azure.storage.blob.models.BlobListDetails;
import com.azure.storage.blob.models.CopyStatusType;
import com.azure.storage.blob.models.ListBlobsOptions;
import io.cerulean.it.EachStore;
import io.cerulean.it.ServerFixture;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;

/** List Blobs with {@code include=copy}: each blob a copy made shows that copy, as Get Blob Properties does. */
class ListBlobsCopyTest {
    private static final BlobServers SERVERS = new BlobServers();

    @AfterAll
    static void stop() {
        SERVERS.close();
    }

    private static BlobItemProperties listed(BlobContainerClient container, String name, boolean copy) {
        return container.listBlobs(new ListBlobsOptions().setDetails(new BlobListDetails().setRetrieveCopy(copy)),
                null).stream().filter(b -> b.getName().equals(name)).map(BlobItem::getProperties).findFirst()
                .orElseThrow();
    }

    @ParameterizedTest
    @EachStore
    void aListingWithCopyShowsTheCopyThatMadeEachBlob(ServerFixture store) {
        BlobContainerClient container = SERVERS.newContainer(store, "listcopy");
        BlobClient source = container.getBlobClient("source.txt");
        source.upload(BinaryData.fromString("copied contents"));
        BlobClient target = container.getBlobClient("target.txt");
        PollResponse<BlobCopyInfo> done = target.beginCopy(source.getBlobUrl(), Duration.ofMillis(50))
                .waitForCompletion();
        var properties = target.getProperties();

        BlobItemProperties copy = listed(container, "target.txt", true);

        assertThat(copy.getCopyId()).isEqualTo(done.getValue().getCopyId());
        assertThat(copy.getCopyStatus()).isEqualTo(CopyStatusType.SUCCESS);
        assertThat(copy.getCopySource()).isEqualTo(properties.getCopySource());
        assertThat(copy.getCopyProgress()).isEqualTo("15/15");
        assertThat(copy.getCopyCompletionTime()).isEqualTo(properties.getCopyCompletionTime());
        assertThat(copy.getCopyStatusDescription()).isNull();
        assertThat(listed(container, "source.txt", true).getCopyId()).as("no copy made it").isNull();
        assertThat(listed(container, "target.txt", false).getCopyId()).as("without include=copy").isNull();
    }
}
