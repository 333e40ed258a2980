package io.cerulean.blob.service;

import static io.cerulean.blob.service.BlobPieces.ACCOUNT;
import static io.cerulean.blob.service.BlobPieces.CONTAINER;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cerulean.blob.model.BlobProperties;
import io.cerulean.blob.model.Conditions;
import io.cerulean.blob.model.PublicAccess;
import io.cerulean.storage.content.ContentId;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ContentLifecycleTest {
    private final BlobPieces pieces = new BlobPieces();
    private final ContentLifecycle lifecycle = pieces.lifecycle;

    @AfterEach
    void close() {
        pieces.close();
    }

    @Test
    void contentAWriteWasGivenIsDeletedWhenTheWriteFailsAndKeptWhenItSucceeds() {
        ContentId refused = pieces.content("refused");
        ContentId kept = pieces.content("kept");

        assertThatThrownBy(() -> lifecycle.adopt(refused, () -> {
            throw new IllegalStateException("the write failed");
        })).hasMessage("the write failed");
        assertThat(lifecycle.adopt(kept, () -> "written")).isEqualTo("written");

        assertThat(pieces.exists(refused)).isFalse();
        assertThat(pieces.exists(kept)).isTrue();
        assertThat(lifecycle.adopt(null, () -> "no content")).as("an empty body has none").isEqualTo("no content");
    }

    @Test
    void releasedContentStaysUntilTheCommitThatLetGoOfItIsDurable() {
        ContentId old = pieces.content("old");
        pieces.store.holdDurability();

        lifecycle.release(List.of(old, old));

        assertThat(pieces.exists(old)).as("a crash now could bring back a record naming it").isTrue();
        pieces.store.makeDurable();
        assertThat(pieces.exists(old)).isFalse();
    }

    @Test
    void aReadThatBeganFinishesOnContentReleasedMeanwhileAndLaterReadsFindItGone() {
        BlobProperties first = pieces.put("doc", "version one");
        ContentId bytes = first.segments().get(0).content();
        ByteBuffer target = ByteBuffer.allocate(64);

        try (ReadableBlob found = pieces.blobs.open(ACCOUNT, CONTAINER, "doc", BlobProperties.BASE, null, true);
             BlobContent body = found.content(0, first.contentLength())) {
            pieces.put("doc", "version two");
            assertThat(pieces.exists(bytes)).as("deleted: no later read opens it").isFalse();
            while (body.read(target) >= 0) {
                // read on
            }
        }

        assertThat(new String(target.array(), 0, target.position(), StandardCharsets.UTF_8)).isEqualTo("version one");
        assertThat(pieces.text("doc")).isEqualTo("version two");
    }

    @Test
    void aPartitionWriteReleasesOnlyWhatThePartitionNoLongerNames() {
        BlobProperties first = pieces.put("doc", "shared");
        pieces.blobs.snapshot(ACCOUNT, CONTAINER, "doc", Map.of(), Conditions.NONE);
        ContentId shared = first.segments().get(0).content();
        BlobProperties second = pieces.put("doc", "replaced");

        assertThat(pieces.exists(shared)).as("the snapshot still names it").isTrue();
        pieces.put("doc", "again");
        assertThat(pieces.exists(second.segments().get(0).content())).isFalse();
    }

    @Test
    void aDroppedContainerReleasesWhatItsBlobsSnapshotsAndStagedBlocksNamed() {
        BlobProperties blob = pieces.put("doc", "blob");
        BlobProperties snapshot = pieces.blobs.snapshot(ACCOUNT, CONTAINER, "doc", Map.of(), Conditions.NONE);
        pieces.put("doc", "newer");
        ContentId staged = pieces.content("staged");
        pieces.blocks.stage(ACCOUNT, CONTAINER, "draft", BlobPieces.blockId("a"), staged, 6, null);

        pieces.containers.delete(ACCOUNT, CONTAINER, Conditions.NONE);

        assertThat(pieces.exists(blob.segments().get(0).content())).isFalse();
        assertThat(pieces.exists(snapshot.segments().get(0).content())).isFalse();
        assertThat(pieces.exists(staged)).isFalse();
        pieces.containers.create(ACCOUNT, CONTAINER, Map.of(), PublicAccess.NONE);
        assertThat(pieces.listing.list(ACCOUNT, CONTAINER, "", null, java.util.Optional.empty(), 10,
                new Include(true, true)).items()).isEmpty();
    }
}
