package io.cerulean.it.blob;

import static io.cerulean.it.blob.BlobErrors.assertBlobError;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.util.BinaryData;
import com.azure.core.util.Context;
import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.models.AppendBlobRequestConditions;
import com.azure.storage.blob.models.BlobBeginCopySourceRequestConditions;
import com.azure.storage.blob.models.BlobLeaseRequestConditions;
import com.azure.storage.blob.models.BlobRequestConditions;
import com.azure.storage.blob.models.DeleteSnapshotsOptionType;
import com.azure.storage.blob.models.PageBlobRequestConditions;
import com.azure.storage.blob.models.PageRange;
import com.azure.storage.blob.options.BlobAcquireLeaseOptions;
import com.azure.storage.blob.options.BlobBeginCopyOptions;
import com.azure.storage.blob.options.BlobGetTagsOptions;
import com.azure.storage.blob.options.BlobParallelUploadOptions;
import com.azure.storage.blob.options.BlobSetTagsOptions;
import com.azure.storage.blob.specialized.AppendBlobClient;
import com.azure.storage.blob.specialized.BlobLeaseClientBuilder;
import com.azure.storage.blob.specialized.PageBlobClient;
import io.cerulean.it.EachStore;
import io.cerulean.it.ServerFixture;
import java.io.ByteArrayInputStream;
import java.util.Map;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * {@code x-ms-if-tags} ({@code BlobRequestConditions.setTagsConditions}) on the operations that take it:
 * each runs when the blob's tags pass and is 412 ConditionNotMet, changing nothing, when they do not;
 * {@code OR} and {@code <>} are allowed there; a malformed condition is 400 InvalidHeaderValue.
 */
class TagConditionsTest {
    private static final BlobServers SERVERS = new BlobServers();
    private static final String HOLDS = "\"team\" = 'red' AND (\"stage\" < '5' OR \"stage\" = '9') AND \"team\" <> 'x'";
    private static final String FAILS = "\"team\" = 'blue'";

    @AfterAll
    static void stop() {
        SERVERS.close();
    }

    private static BlobClient tagged(BlobContainerClient container, String name) {
        BlobClient blob = container.getBlobClient(name);
        blob.uploadWithResponse(new BlobParallelUploadOptions(BinaryData.fromString("contents"))
                .setTags(Map.of("team", "red", "stage", "3")), null, Context.NONE);
        return blob;
    }

    private static BlobRequestConditions when(String filter) {
        return new BlobRequestConditions().setTagsConditions(filter);
    }

    private static void notMet(ThrowingCallable call) {
        assertBlobError(call, 412, "ConditionNotMet");
    }

    @ParameterizedTest
    @EachStore
    void readsRunOnlyWhenTheTagsPass(ServerFixture store) {
        BlobClient blob = tagged(SERVERS.newContainer(store, "ifread"), "doc");

        assertThat(blob.downloadContentWithResponse(null, when(HOLDS), null, Context.NONE).getValue().toString())
                .isEqualTo("contents");
        notMet(() -> blob.downloadContentWithResponse(null, when(FAILS), null, Context.NONE));
        assertThat(blob.getPropertiesWithResponse(when(HOLDS), null, Context.NONE).getValue().getTagCount())
                .isEqualTo(2);
        notMet(() -> blob.getPropertiesWithResponse(when(FAILS), null, Context.NONE));
        assertThat(blob.getTagsWithResponse(new BlobGetTagsOptions().setRequestConditions(when(HOLDS)), null,
                Context.NONE).getValue()).containsEntry("team", "red");
        notMet(() -> blob.getTagsWithResponse(new BlobGetTagsOptions().setRequestConditions(when(FAILS)), null,
                Context.NONE));
        assertBlobError(() -> blob.getPropertiesWithResponse(when("\"team\" == 'red'"), null, Context.NONE), 400,
                "InvalidHeaderValue");
        com.azure.storage.blob.specialized.BlockBlobClient blocks = blob.getBlockBlobClient();
        assertThat(blocks.listBlocksWithResponse(new com.azure.storage.blob.options.BlockBlobListBlocksOptions(
                com.azure.storage.blob.models.BlockListType.ALL).setIfTagsMatch(HOLDS), null, Context.NONE)
                .getStatusCode()).isEqualTo(200);
        notMet(() -> blob.setAccessTierWithResponse(new com.azure.storage.blob.options.BlobSetAccessTierOptions(
                com.azure.storage.blob.models.AccessTier.COOL).setTagsConditions(FAILS), null, Context.NONE));
        assertThat(blob.getProperties().getAccessTier()).as("a tier change whose tags condition fails changes nothing")
                .isEqualTo(com.azure.storage.blob.models.AccessTier.HOT);
        assertThat(blob.setAccessTierWithResponse(new com.azure.storage.blob.options.BlobSetAccessTierOptions(
                com.azure.storage.blob.models.AccessTier.COOL).setTagsConditions(HOLDS), null, Context.NONE)
                .getStatusCode()).isEqualTo(200);
        notMet(() -> blocks.listBlocksWithResponse(new com.azure.storage.blob.options.BlockBlobListBlocksOptions(
                com.azure.storage.blob.models.BlockListType.ALL).setIfTagsMatch(FAILS), null, Context.NONE));
        com.azure.storage.blob.specialized.PageBlobClient pages = SERVERS.newContainer(store, "ifpages")
                .getBlobClient("disk").getPageBlobClient();
        pages.create(512);
        pages.setTags(Map.of("team", "red", "stage", "3"));
        assertThat(pages.getPageRangesWithResponse(new com.azure.storage.blob.models.BlobRange(0), when(HOLDS), null,
                Context.NONE).getStatusCode()).isEqualTo(200);
        notMet(() -> pages.getPageRangesWithResponse(new com.azure.storage.blob.models.BlobRange(0), when(FAILS), null,
                Context.NONE));
    }

    @ParameterizedTest
    @EachStore
    void writesToABlobRunOnlyWhenItsTagsPassAndChangeNothingOtherwise(ServerFixture store) {
        BlobContainerClient container = SERVERS.newContainer(store, "ifwrite");
        BlobClient blob = tagged(container, "doc");
        String etag = blob.getProperties().getETag();

        notMet(() -> blob.setMetadataWithResponse(Map.of("m", "1"), when(FAILS), null, Context.NONE));
        notMet(() -> blob.setTagsWithResponse(new BlobSetTagsOptions(Map.of("team", "blue"))
                .setRequestConditions(when(FAILS)), null, Context.NONE));
        notMet(() -> blob.uploadWithResponse(new BlobParallelUploadOptions(BinaryData.fromString("new"))
                .setRequestConditions(when(FAILS)), null, Context.NONE));
        notMet(() -> blob.createSnapshotWithResponse(null, when(FAILS), null, Context.NONE));
        notMet(() -> new BlobLeaseClientBuilder().blobClient(blob).buildClient().acquireLeaseWithResponse(
                new BlobAcquireLeaseOptions(-1).setRequestConditions(new BlobLeaseRequestConditions()
                        .setTagsConditions(FAILS)), null, Context.NONE));
        notMet(() -> blob.deleteWithResponse(DeleteSnapshotsOptionType.INCLUDE, when(FAILS), null, Context.NONE));
        assertThat(blob.getProperties().getETag()).isEqualTo(etag);
        assertThat(blob.getTags()).containsEntry("team", "red");

        blob.setMetadataWithResponse(Map.of("m", "1"), when(HOLDS), null, Context.NONE);
        blob.setTagsWithResponse(new BlobSetTagsOptions(Map.of("team", "red", "stage", "9"))
                .setRequestConditions(when(HOLDS)), null, Context.NONE);
        blob.deleteWithResponse(DeleteSnapshotsOptionType.INCLUDE, when(HOLDS), null, Context.NONE);
        assertThat(blob.exists()).isFalse();
        notMet(() -> container.getBlobClient("absent").uploadWithResponse(new BlobParallelUploadOptions(
                BinaryData.fromString("x")).setRequestConditions(when(HOLDS)), null, Context.NONE));
    }

    @ParameterizedTest
    @EachStore
    void appendsPagesAndCopiesCheckTheirTagConditions(ServerFixture store) {
        BlobContainerClient container = SERVERS.newContainer(store, "ifmore");
        AppendBlobClient log = container.getBlobClient("log").getAppendBlobClient();
        log.create();
        log.setTags(Map.of("team", "red", "stage", "1"));
        byte[] line = "line\n".getBytes();
        notMet(() -> log.appendBlockWithResponse(new ByteArrayInputStream(line), line.length, null,
                new AppendBlobRequestConditions().setTagsConditions(FAILS), null, Context.NONE));
        log.appendBlockWithResponse(new ByteArrayInputStream(line), line.length, null,
                new AppendBlobRequestConditions().setTagsConditions(HOLDS), null, Context.NONE);
        assertThat(log.getProperties().getBlobSize()).isEqualTo(line.length);

        PageBlobClient disk = container.getBlobClient("disk").getPageBlobClient();
        disk.create(512);
        disk.setTags(Map.of("team", "red", "stage", "1"));
        notMet(() -> disk.uploadPagesWithResponse(new PageRange().setStart(0).setEnd(511),
                new ByteArrayInputStream(new byte[512]), null, new PageBlobRequestConditions().setTagsConditions(FAILS),
                null, Context.NONE));

        BlobClient source = tagged(container, "source");
        BlobClient target = container.getBlobClient("target");
        assertBlobError(() -> target.beginCopy(new BlobBeginCopyOptions(source.getBlobUrl())
                .setSourceRequestConditions(new BlobBeginCopySourceRequestConditions().setTagsConditions(FAILS)))
                .waitForCompletion(), 412, "SourceConditionNotMet");
        target.beginCopy(new BlobBeginCopyOptions(source.getBlobUrl())
                .setSourceRequestConditions(new BlobBeginCopySourceRequestConditions().setTagsConditions(HOLDS)))
                .waitForCompletion();
        assertThat(target.downloadContent().toString()).isEqualTo("contents");
    }
}
