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
import com.azure.storage.blob.models.BlockBlobItem;
import com.azure.storage.blob.models.DeleteSnapshotsOptionType;
import com.azure.storage.blob.models.ListBlobsOptions;
import com.azure.storage.blob.options.BlobParallelUploadOptions;
import com.azure.storage.blob.sas.BlobContainerSasPermission;
import com.azure.storage.blob.sas.BlobServiceSasSignatureValues;
import io.cerulean.it.EachStore;
import io.cerulean.it.ServerFixture;
import java.time.OffsetDateTime;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * Blob versions, on a server that keeps them in every account ({@code blobVersioning()}): each write
 * of a blob's bytes or metadata keeps the state it replaces as a previous version, readable by its
 * version id and listed with {@code include=versions}; deleting the blob leaves its versions.
 */
class BlobVersionsTest {
    private static final Map<ServerFixture, ServerFixture.RunningServer> SERVERS = new EnumMap<>(ServerFixture.class);

    @AfterAll
    static void stop() {
        SERVERS.values().forEach(ServerFixture.RunningServer::close);
        SERVERS.clear();
    }

    private static synchronized BlobContainerClient container(ServerFixture store, String prefix) {
        ServerFixture.RunningServer server = SERVERS.computeIfAbsent(store, s -> s.start(
                builder -> builder.blobVersioning()));
        BlobServiceClient service = new BlobServiceClientBuilder().connectionString(server.connectionString())
                .retryOptions(BlobServers.oneTry()).buildClient();
        return service.createBlobContainer(BlobServers.uniqueName(prefix));
    }

    private static String upload(BlobClient blob, String text) {
        BlockBlobItem item = blob.uploadWithResponse(new BlobParallelUploadOptions(BinaryData.fromString(text)), null,
                Context.NONE).getValue();
        return item.getVersionId();
    }

    private static List<BlobItem> versions(BlobContainerClient container) {
        return container.listBlobs(new ListBlobsOptions().setDetails(new BlobListDetails().setRetrieveVersions(true)
                .setRetrieveSnapshots(true)), null).stream().toList();
    }

    @ParameterizedTest
    @EachStore
    void eachWriteKeepsTheStateItReplacesAsAVersion(ServerFixture store) {
        BlobClient blob = container(store, "versions").getBlobClient("doc.txt");
        String first = upload(blob, "one");
        String second = upload(blob, "two, longer");
        blob.setMetadata(Map.of("stage", "three"));
        String third = blob.getProperties().getVersionId();

        assertThat(List.of(first, second, third)).doesNotContainNull().doesNotHaveDuplicates();
        assertThat(first.compareTo(second)).as("version ids grow").isNegative();
        assertThat(second.compareTo(third)).isNegative();
        assertThat(blob.getVersionClient(first).downloadContent().toString()).isEqualTo("one");
        assertThat(blob.getVersionClient(second).downloadContent().toString()).isEqualTo("two, longer");
        assertThat(blob.getVersionClient(second).getProperties().getMetadata()).isEmpty();
        assertThat(blob.getVersionClient(second).getProperties().isCurrentVersion()).isFalse();
        assertThat(blob.getProperties().isCurrentVersion()).isTrue();
        assertThat(blob.getVersionClient(third).getProperties().isCurrentVersion()).isTrue();
        assertThat(blob.getProperties().getMetadata()).containsExactlyEntriesOf(Map.of("stage", "three"));
        assertThat(blob.downloadContent().toString()).isEqualTo("two, longer");
    }

    @ParameterizedTest
    @EachStore
    void aListingWithVersionsShowsThemOldestFirstAndTheCurrentOneLast(ServerFixture store) {
        BlobContainerClient container = container(store, "vlist");
        BlobClient a = container.getBlobClient("a");
        String a1 = upload(a, "a1");
        String a2 = upload(a, "a2");
        String b1 = upload(container.getBlobClient("b"), "b1");

        assertThat(versions(container)).extracting(BlobItem::getName, BlobItem::getVersionId,
                BlobItem::isCurrentVersion).containsExactly(tuple("a", a1, null), tuple("a", a2, true),
                tuple("b", b1, true));
        assertThat(container.listBlobs().stream().toList()).extracting(BlobItem::getName, BlobItem::getVersionId)
                .as("without versions, the current ones").containsExactly(tuple("a", a2), tuple("b", b1));
        assertThat(container.listBlobs(new ListBlobsOptions().setMaxResultsPerPage(1).setDetails(
                new BlobListDetails().setRetrieveVersions(true)), null).stream().toList())
                .as("page by page").extracting(BlobItem::getVersionId).containsExactly(a1, a2, b1);
    }

    @ParameterizedTest
    @EachStore
    void deletingTheBlobLeavesItsVersionsAndNoCurrentOne(ServerFixture store) {
        BlobContainerClient container = container(store, "vdelete");
        BlobClient blob = container.getBlobClient("gone");
        String first = upload(blob, "first");
        String second = upload(blob, "second");

        blob.delete();

        assertBlobError(blob::getProperties, 404, "BlobNotFound");
        assertThat(container.listBlobs().stream().toList()).isEmpty();
        assertThat(versions(container)).extracting(BlobItem::getVersionId, BlobItem::isCurrentVersion)
                .containsExactly(tuple(first, null), tuple(second, null));
        assertThat(blob.getVersionClient(second).downloadContent().toString()).isEqualTo("second");
        String third = upload(blob, "third");
        assertThat(versions(container)).extracting(BlobItem::getVersionId).containsExactly(first, second, third);
    }

    @ParameterizedTest
    @EachStore
    void aPreviousVersionIsDeletedAloneAndTheCurrentOneNotByItsId(ServerFixture store) {
        BlobContainerClient container = container(store, "vdelone");
        BlobClient blob = container.getBlobClient("doc");
        String first = upload(blob, "first");
        String second = upload(blob, "second");

        blob.getVersionClient(first).delete();

        assertThat(versions(container)).extracting(BlobItem::getVersionId).containsExactly(second);
        assertBlobError(() -> blob.getVersionClient(first).getProperties(), 404, "BlobNotFound");
        assertBlobError(() -> blob.getVersionClient(first).downloadContent(), 404, "BlobNotFound");
        assertBlobError(() -> blob.getVersionClient(first).delete(), 404, "BlobNotFound");
        assertBlobError(() -> blob.getVersionClient(second).delete(), 403, "OperationNotAllowedOnRootBlob");
        assertBlobError(() -> blob.getVersionClient("2020-01-01T00:00:00.0000000Z").downloadContent(), 404,
                "BlobNotFound");
        assertBlobError(() -> blob.getVersionClient("yesterday").downloadContent(), 400,
                "InvalidQueryParameterValue");
        assertThat(blob.downloadContent().toString()).isEqualTo("second");
    }

    @ParameterizedTest
    @EachStore
    void snapshotsAndVersionsAreListedTogetherByTheirMoments(ServerFixture store) {
        BlobContainerClient container = container(store, "vsnap");
        BlobClient blob = container.getBlobClient("doc");
        String first = upload(blob, "first");
        String snapshot = blob.createSnapshot().getSnapshotId();
        String second = upload(blob, "second");

        assertThat(versions(container)).extracting(BlobItem::getSnapshot, BlobItem::getVersionId,
                BlobItem::isCurrentVersion).containsExactly(tuple(null, first, null), tuple(snapshot, null, null),
                tuple(null, second, true));
        assertThat(blob.getSnapshotClient(snapshot).downloadContent().toString()).isEqualTo("first");
        blob.deleteWithResponse(DeleteSnapshotsOptionType.INCLUDE, null, null, Context.NONE);
        assertThat(versions(container)).extracting(BlobItem::getVersionId).containsExactly(first, second);
    }

    @ParameterizedTest
    @EachStore
    void aVersionIsCopiedAsTheBlobWasThen(ServerFixture store) {
        BlobContainerClient container = container(store, "vcopy");
        BlobClient blob = container.getBlobClient("doc");
        String first = upload(blob, "first");
        upload(blob, "second");
        BlobClient copy = container.getBlobClient("copy");

        String sas = container.generateSas(new BlobServiceSasSignatureValues(OffsetDateTime.now().plusHours(1),
                new BlobContainerSasPermission().setReadPermission(true))); // a synchronous copy reads with the source's SAS

        copy.copyFromUrl(blob.getVersionClient(first).getBlobUrl() + "&" + sas);

        assertThat(copy.downloadContent().toString()).isEqualTo("first");
        assertBlobError(() -> copy.copyFromUrl(blob.getBlobUrl() + "?versionid=2020-01-01T00:00:00.0000000Z&" + sas),
                404, "CannotVerifyCopySource");
    }

    @ParameterizedTest
    @EachStore
    void aPreviousVersionIsDeletedWithTheDeleteVersionPermissionAlone(ServerFixture store) {
        BlobContainerClient container = container(store, "vxperm");
        BlobClient blob = container.getBlobClient("doc");
        String first = upload(blob, "first");
        upload(blob, "second");
        java.time.OffsetDateTime hour = java.time.OffsetDateTime.now().plusHours(1);
        String deleteOnly = container.generateSas(new com.azure.storage.blob.sas.BlobServiceSasSignatureValues(hour,
                new com.azure.storage.blob.sas.BlobContainerSasPermission().setDeletePermission(true)));
        String deleteVersion = container.generateSas(new com.azure.storage.blob.sas.BlobServiceSasSignatureValues(hour,
                new com.azure.storage.blob.sas.BlobContainerSasPermission().setDeleteVersionPermission(true)));

        BlobClient byDelete = new com.azure.storage.blob.BlobClientBuilder().endpoint(blob.getBlobUrl())
                .sasToken(deleteOnly).versionId(first).retryOptions(BlobServers.oneTry()).buildClient();
        BlobClient byDeleteVersion = new com.azure.storage.blob.BlobClientBuilder().endpoint(blob.getBlobUrl())
                .sasToken(deleteVersion).versionId(first).retryOptions(BlobServers.oneTry()).buildClient();
        assertBlobError(byDelete::delete, 403, "AuthorizationPermissionMismatch");
        assertThat(blob.getVersionClient(first).exists()).as("d alone deletes no version").isTrue();

        byDeleteVersion.delete();

        assertThat(blob.getVersionClient(first).exists()).isFalse();
        assertThat(blob.downloadContent().toString()).isEqualTo("second");
    }
}
