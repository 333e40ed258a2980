package io.cerulean.blob.service;

import static io.cerulean.blob.service.BlobPieces.ACCOUNT;
import static io.cerulean.blob.service.BlobPieces.CONTAINER;
import static io.cerulean.blob.service.BlobPieces.assertFails;
import static io.cerulean.blob.service.BlobPieces.blockId;
import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.blob.error.BlobError;
import io.cerulean.blob.model.BlobProperties;
import io.cerulean.blob.model.BlobType;
import io.cerulean.blob.model.Conditions;
import io.cerulean.blob.model.ContentHeaders;
import io.cerulean.storage.content.ContentId;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class BlocksTest {
    private final BlobPieces pieces = new BlobPieces();
    private final Blocks blocks = pieces.blocks;

    @AfterEach
    void close() {
        pieces.close();
    }

    private BlobProperties commit(String name, BlockReference... references) {
        return blocks.commit(ACCOUNT, CONTAINER, name, List.of(references), ContentHeaders.NONE, Map.of(),
                Conditions.NONE, null, Map.of());
    }

    private static BlockReference ref(BlockSource source, String id) {
        return new BlockReference(source, blockId(id));
    }

    private List<String> uncommitted(String name) {
        return blocks.lists(ACCOUNT, CONTAINER, name, BlobProperties.BASE, null).uncommitted().stream()
                .map(b -> b.id().text()).toList();
    }

    @Test
    void stagingABlockAgainUnderItsIdReplacesItAndReleasesTheBytesItHad() {
        ContentId first = pieces.content("one");
        blocks.stage(ACCOUNT, CONTAINER, "doc", blockId("a"), first, 3, null);

        pieces.stage("doc", "a", "uno!");

        assertThat(pieces.exists(first)).isFalse();
        assertThat(blocks.lists(ACCOUNT, CONTAINER, "doc", BlobProperties.BASE, null).uncommitted())
                .containsExactly(new Block(blockId("a"), 4));
        assertThat(pieces.text(commit("doc", ref(BlockSource.UNCOMMITTED, "a")))).isEqualTo("uno!");
    }

    @Test
    void aLeasedBlobTakesBlocksFromItsHolderOnly() {
        pieces.put("doc", "x");
        pieces.leases.lease(ACCOUNT, CONTAINER, "doc", new Leases.Action.Acquire("holder", -1), Conditions.NONE);
        ContentId refused = pieces.content("b");

        assertFails(() -> blocks.stage(ACCOUNT, CONTAINER, "doc", blockId("a"), refused, 1, null),
                BlobError.LEASE_ID_MISSING);
        assertThat(pieces.exists(refused)).as("a refused block's bytes go").isFalse();
        blocks.stage(ACCOUNT, CONTAINER, "doc", blockId("a"), pieces.content("b"), 1, "holder");
        assertThat(uncommitted("doc")).hasSize(1);
    }

    @Test
    void latestTakesTheStagedBlockBeforeTheCommittedOneOfAnId() {
        pieces.stage("doc", "a", "old-a");
        pieces.stage("doc", "b", "old-b");
        commit("doc", ref(BlockSource.LATEST, "a"), ref(BlockSource.LATEST, "b"));
        pieces.stage("doc", "a", "new-a");

        BlobProperties blob = commit("doc", ref(BlockSource.LATEST, "a"), ref(BlockSource.COMMITTED, "b"),
                ref(BlockSource.COMMITTED, "b"));

        assertThat(pieces.text(blob)).isEqualTo("new-aold-bold-b");
        assertThat(blocks.lists(ACCOUNT, CONTAINER, "doc", BlobProperties.BASE, null).committed())
                .extracting(b -> b.id().text()).containsExactly(blockId("a").text(), blockId("b").text(),
                        blockId("b").text());
    }

    @Test
    void aBlockListCommitsOverAnotherTypeOfBlobWithoutItsPieces() {
        pieces.blobs.put(ACCOUNT, CONTAINER, "log", NewBlob.of(BlobType.APPEND_BLOB, pieces.content("appended"), 8,
                ContentHeaders.NONE, Map.of()), Conditions.NONE);
        pieces.stage("log", "a", "block");

        assertFails(() -> commit("log", ref(BlockSource.COMMITTED, "a")), BlobError.INVALID_BLOCK_LIST);
        BlobProperties blob = commit("log", ref(BlockSource.UNCOMMITTED, "a"));

        assertThat(blob.type()).isEqualTo(BlobType.BLOCK_BLOB);
        assertThat(pieces.text(blob)).isEqualTo("block");
    }

    @Test
    void aBlockListPastFiftyThousandBlocksIsRefusedBeforeAnythingIsRead() {
        List<BlockReference> many = new ArrayList<>(Collections.nCopies(Blocks.MAX_COMMITTED_BLOCKS + 1,
                ref(BlockSource.LATEST, "a")));
        pieces.store.resetCounts();

        assertFails(() -> blocks.commit(ACCOUNT, CONTAINER, "doc", many, ContentHeaders.NONE, Map.of(),
                Conditions.NONE, null, Map.of()), BlobError.BLOCK_LIST_TOO_LONG);
        assertThat(pieces.store.gets.get() + pieces.store.scans.get()).isZero();
    }

    @Test
    void aSnapshotsBlockListHasNoUncommittedBlocksAndOnlyABlockBlobHasOne() {
        pieces.stage("doc", "a", "A");
        commit("doc", ref(BlockSource.LATEST, "a"));
        BlobProperties snapshot = pieces.blobs.snapshot(ACCOUNT, CONTAINER, "doc", Map.of(), Conditions.NONE);
        pieces.stage("doc", "b", "B");
        pieces.blobs.put(ACCOUNT, CONTAINER, "disk", NewBlob.of(BlobType.PAGE_BLOB, null, 512, ContentHeaders.NONE,
                Map.of()), Conditions.NONE);

        BlockLists lists = blocks.lists(ACCOUNT, CONTAINER, "doc", snapshot.snapshot(), null);

        assertThat(lists.committed()).extracting(b -> b.id()).containsExactly(blockId("a"));
        assertThat(lists.uncommitted()).isEmpty();
        assertFails(() -> blocks.lists(ACCOUNT, CONTAINER, "disk", BlobProperties.BASE, null),
                BlobError.INVALID_BLOB_TYPE);
    }

    @Test
    void theSweepGoesByEachBlobsLastPutBlock() {
        pieces.stage("old", "a", "A");
        pieces.stage("recent", "a", "A");
        pieces.clock.advance(Duration.ofDays(6));
        pieces.stage("recent", "b", "B"); // keeps the blob's older block too

        pieces.clock.advance(Duration.ofDays(2));
        assertThat(blocks.sweep()).isEqualTo(1);

        assertFails(() -> blocks.lists(ACCOUNT, CONTAINER, "old", BlobProperties.BASE, null),
                BlobError.BLOB_NOT_FOUND);
        assertThat(uncommitted("recent")).hasSize(2);
    }

    @Test
    void theSweepRemovesManyBlocksOfABlobInBoundedCommitsAndReleasesTheirBytes() {
        List<ContentId> staged = new ArrayList<>();
        for (int i = 0; i < 150; i++) {
            ContentId content = pieces.content("block " + i);
            staged.add(content);
            blocks.stage(ACCOUNT, CONTAINER, "big", blockId(String.format("%03d", i)), content, 1, null);
        }
        pieces.clock.advance(Blocks.STAGED_BLOCK_LIFETIME.plusSeconds(1));
        pieces.store.resetCounts();

        assertThat(blocks.sweep()).isEqualTo(150);

        assertThat(pieces.store.commits).as("64 removals a commit at most").hasValue(3);
        assertThat(staged).noneMatch(pieces::exists);
    }

    @Test
    void theSweepRemovesAnEmptyStagedBlockAndReleasesTheOthersBytes() {
        ContentId before = pieces.content("before");
        ContentId after = pieces.content("after");
        blocks.stage(ACCOUNT, CONTAINER, "doc", blockId("a"), before, 6, null);
        blocks.stage(ACCOUNT, CONTAINER, "doc", blockId("b"), null, 0, null); // Put Block with an empty body
        blocks.stage(ACCOUNT, CONTAINER, "doc", blockId("c"), after, 5, null);
        ContentId nextBlob = pieces.content("next");
        blocks.stage(ACCOUNT, CONTAINER, "next", blockId("a"), nextBlob, 4, null);
        pieces.clock.advance(Blocks.STAGED_BLOCK_LIFETIME.plusSeconds(1));

        assertThat(blocks.sweep()).isEqualTo(4);

        assertThat(List.of(before, after, nextBlob)).noneMatch(pieces::exists);
        assertFails(() -> blocks.lists(ACCOUNT, CONTAINER, "doc", BlobProperties.BASE, null),
                BlobError.BLOB_NOT_FOUND);
        assertFails(() -> blocks.lists(ACCOUNT, CONTAINER, "next", BlobProperties.BASE, null),
                BlobError.BLOB_NOT_FOUND);
    }
}
