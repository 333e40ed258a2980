package io.cerulean.it.blob;

import static io.cerulean.it.blob.BlobErrors.assertBlobError;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import com.azure.core.util.BinaryData;
import com.azure.core.util.Context;
import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import com.azure.storage.blob.models.BlobItem;
import com.azure.storage.blob.models.BlobListDetails;
import com.azure.storage.blob.models.BlobRetentionPolicy;
import com.azure.storage.blob.models.BlobServiceProperties;
import com.azure.storage.blob.models.DeleteSnapshotsOptionType;
import com.azure.storage.blob.models.ListBlobsOptions;
import io.cerulean.it.EachStore;
import io.cerulean.it.ServerFixture;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * Soft delete: under the account's {@code DeleteRetentionPolicy}, Delete Blob keeps what it deletes
 * for the policy's days, gone from reads and listings but for {@code include=deleted}, and Undelete
 * Blob brings it back. Each store's server is this class's own, its account's policy set by the tests.
 */
class SoftDeleteTest {
    private static final Map<ServerFixture, ServerFixture.RunningServer> SERVERS = new EnumMap<>(ServerFixture.class);

    @AfterAll
    static void stop() {
        SERVERS.values().forEach(ServerFixture.RunningServer::close);
        SERVERS.clear();
    }

    private static synchronized BlobServiceClient service(ServerFixture store) {
        ServerFixture.RunningServer server = SERVERS.computeIfAbsent(store, ServerFixture::start);
        return new BlobServiceClientBuilder().connectionString(server.connectionString())
                .retryOptions(BlobServers.oneTry()).buildClient();
    }

    /** A container in an account that keeps deleted blobs two days. */
    private static BlobContainerClient keepingContainer(ServerFixture store, String prefix) {
        BlobServiceClient service = service(store);
        service.setProperties(service.getProperties().setDeleteRetentionPolicy(new BlobRetentionPolicy()
                .setEnabled(true).setDays(2)));
        return service.createBlobContainer(BlobServers.uniqueName(prefix));
    }

    private static List<BlobItem> withDeleted(BlobContainerClient container) {
        return container.listBlobs(new ListBlobsOptions().setDetails(new BlobListDetails()
                .setRetrieveDeletedBlobs(true).setRetrieveSnapshots(true)), null).stream().toList();
    }

    @ParameterizedTest
    @EachStore
    void theRetentionPolicyIsKeptAndShown(ServerFixture store) {
        BlobServiceClient service = service(store);
        service.setProperties(service.getProperties().setDeleteRetentionPolicy(new BlobRetentionPolicy()
                .setEnabled(true).setDays(5)));

        BlobRetentionPolicy policy = service.getProperties().getDeleteRetentionPolicy();

        assertThat(policy.isEnabled()).isTrue();
        assertThat(policy.getDays()).isEqualTo(5);
        service.setProperties(new BlobServiceProperties().setCors(List.of()));
        assertThat(service.getProperties().getDeleteRetentionPolicy().getDays()).as("kept when not sent")
                .isEqualTo(5);
    }

    @ParameterizedTest
    @EachStore
    void aSoftDeletedBlobIsGoneUntilUndeleted(ServerFixture store) {
        BlobContainerClient container = keepingContainer(store, "soft");
        BlobClient blob = container.getBlobClient("kept.txt");
        blob.upload(BinaryData.fromString("keep me"));
        blob.setMetadata(Map.of("label", "kept"));

        assertThat(blob.deleteWithResponse(null, null, null, Context.NONE).getStatusCode()).isEqualTo(202);

        assertBlobError(blob::getProperties, 404, "BlobNotFound");
        assertBlobError(blob::downloadContent, 404, "BlobNotFound");
        assertThat(blob.exists()).isFalse();
        assertThat(container.listBlobs().stream().toList()).isEmpty();
        List<BlobItem> deleted = withDeleted(container);
        assertThat(deleted).extracting(BlobItem::getName, BlobItem::isDeleted).containsExactly(tuple("kept.txt", true));
        assertThat(deleted.get(0).getProperties().getDeletedTime()).isNotNull();
        assertThat(deleted.get(0).getProperties().getRemainingRetentionDays()).isEqualTo(2);

        blob.undelete();

        assertThat(blob.downloadContent().toString()).isEqualTo("keep me");
        assertThat(blob.getProperties().getMetadata()).containsExactlyEntriesOf(Map.of("label", "kept"));
        assertThat(withDeleted(container)).extracting(BlobItem::getName, BlobItem::isDeleted)
                .containsExactly(tuple("kept.txt", false));
    }

    @ParameterizedTest
    @EachStore
    void snapshotsDeletedWithTheBlobComeBackWithIt(ServerFixture store) {
        BlobContainerClient container = keepingContainer(store, "softsnap");
        BlobClient blob = container.getBlobClient("doc");
        blob.upload(BinaryData.fromString("first"));
        String snapshot = blob.createSnapshot().getSnapshotId();
        blob.upload(BinaryData.fromString("second"), true);

        blob.deleteWithResponse(DeleteSnapshotsOptionType.INCLUDE, null, null, Context.NONE);

        assertBlobError(() -> blob.getSnapshotClient(snapshot).downloadContent(), 404, "BlobNotFound");
        assertThat(withDeleted(container)).extracting(BlobItem::getSnapshot, BlobItem::isDeleted)
                .containsExactly(tuple(snapshot, true), tuple(null, true));
        blob.undelete();
        assertThat(blob.getSnapshotClient(snapshot).downloadContent().toString()).isEqualTo("first");
        assertThat(blob.downloadContent().toString()).isEqualTo("second");
    }

    @ParameterizedTest
    @EachStore
    void aSnapshotDeletedAloneIsKeptAndUndeleted(ServerFixture store) {
        BlobContainerClient container = keepingContainer(store, "softone");
        BlobClient blob = container.getBlobClient("doc");
        blob.upload(BinaryData.fromString("first"));
        String snapshot = blob.createSnapshot().getSnapshotId();

        blob.getSnapshotClient(snapshot).delete();

        assertThat(withDeleted(container)).extracting(BlobItem::getSnapshot, BlobItem::isDeleted)
                .containsExactly(tuple(snapshot, true), tuple(null, false));
        blob.delete(); // its one snapshot is deleted: nothing stands in the way
        blob.undelete();
        assertThat(blob.getSnapshotClient(snapshot).downloadContent().toString()).isEqualTo("first");
    }

    @ParameterizedTest
    @EachStore
    void aBlobWrittenOverASoftDeletedOneLeavesItAsADeletedSnapshot(ServerFixture store) {
        BlobContainerClient container = keepingContainer(store, "softover");
        BlobClient blob = container.getBlobClient("doc");
        blob.upload(BinaryData.fromString("old"));
        blob.delete();

        blob.upload(BinaryData.fromString("new"));

        assertThat(blob.downloadContent().toString()).isEqualTo("new");
        List<BlobItem> listed = withDeleted(container);
        assertThat(listed).extracting(BlobItem::isDeleted).containsExactly(true, false);
        blob.undelete();
        assertThat(blob.getSnapshotClient(listed.get(0).getSnapshot()).downloadContent().toString())
                .isEqualTo("old");
        assertThat(blob.downloadContent().toString()).isEqualTo("new");
    }

    @ParameterizedTest
    @EachStore
    void undeleteLeavesALiveBlobAndRefusesANameWithNothing(ServerFixture store) {
        BlobContainerClient container = keepingContainer(store, "softlive");
        BlobClient blob = container.getBlobClient("live");
        blob.upload(BinaryData.fromString("here"));

        assertThat(blob.undeleteWithResponse(null, Context.NONE).getStatusCode()).isEqualTo(200);

        assertThat(blob.downloadContent().toString()).isEqualTo("here");
        assertBlobError(() -> container.getBlobClient("never").undelete(), 404, "BlobNotFound");
        assertBlobError(() -> service(store).getBlobContainerClient("no-such-container").getBlobClient("b")
                .undelete(), 404, "ContainerNotFound");
    }

    @ParameterizedTest
    @EachStore
    void withoutAPolicyADeleteIsForGood(ServerFixture store) {
        BlobServiceClient service = service(store);
        service.setProperties(service.getProperties().setDeleteRetentionPolicy(new BlobRetentionPolicy()
                .setEnabled(false)));
        BlobContainerClient container = service.createBlobContainer(BlobServers.uniqueName("hard"));
        BlobClient blob = container.getBlobClient("doc");
        blob.upload(BinaryData.fromString("bytes"));

        blob.delete();

        assertThat(withDeleted(container)).isEmpty();
        assertBlobError(blob::undelete, 404, "BlobNotFound");
    }
}
