package io.cerulean.it.blob;

import static io.cerulean.it.blob.BlobErrors.assertBlobError;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.util.BinaryData;
import com.azure.core.util.Context;
import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.models.BlobCopySourceTagsMode;
import com.azure.storage.blob.models.BlobItem;
import com.azure.storage.blob.models.BlobListDetails;
import com.azure.storage.blob.models.BlobProperties;
import com.azure.storage.blob.models.BlobRequestConditions;
import com.azure.storage.blob.models.ListBlobsOptions;
import com.azure.storage.blob.options.BlobBeginCopyOptions;
import com.azure.storage.blob.options.BlobCopyFromUrlOptions;
import com.azure.storage.blob.options.BlobParallelUploadOptions;
import com.azure.storage.blob.options.BlobSetTagsOptions;
import com.azure.storage.blob.options.BlobUploadFromUrlOptions;
import com.azure.storage.blob.options.BlockBlobCommitBlockListOptions;
import com.azure.storage.blob.specialized.BlobClientBase;
import com.azure.storage.blob.specialized.BlobLeaseClient;
import com.azure.storage.blob.specialized.BlobLeaseClientBuilder;
import com.azure.storage.blob.specialized.BlockBlobClient;
import io.cerulean.it.EachStore;
import io.cerulean.it.ServerFixture;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * Blob index tags through the Java SDK: Set and Get Blob Tags, tags given with a write
 * ({@code x-ms-tags}) or copied, listed with {@code include=tags}, counted in the properties, and
 * every refusal of a tag set as the service words it.
 */
class TagsTest {
    private static final BlobServers SERVERS = new BlobServers();

    @AfterAll
    static void stop() {
        SERVERS.close();
    }

    private static BlobClient blob(ServerFixture store, String prefix) {
        BlobClient blob = SERVERS.newContainer(store, prefix).getBlobClient("doc.txt");
        blob.upload(BinaryData.fromString("contents"));
        return blob;
    }

    @ParameterizedTest
    @EachStore
    void setTagsReplacesTheSetAndLeavesETagAndLastModified(ServerFixture store) {
        BlobClient blob = blob(store, "tagset");
        BlobProperties before = blob.getProperties();
        Map<String, String> tags = new LinkedHashMap<>();
        tags.put("project", "alpha");
        tags.put("Stage", "2");
        tags.put("azAZ09 +-./:=_", "azAZ09 +-./:=_ ");
        tags.put("empty", "");

        assertThat(blob.setTagsWithResponse(new BlobSetTagsOptions(tags), null, Context.NONE).getStatusCode())
                .isEqualTo(204);

        Map<String, String> got = blob.getTags();
        assertThat(got).containsOnlyKeys(tags.keySet());
        assertThat(got).containsEntry("project", "alpha").containsEntry("Stage", "2")
                .containsEntry("azAZ09 +-./:=_", "azAZ09 +-./:=_ ");
        assertThat(got.get("empty")).as("an empty value, which the SDK reads as null").isNullOrEmpty();
        BlobProperties after = blob.getProperties();
        assertThat(after.getETag()).isEqualTo(before.getETag());
        assertThat(after.getLastModified()).isEqualTo(before.getLastModified());
        assertThat(after.getTagCount()).isEqualTo(4);

        blob.setTags(Map.of("only", "one"));
        assertThat(blob.getTags()).containsExactlyEntriesOf(Map.of("only", "one"));
        blob.setTags(Map.of());
        assertThat(blob.getTags()).isEmpty();
    }

    @ParameterizedTest
    @EachStore
    void aSnapshotKeepsTheTagsOfItsMomentAndTheBlobsAreItsOwn(ServerFixture store) {
        BlobClient blob = blob(store, "tagsnap");
        blob.setTags(Map.of("v", "1"));
        BlobClientBase snapshot = blob.createSnapshot();
        blob.setTags(Map.of("v", "2"));

        assertThat(snapshot.getTags()).containsExactlyEntriesOf(Map.of("v", "1"));
        assertThat(blob.getTags()).containsExactlyEntriesOf(Map.of("v", "2"));
    }

    @ParameterizedTest
    @EachStore
    void writesSetTheTagsTheySendAndAWriteThatSendsNoneLeavesNone(ServerFixture store) {
        BlobContainerClient container = SERVERS.newContainer(store, "tagwrite");
        BlobClient put = container.getBlobClient("put");
        put.uploadWithResponse(new BlobParallelUploadOptions(BinaryData.fromString("one"))
                .setTags(Map.of("how", "put blob", "n", "1")), null, Context.NONE);
        assertThat(put.getTags()).containsExactlyInAnyOrderEntriesOf(Map.of("how", "put blob", "n", "1"));

        BlockBlobClient listed = container.getBlobClient("listed").getBlockBlobClient();
        String id = Base64.getEncoder().encodeToString("block-1".getBytes(StandardCharsets.US_ASCII));
        listed.stageBlock(id, BinaryData.fromString("block"));
        listed.commitBlockListWithResponse(new BlockBlobCommitBlockListOptions(List.of(id))
                .setTags(Map.of("how", "block list")), null, Context.NONE);
        assertThat(listed.getTags()).containsExactlyEntriesOf(Map.of("how", "block list"));

        put.upload(BinaryData.fromString("two"), true);
        assertThat(put.getTags()).as("a blob written again without x-ms-tags").isEmpty();
        assertThat(put.getProperties().getTagCount()).isNull();
    }

    @ParameterizedTest
    @EachStore
    void copiesTakeTheTagsSentOrWithCopyTheSources(ServerFixture store) {
        BlobContainerClient container = SERVERS.newContainer(store, "tagcopy");
        BlobClient source = container.getBlobClient("source");
        source.uploadWithResponse(new BlobParallelUploadOptions(BinaryData.fromString("bytes"))
                .setTags(Map.of("from", "source")), null, Context.NONE);

        BlobClient copied = container.getBlobClient("copied");
        copied.beginCopy(new BlobBeginCopyOptions(source.getBlobUrl()).setTags(Map.of("from", "copy")))
                .waitForCompletion();
        assertThat(copied.getTags()).containsExactlyEntriesOf(Map.of("from", "copy"));

        BlobClient plain = container.getBlobClient("plain");
        plain.beginCopy(source.getBlobUrl(), null).waitForCompletion();
        assertThat(plain.getTags()).as("Copy Blob does not copy tags").isEmpty();

        BlobClient synced = container.getBlobClient("synced");
        synced.copyFromUrlWithResponse(new BlobCopyFromUrlOptions(SourceSas.readable(source))
                .setCopySourceTagsMode(BlobCopySourceTagsMode.COPY), null, Context.NONE);
        assertThat(synced.getTags()).containsExactlyEntriesOf(Map.of("from", "source"));

        BlockBlobClient fromUrl = container.getBlobClient("from-url").getBlockBlobClient();
        fromUrl.uploadFromUrlWithResponse(new BlobUploadFromUrlOptions(SourceSas.readable(source))
                .setTags(Map.of("from", "url")), null, Context.NONE);
        assertThat(fromUrl.getTags()).containsExactlyEntriesOf(Map.of("from", "url"));
        BlockBlobClient fromUrlCopy = container.getBlobClient("from-url-copy").getBlockBlobClient();
        fromUrlCopy.uploadFromUrlWithResponse(new BlobUploadFromUrlOptions(SourceSas.readable(source))
                .setCopySourceTagsMode(BlobCopySourceTagsMode.COPY), null, Context.NONE);
        assertThat(fromUrlCopy.getTags()).containsExactlyEntriesOf(Map.of("from", "source"));
    }

    @ParameterizedTest
    @EachStore
    void listingWithTagsShowsEachBlobsTags(ServerFixture store) {
        BlobContainerClient container = SERVERS.newContainer(store, "taglist");
        container.getBlobClient("a").uploadWithResponse(new BlobParallelUploadOptions(BinaryData.fromString("a"))
                .setTags(Map.of("k", "1", "j", "2")), null, Context.NONE);
        container.getBlobClient("b").upload(BinaryData.fromString("b"));

        List<BlobItem> items = container.listBlobs(new ListBlobsOptions().setDetails(new BlobListDetails()
                .setRetrieveTags(true)), null).stream().toList();
        assertThat(items).extracting(BlobItem::getName).containsExactly("a", "b");
        assertThat(items.get(0).getTags()).containsExactlyInAnyOrderEntriesOf(Map.of("k", "1", "j", "2"));
        assertThat(items.get(0).getProperties().getTagCount()).isEqualTo(2);
        assertThat(items.get(1).getTags()).isNullOrEmpty();
        assertThat(container.listBlobs().stream().toList().get(0).getTags()).as("not asked for").isNullOrEmpty();
    }

    @ParameterizedTest
    @EachStore
    void tagSetsPastTheLimitsAreRefusedAndChangeNothing(ServerFixture store) {
        BlobClient blob = blob(store, "taglimit");
        blob.setTags(Map.of("kept", "yes"));
        Map<String, String> eleven = new LinkedHashMap<>();
        for (int i = 0; i < 11; i++) {
            eleven.put("k" + i, "v");
        }
        assertBlobError(() -> blob.setTags(eleven), 400, "TagsTooLarge");
        assertBlobError(() -> blob.setTags(Map.of("k".repeat(129), "v")), 400, "TagsTooLarge");
        assertBlobError(() -> blob.setTags(Map.of("k", "v".repeat(257))), 400, "TagsTooLarge");
        assertBlobError(() -> blob.setTags(Map.of("", "v")), 400, "EmptyTagName");
        assertBlobError(() -> blob.setTags(Map.of("a#b", "v")), 400, "InvalidTag");
        assertBlobError(() -> blob.setTags(Map.of("k", "50%")), 400, "InvalidTag");
        assertThat(blob.getTags()).containsExactlyEntriesOf(Map.of("kept", "yes"));

        BlobClient other = blob.getContainerClient().getBlobClient("other");
        assertBlobError(() -> other.uploadWithResponse(new BlobParallelUploadOptions(BinaryData.fromString("x"))
                .setTags(Map.of("k", "abc%abc")), null, Context.NONE), 400, "InvalidTag");
        assertBlobError(() -> other.uploadWithResponse(new BlobParallelUploadOptions(BinaryData.fromString("x"))
                .setTags(eleven), null, Context.NONE), 400, "TagsTooLarge");
        assertThat(other.exists()).as("a refused Put Blob writes nothing").isFalse();
        assertBlobError(() -> blob.getContainerClient().getBlobClient("missing").setTags(Map.of("k", "v")), 404,
                "BlobNotFound");
    }

    @ParameterizedTest
    @EachStore
    void aLeasedBlobsTagsAreSetWithItsLeaseOnly(ServerFixture store) {
        BlobClient blob = blob(store, "taglease");
        BlobLeaseClient lease = new BlobLeaseClientBuilder().blobClient(blob).buildClient();
        String leaseId = lease.acquireLease(-1);

        assertBlobError(() -> blob.setTags(Map.of("k", "v")), 412, "LeaseIdMissing");
        blob.setTagsWithResponse(new BlobSetTagsOptions(Map.of("k", "v"))
                .setRequestConditions(new BlobRequestConditions().setLeaseId(leaseId)), Duration.ofSeconds(30),
                Context.NONE);
        assertThat(blob.getTags()).containsExactlyEntriesOf(Map.of("k", "v"));
        lease.releaseLease();
    }
}
