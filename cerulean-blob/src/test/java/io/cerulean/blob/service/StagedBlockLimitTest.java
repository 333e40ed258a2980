package io.cerulean.blob.service;

import static io.cerulean.blob.service.BlobPieces.ACCOUNT;
import static io.cerulean.blob.service.BlobPieces.CONTAINER;
import static io.cerulean.blob.service.BlobPieces.assertFails;
import static io.cerulean.blob.service.BlobPieces.blockId;
import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.blob.error.BlobError;
import io.cerulean.blob.model.BlobProperties;
import io.cerulean.blob.model.Conditions;
import io.cerulean.blob.model.ContentHeaders;
import io.cerulean.common.error.ServiceException;
import io.cerulean.storage.content.ContentId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The limit of staged blocks a blob may have (100,000 in Azure; a few here, through the same code):
 * a new block id past it is 409 BlockCountExceedsLimit and its bytes go; the count falls when a block
 * list or the sweep removes staged blocks, and concurrent Put Blocks count each block once.
 */
class StagedBlockLimitTest {
    private final BlobPieces pieces = new BlobPieces();
    private final Blocks blocks = limited(3);

    @AfterEach
    void close() {
        pieces.close();
    }

    private Blocks limited(int limit) {
        return new Blocks(pieces.store, pieces.containers, pieces.writes, pieces.lifecycle, pieces.clock,
                pieces.random, limit);
    }

    private void stage(Blocks to, String id, String text) {
        to.stage(ACCOUNT, CONTAINER, "doc", blockId(id), pieces.content(text), text.length(), null);
    }

    private List<String> uncommitted() {
        return blocks.lists(ACCOUNT, CONTAINER, "doc", BlobProperties.BASE, null).uncommitted().stream()
                .map(b -> b.id().text()).toList();
    }

    @Test
    void aNewBlockPastTheLimitIsBlockCountExceedsLimitAndItsBytesGo() {
        stage(blocks, "a", "1");
        stage(blocks, "b", "2");
        stage(blocks, "c", "3");
        ContentId refused = pieces.content("4");

        assertFails(() -> blocks.stage(ACCOUNT, CONTAINER, "doc", blockId("d"), refused, 1, null),
                BlobError.BLOCK_COUNT_EXCEEDS_LIMIT);

        assertThat(pieces.exists(refused)).isFalse();
        assertThat(uncommitted()).containsExactlyInAnyOrder(blockId("a").text(), blockId("b").text(),
                blockId("c").text());
        stage(blocks, "b", "two"); // a block staged again under its id is no new block
        assertThat(uncommitted()).hasSize(3);
    }

    @Test
    void aBlockListDiscardsTheStagedBlocksAndTheirCount() {
        stage(blocks, "a", "1");
        stage(blocks, "b", "2");
        stage(blocks, "c", "3");
        blocks.commit(ACCOUNT, CONTAINER, "doc", List.of(new BlockReference(BlockSource.UNCOMMITTED, blockId("a"))),
                ContentHeaders.NONE, Map.of(), Conditions.NONE, null, Map.of());

        stage(blocks, "d", "4");
        stage(blocks, "e", "5");
        stage(blocks, "f", "6");

        assertFails(() -> stage(blocks, "g", "7"), BlobError.BLOCK_COUNT_EXCEEDS_LIMIT);
        assertThat(uncommitted()).hasSize(3);
    }

    @Test
    void theSweepLowersTheCount() {
        stage(blocks, "a", "1");
        stage(blocks, "b", "2");
        stage(blocks, "c", "3");
        pieces.clock.advance(Blocks.STAGED_BLOCK_LIFETIME.plusSeconds(1));

        assertThat(blocks.sweep()).isEqualTo(3);

        stage(blocks, "d", "4");
        stage(blocks, "e", "5");
        stage(blocks, "f", "6");
        assertFails(() -> stage(blocks, "g", "7"), BlobError.BLOCK_COUNT_EXCEEDS_LIMIT);
    }

    @Test
    void concurrentPutBlocksCountEachBlockOnce() throws Exception {
        Blocks twenty = limited(20);
        AtomicInteger staged = new AtomicInteger();
        AtomicInteger refused = new AtomicInteger();
        ExecutorService threads = Executors.newFixedThreadPool(8);
        try {
            List<CompletableFuture<Void>> done = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                int thread = t;
                done.add(CompletableFuture.runAsync(() -> {
                    for (int i = 0; i < 5; i++) {
                        try {
                            stage(twenty, "t" + thread + "-" + i, "x");
                            staged.incrementAndGet();
                        } catch (ServiceException e) {
                            assertThat(e.errorCode()).isEqualTo(BlobError.BLOCK_COUNT_EXCEEDS_LIMIT);
                            refused.incrementAndGet();
                        }
                    }
                }, threads));
            }
            CompletableFuture.allOf(done.toArray(CompletableFuture[]::new)).get();
        } finally {
            threads.shutdown();
        }

        assertThat(staged.get()).isEqualTo(20);
        assertThat(refused.get()).isEqualTo(20);
        assertThat(uncommitted()).hasSize(20);
    }
}
