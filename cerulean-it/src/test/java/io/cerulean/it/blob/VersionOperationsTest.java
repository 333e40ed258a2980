package io.cerulean.it.blob;

import static io.cerulean.it.blob.BlobErrors.assertBlobError;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.util.BinaryData;
import com.azure.core.util.Context;
import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import com.azure.storage.blob.models.TaggedBlobItem;
import com.azure.storage.blob.options.BlobParallelUploadOptions;
import io.cerulean.it.EachStore;
import io.cerulean.it.ServerFixture;
import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * What is read and set on one previous version of a blob by its version id ({@code versionid}):
 * its tags, on a server that keeps versions in every account.
 */
class VersionOperationsTest {
    private static final Map<ServerFixture, ServerFixture.RunningServer> SERVERS = new EnumMap<>(ServerFixture.class);
    private static final String NO_SUCH_VERSION = "2020-01-01T00:00:00.0000000Z";

    @AfterAll
    static void stop() {
        SERVERS.values().forEach(ServerFixture.RunningServer::close);
        SERVERS.clear();
    }

    private static synchronized BlobServiceClient service(ServerFixture store) {
        ServerFixture.RunningServer server = SERVERS.computeIfAbsent(store, s -> s.start(
                builder -> builder.blobVersioning()));
        return new BlobServiceClientBuilder().connectionString(server.connectionString())
                .retryOptions(BlobServers.oneTry()).buildClient();
    }

    private static BlobContainerClient container(ServerFixture store, String prefix) {
        return service(store).createBlobContainer(BlobServers.uniqueName(prefix));
    }

    private static String upload(BlobClient blob, String text) {
        return blob.uploadWithResponse(new BlobParallelUploadOptions(BinaryData.fromString(text)), null,
                Context.NONE).getValue().getVersionId();
    }

    @ParameterizedTest
    @EachStore
    void aVersionsTagsAreReadAndSetByItsIdAndOnlyTheCurrentOnesAreFound(ServerFixture store) {
        BlobContainerClient container = container(store, "vtags");
        BlobClient blob = container.getBlobClient("doc");
        String first = upload(blob, "first");
        blob.setTags(Map.of("stage", "draft"));
        String second = upload(blob, "second");

        assertThat(blob.getVersionClient(first).getTags()).containsExactlyEntriesOf(Map.of("stage", "draft"));
        assertThat(blob.getTags()).isEmpty();
        assertThat(blob.getVersionClient(second).getTags()).isEmpty();

        blob.getVersionClient(first).setTags(Map.of("stage", "archived"));

        assertThat(blob.getVersionClient(first).getTags()).containsExactlyEntriesOf(Map.of("stage", "archived"));
        assertThat(blob.getTags()).as("the current version's tags stay").isEmpty();
        String filter = "@container='" + container.getBlobContainerName() + "' AND \"stage\"='archived'";
        assertThat(service(store).findBlobsByTags(filter).stream().map(TaggedBlobItem::getName).toList())
                .as("a previous version is found by no tag").isEmpty();

        blob.getVersionClient(second).setTags(Map.of("stage", "final"));
        assertThat(blob.getTags()).as("the current version by its id").containsExactlyEntriesOf(
                Map.of("stage", "final"));
        String found = "@container='" + container.getBlobContainerName() + "' AND \"stage\"='final'";
        assertThat(service(store).findBlobsByTags(found).stream().map(TaggedBlobItem::getName).toList())
                .containsExactly("doc");
    }

    @ParameterizedTest
    @EachStore
    void tagsOfAVersionTheBlobDoesNotHaveAreNotFound(ServerFixture store) {
        BlobClient blob = container(store, "vtagsnf").getBlobClient("doc");
        String first = upload(blob, "first");
        upload(blob, "second");
        blob.getVersionClient(first).delete();

        assertBlobError(() -> blob.getVersionClient(NO_SUCH_VERSION).getTags(), 404, "BlobNotFound");
        assertBlobError(() -> blob.getVersionClient(NO_SUCH_VERSION).setTags(Map.of("a", "b")), 404, "BlobNotFound");
        assertBlobError(() -> blob.getVersionClient(first).setTags(Map.of("a", "b")), 404, "BlobNotFound");
        assertBlobError(() -> blob.getVersionClient("yesterday").setTags(Map.of("a", "b")), 400,
                "InvalidQueryParameterValue");
        assertThat(blob.getTags()).isEmpty();
    }
}
