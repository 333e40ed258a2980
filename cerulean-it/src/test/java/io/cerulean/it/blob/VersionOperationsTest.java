package io.cerulean.it.blob;

import static io.cerulean.it.blob.BlobErrors.assertBlobError;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.util.BinaryData;
import com.azure.core.util.Context;
import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.BlobClientBuilder;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import com.azure.core.http.HttpHeaderName;
import com.azure.core.http.HttpMethod;
import com.azure.core.http.HttpRequest;
import com.azure.core.http.HttpResponse;
import com.azure.storage.blob.models.AccessTier;
import com.azure.storage.blob.models.Block;
import com.azure.storage.blob.models.BlockListType;
import com.azure.storage.blob.models.TaggedBlobItem;
import com.azure.storage.blob.sas.BlobSasPermission;
import com.azure.storage.blob.sas.BlobServiceSasSignatureValues;
import com.azure.storage.blob.specialized.BlockBlobClient;
import com.azure.storage.blob.options.BlobParallelUploadOptions;
import io.cerulean.it.EachStore;
import io.cerulean.it.ServerFixture;
import java.time.OffsetDateTime;
import java.util.Base64;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * What is read and set on one previous version of a blob by its version id ({@code versionid}):
 * its tags, its tier, its metadata and its block list, and a SAS for that version alone ({@code sr=bv}),
 * on a server that keeps versions in every account.
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

    @ParameterizedTest
    @EachStore
    void aPreviousVersionTakesATierOfItsOwn(ServerFixture store) {
        BlobClient blob = container(store, "vtier").getBlobClient("doc");
        String first = upload(blob, "first");
        String second = upload(blob, "second");

        blob.getVersionClient(first).setAccessTier(AccessTier.COOL);

        assertThat(blob.getVersionClient(first).getProperties().getAccessTier()).isEqualTo(AccessTier.COOL);
        assertThat(blob.getVersionClient(first).getProperties().isAccessTierInferred()).isNotEqualTo(Boolean.TRUE);
        assertThat(blob.getProperties().getAccessTier()).as("the current version's stays").isEqualTo(AccessTier.HOT);
        assertThat(blob.getProperties().isAccessTierInferred()).isTrue();
        blob.getVersionClient(second).setAccessTier(AccessTier.COLD);
        assertThat(blob.getProperties().getAccessTier()).as("the current one by its id").isEqualTo(AccessTier.COLD);
        assertThat(blob.getVersionClient(first).downloadContent().toString()).isEqualTo("first");

        assertBlobError(() -> blob.getVersionClient(NO_SUCH_VERSION).setAccessTier(AccessTier.COOL), 404,
                "BlobNotFound");
    }

    @ParameterizedTest
    @EachStore
    void aPreviousVersionsMetadataIsReadByItsId(ServerFixture store) {
        BlobClient blob = container(store, "vmeta").getBlobClient("doc");
        upload(blob, "first");
        blob.setMetadata(Map.of("stage", "draft"));
        String drafted = blob.getProperties().getVersionId();
        blob.setMetadata(Map.of("stage", "final"));

        HttpResponse read = SignedRequests.send(service(store), HttpMethod.GET,
                blob.getBlobUrl() + "?comp=metadata&versionid=" + drafted);
        HttpResponse current = SignedRequests.send(service(store), HttpMethod.GET, blob.getBlobUrl() + "?comp=metadata");
        HttpResponse missing = SignedRequests.send(service(store), HttpMethod.GET,
                blob.getBlobUrl() + "?comp=metadata&versionid=" + NO_SUCH_VERSION);

        assertThat(read.getStatusCode()).isEqualTo(200);
        assertThat(read.getHeaderValue(HttpHeaderName.fromString("x-ms-meta-stage"))).isEqualTo("draft");
        assertThat(current.getHeaderValue(HttpHeaderName.fromString("x-ms-meta-stage"))).isEqualTo("final");
        assertThat(SignedRequests.errorOf(missing)).isEqualTo("404 BlobNotFound");
    }

    @ParameterizedTest
    @EachStore
    void aPreviousVersionsCommittedBlocksAreListedByItsId(ServerFixture store) {
        BlobClient named = container(store, "vblocks").getBlobClient("doc");
        BlockBlobClient blob = named.getBlockBlobClient();
        String a = Base64.getEncoder().encodeToString("block-a".getBytes());
        String b = Base64.getEncoder().encodeToString("block-b".getBytes());
        blob.stageBlock(a, BinaryData.fromString("one "));
        blob.stageBlock(b, BinaryData.fromString("two"));
        String first = blob.commitBlockList(List.of(a, b)).getVersionId();
        blob.stageBlock(b, BinaryData.fromString("three"));
        blob.commitBlockList(List.of(b), true);

        // The Java SDK sends no versionid on Get Block List; the request is sent as the reference has it.
        String version;
        HttpRequest request = new HttpRequest(HttpMethod.GET, named.getBlobUrl()
                + "?comp=blocklist&blocklisttype=all&versionid=" + first).setBody(new byte[0]);
        request.setHeader(HttpHeaderName.fromString("x-ms-version"), "2025-01-05");
        try (HttpResponse response = service(store).getHttpPipeline().sendSync(request, Context.NONE)) {
            assertThat(response.getStatusCode()).isEqualTo(200);
            version = response.getBodyAsBinaryData().toString();
        }
        HttpResponse missing = SignedRequests.send(service(store), HttpMethod.GET,
                named.getBlobUrl() + "?comp=blocklist&versionid=" + NO_SUCH_VERSION);

        assertThat(version).as("the version's blocks, not the blob's").contains(
                "<Name>" + a + "</Name>", "<Size>4</Size>", "<Size>3</Size>").doesNotContain("<Size>5</Size>");
        assertThat(SignedRequests.errorOf(missing)).isEqualTo("404 BlobNotFound");
        assertThat(blob.listBlocks(BlockListType.COMMITTED).getCommittedBlocks()).extracting(Block::getSizeLong)
                .containsExactly(5L);
    }

    @ParameterizedTest
    @EachStore
    void aVersionSasReadsThatVersion(ServerFixture store) {
        BlobClient blob = container(store, "vsas").getBlobClient("doc");
        String first = upload(blob, "first");
        upload(blob, "second");
        BlobClient version = blob.getVersionClient(first);
        String sas = version.generateSas(new BlobServiceSasSignatureValues(OffsetDateTime.now().plusHours(1),
                new BlobSasPermission().setReadPermission(true))); // sr=bv, signed over the version id

        BlobClient reader = new BlobClientBuilder().endpoint(version.getBlobUrl()).sasToken(sas)
                .retryOptions(BlobServers.oneTry()).buildClient();

        assertThat(sas).contains("sr=bv");
        assertThat(reader.downloadContent().toString()).isEqualTo("first");
        BlobClient forged = new BlobClientBuilder().endpoint(blob.getVersionClient(NO_SUCH_VERSION).getBlobUrl())
                .sasToken(sas).retryOptions(BlobServers.oneTry()).buildClient();
        assertBlobError(forged::downloadContent, 403, "AuthenticationFailed");
    }
}
