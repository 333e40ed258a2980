package io.cerulean.it.blob;

import static io.cerulean.it.blob.BlobErrors.assertBlobError;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.http.HttpMethod;
import com.azure.core.http.rest.Response;
import com.azure.core.util.BinaryData;
import com.azure.core.util.Context;
import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.models.AccessTier;
import com.azure.storage.blob.models.ArchiveStatus;
import com.azure.storage.blob.models.BlobHttpHeaders;
import com.azure.storage.blob.models.BlobItem;
import com.azure.storage.blob.models.BlobItemProperties;
import com.azure.storage.blob.models.BlobProperties;
import com.azure.storage.blob.models.RehydratePriority;
import com.azure.storage.blob.options.BlobParallelUploadOptions;
import com.azure.storage.blob.options.BlobSetAccessTierOptions;
import com.azure.storage.blob.options.BlockBlobCommitBlockListOptions;
import com.azure.storage.blob.specialized.BlobLeaseClientBuilder;
import com.azure.storage.blob.specialized.BlockBlobClient;
import io.cerulean.it.EachStore;
import io.cerulean.it.ServerFixture;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * Access tiers through the Java SDK: a tier set on upload, on commit and by Set Blob Tier (200, at
 * once), an archived blob that answers its properties but not its bytes (409 BlobArchived), its
 * rehydration (202, pending in properties and listings, then the target tier once the server's
 * rehydration delay, two seconds here, has passed), and what Set Blob Tier refuses.
 */
class AccessTierTest {
    /** Long enough that a request made right after Set Blob Tier sees the rehydration pending. */
    private static final Duration REHYDRATION = Duration.ofSeconds(2);
    private static final BlobServers SERVERS = new BlobServers(builder -> builder.blobRehydrationDelay(REHYDRATION));

    @AfterAll
    static void stop() {
        SERVERS.close();
    }

    private static BlobClient upload(BlobContainerClient container, String name, String text) {
        BlobClient blob = container.getBlobClient(name);
        blob.upload(BinaryData.fromString(text), true);
        return blob;
    }

    private static BlobItemProperties listed(BlobContainerClient container, String name) {
        return container.listBlobs().stream().filter(item -> item.getName().equals(name)).findFirst()
                .map(BlobItem::getProperties).orElseThrow();
    }

    /** Polls the blob's properties until its tier is {@code tier}, for at most ten times the rehydration delay. */
    private static BlobProperties awaitTier(BlobClient blob, AccessTier tier) throws InterruptedException {
        Instant deadline = Instant.now().plus(REHYDRATION.multipliedBy(10));
        BlobProperties properties = blob.getProperties();
        while (!tier.equals(properties.getAccessTier()) && Instant.now().isBefore(deadline)) {
            Thread.sleep(100);
            properties = blob.getProperties();
        }
        return properties;
    }

    @ParameterizedTest
    @EachStore
    void aBlobWrittenWithoutATierIsInferredHotAndSetBlobTierChangesItAtOnce(ServerFixture store) {
        BlobContainerClient container = SERVERS.newContainer(store, "tier");
        BlobClient blob = upload(container, "doc.txt", "hello");
        BlobProperties written = blob.getProperties();

        Response<Void> set = blob.setAccessTierWithResponse(AccessTier.COOL, null, null, null, Context.NONE);

        assertThat(written.getAccessTier()).isEqualTo(AccessTier.HOT);
        assertThat(written.isAccessTierInferred()).isTrue();
        assertThat(written.getAccessTierChangeTime()).isNull();
        assertThat(set.getStatusCode()).isEqualTo(200);
        BlobProperties cool = blob.getProperties();
        assertThat(cool.getAccessTier()).isEqualTo(AccessTier.COOL);
        assertThat(cool.isAccessTierInferred()).isNotEqualTo(Boolean.TRUE);
        assertThat(cool.getAccessTierChangeTime()).isNotNull();
        assertThat(cool.getETag()).as("Set Blob Tier keeps the ETag").isEqualTo(written.getETag());
        assertThat(cool.getLastModified()).isEqualTo(written.getLastModified());
        assertThat(blob.downloadContent().toString()).isEqualTo("hello");
        BlobItemProperties item = listed(container, "doc.txt");
        assertThat(item.getAccessTier()).isEqualTo(AccessTier.COOL);
        assertThat(item.isAccessTierInferred()).isNotEqualTo(Boolean.TRUE);
        assertThat(item.getAccessTierChangeTime()).isNotNull();
    }

    @ParameterizedTest
    @EachStore
    void uploadAndCommitTakeTheTierTheyName(ServerFixture store) {
        BlobContainerClient container = SERVERS.newContainer(store, "tierup");
        BlobClient uploaded = container.getBlobClient("cold.txt");
        uploaded.uploadWithResponse(new BlobParallelUploadOptions(BinaryData.fromString("cold"))
                .setTier(AccessTier.COLD), null, Context.NONE);
        BlockBlobClient committed = container.getBlobClient("cool.txt").getBlockBlobClient();
        String id = Base64.getEncoder().encodeToString("block-1".getBytes(StandardCharsets.UTF_8));
        committed.stageBlock(id, BinaryData.fromString("cool"));
        committed.commitBlockListWithResponse(new BlockBlobCommitBlockListOptions(List.of(id))
                .setTier(AccessTier.COOL), null, Context.NONE);

        assertThat(uploaded.getProperties().getAccessTier()).isEqualTo(AccessTier.COLD);
        assertThat(uploaded.getProperties().isAccessTierInferred()).isNotEqualTo(Boolean.TRUE);
        assertThat(committed.getProperties().getAccessTier()).isEqualTo(AccessTier.COOL);
        assertThat(listed(container, "cold.txt").getAccessTier()).isEqualTo(AccessTier.COLD);
        uploaded.upload(BinaryData.fromString("again"), true);
        assertThat(uploaded.getProperties().getAccessTier()).as("a write with no tier").isEqualTo(AccessTier.HOT);
        assertThat(uploaded.getProperties().isAccessTierInferred()).isTrue();
    }

    @ParameterizedTest
    @EachStore
    void anArchivedBlobAnswersItsPropertiesButNotItsBytesNorChanges(ServerFixture store) {
        BlobContainerClient container = SERVERS.newContainer(store, "arch");
        BlobClient blob = upload(container, "old.txt", "kept offline");
        blob.setAccessTier(AccessTier.ARCHIVE);
        BlobClient copy = container.getBlobClient("copy.txt");

        assertThat(blob.getProperties().getAccessTier()).isEqualTo(AccessTier.ARCHIVE);
        assertThat(listed(container, "old.txt").getAccessTier()).isEqualTo(AccessTier.ARCHIVE);
        assertBlobError(blob::downloadContent, 409, "BlobArchived");
        assertBlobError(() -> blob.setMetadata(Map.of("k", "v")), 409, "BlobArchived");
        assertBlobError(() -> blob.setHttpHeaders(new BlobHttpHeaders().setContentType("text/plain")), 409,
                "BlobArchived");
        assertBlobError(blob::createSnapshot, 409, "BlobArchived");
        assertBlobError(() -> copy.copyFromUrl(SourceSas.readable(blob)), 409, "BlobArchived");
        assertThat(blob.setAccessTierWithResponse(AccessTier.ARCHIVE, null, null, null, Context.NONE)
                .getStatusCode()).as("Archive again").isEqualTo(200);
        assertThat(copy.exists()).isFalse();

        blob.upload(BinaryData.fromString("written anew"), true);
        assertThat(blob.getProperties().getAccessTier()).isEqualTo(AccessTier.HOT);
        assertThat(blob.downloadContent().toString()).isEqualTo("written anew");
    }

    @ParameterizedTest
    @EachStore
    void anArchivedBlobIsRehydratedToTheTierNamedOnceTheDelayHasPassed(ServerFixture store)
            throws InterruptedException {
        BlobContainerClient container = SERVERS.newContainer(store, "rehy");
        BlobClient blob = upload(container, "old.txt", "back online");
        blob.setAccessTier(AccessTier.ARCHIVE);

        Response<Void> accepted = blob.setAccessTierWithResponse(new BlobSetAccessTierOptions(AccessTier.COOL)
                .setPriority(RehydratePriority.HIGH), null, Context.NONE);
        BlobProperties pending = blob.getProperties();
        BlobItemProperties pendingItem = listed(container, "old.txt");
        assertBlobError(() -> blob.setAccessTier(AccessTier.HOT), 409, "BlobBeingRehydrated");
        assertBlobError(blob::downloadContent, 409, "BlobBeingRehydrated");
        BlobProperties rehydrated = awaitTier(blob, AccessTier.COOL);

        assertThat(accepted.getStatusCode()).isEqualTo(202);
        assertThat(pending.getAccessTier()).isEqualTo(AccessTier.ARCHIVE);
        assertThat(pending.getArchiveStatus()).isEqualTo(ArchiveStatus.REHYDRATE_PENDING_TO_COOL);
        assertThat(pending.getRehydratePriority()).isEqualTo(RehydratePriority.HIGH);
        assertThat(pendingItem.getArchiveStatus()).isEqualTo(ArchiveStatus.REHYDRATE_PENDING_TO_COOL);
        assertThat(pendingItem.getRehydratePriority()).isEqualTo(RehydratePriority.HIGH);
        assertThat(rehydrated.getAccessTier()).isEqualTo(AccessTier.COOL);
        assertThat(rehydrated.getArchiveStatus()).isNull();
        assertThat(rehydrated.getRehydratePriority()).isNull();
        assertThat(listed(container, "old.txt").getAccessTier()).isEqualTo(AccessTier.COOL);
        assertThat(blob.downloadContent().toString()).isEqualTo("back online");
        assertThat(blob.setAccessTierWithResponse(AccessTier.HOT, null, null, null, Context.NONE).getStatusCode())
                .isEqualTo(200);
    }

    @ParameterizedTest
    @EachStore
    void aSnapshotTakesATierOfItsOwn(ServerFixture store) {
        BlobContainerClient container = SERVERS.newContainer(store, "snaptier");
        BlobClient blob = upload(container, "doc.txt", "v1");
        var snapshot = blob.createSnapshot();

        snapshot.setAccessTier(AccessTier.COOL);

        assertThat(snapshot.getProperties().getAccessTier()).isEqualTo(AccessTier.COOL);
        assertThat(blob.getProperties().getAccessTier()).isEqualTo(AccessTier.HOT);
        assertThat(blob.getProperties().isAccessTierInferred()).isTrue();
    }

    @ParameterizedTest
    @EachStore
    void setBlobTierRefusesOtherBlobTypesUnknownTiersAndALeaseItDoesNotHold(ServerFixture store) {
        BlobContainerClient container = SERVERS.newContainer(store, "tierno");
        BlobClient append = container.getBlobClient("log");
        append.getAppendBlobClient().create();
        BlobClient page = container.getBlobClient("disk");
        page.getPageBlobClient().create(512);
        BlobClient leased = upload(container, "leased.txt", "mine");
        String leaseId = new BlobLeaseClientBuilder().blobClient(leased).buildClient().acquireLease(-1);

        assertBlobError(() -> append.setAccessTier(AccessTier.COOL), 400, "InvalidBlobTier");
        assertBlobError(() -> page.setAccessTier(AccessTier.COOL), 400, "InvalidBlobTier");
        assertBlobError(() -> container.getBlobClient("none").setAccessTier(AccessTier.COOL), 404, "BlobNotFound");
        assertBlobError(() -> leased.setAccessTier(AccessTier.fromString("Warm")), 400, "InvalidHeaderValue");
        assertBlobError(() -> leased.setAccessTier(AccessTier.COOL), 412, "LeaseIdMissing");
        assertThat(leased.getProperties().getAccessTier()).isEqualTo(AccessTier.HOT);
        assertThat(leased.setAccessTierWithResponse(AccessTier.COOL, null, leaseId, null, Context.NONE)
                .getStatusCode()).isEqualTo(200);
        assertThat(leased.getProperties().getAccessTier()).isEqualTo(AccessTier.COOL);
    }

    /** What the SDKs do not send: a tier on an append blob, tiers and priorities that are no such thing. */
    @ParameterizedTest
    @EachStore
    void malformedTierHeadersAreRefusedAndChangeNothing(ServerFixture store) {
        BlobContainerClient container = SERVERS.newContainer(store, "tierbad");
        BlobClient existing = upload(container, "doc.txt", "kept");
        String appendUrl = container.getBlobClient("log").getBlobUrl();
        String blockUrl = container.getBlobClient("warm.txt").getBlobUrl();
        var client = SERVERS.service(store);

        assertThat(SignedRequests.errorOf(SignedRequests.send(client, HttpMethod.PUT, appendUrl,
                "x-ms-blob-type", "AppendBlob", "x-ms-access-tier", "Cool"))).isEqualTo("400 InvalidBlobTier");
        assertThat(SignedRequests.errorOf(SignedRequests.send(client, HttpMethod.PUT, blockUrl,
                "hello".getBytes(StandardCharsets.UTF_8), "x-ms-blob-type", "BlockBlob", "x-ms-access-tier", "Warm")))
                .isEqualTo("400 InvalidHeaderValue");
        assertThat(SignedRequests.errorOf(SignedRequests.send(client, HttpMethod.PUT,
                existing.getBlobUrl() + "?comp=tier"))).isEqualTo("400 MissingRequiredHeader");
        assertThat(SignedRequests.errorOf(SignedRequests.send(client, HttpMethod.PUT,
                existing.getBlobUrl() + "?comp=tier", "x-ms-access-tier", "Hot", "x-ms-rehydrate-priority", "Soon")))
                .isEqualTo("400 InvalidHeaderValue");

        assertThat(container.getBlobClient("log").exists()).isFalse();
        assertThat(container.getBlobClient("warm.txt").exists()).isFalse();
        assertThat(existing.getProperties().getAccessTier()).isEqualTo(AccessTier.HOT);
        assertThat(existing.getProperties().isAccessTierInferred()).isTrue();
    }
}
