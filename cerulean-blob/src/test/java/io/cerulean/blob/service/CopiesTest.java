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
import io.cerulean.blob.model.DestinationSettings;
import io.cerulean.blob.model.ContentHeaders;
import io.cerulean.blob.model.Segment;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class CopiesTest {
    private static final String URL = "http://127.0.0.1/devstoreaccount1/photos/source";

    private final BlobPieces pieces = new BlobPieces();
    private final Copies copies = pieces.copies;

    @AfterEach
    void close() {
        pieces.close();
    }

    private BlobProperties blockBlob(String name, String... blocks) {
        for (int i = 0; i < blocks.length; i++) {
            pieces.stage(name, "b" + i, blocks[i]);
        }
        List<BlockReference> list = java.util.stream.IntStream.range(0, blocks.length)
                .mapToObj(i -> new BlockReference(BlockSource.UNCOMMITTED, blockId("b" + i))).toList();
        return pieces.blocks.commit(ACCOUNT, CONTAINER, name, list, ContentHeaders.NONE, Map.of("from", "source"),
                Conditions.NONE, null, Map.of());
    }

    private BlobProperties copy(BlobProperties source, String target, CopyKind kind) {
        return copies.copy(source, URL, new CopyTarget(ACCOUNT, CONTAINER, target, null, null, Conditions.NONE, kind,
                DestinationSettings.NONE));
    }

    @Test
    void aCopyKeepsTheSourcesBlocksInOneNewContentAndRemembersItsSource() {
        BlobProperties source = blockBlob("source", "one,", "two");

        BlobProperties target = copy(source, "target", CopyKind.COPY);

        assertThat(pieces.text(target)).isEqualTo("one,two");
        assertThat(target.segments()).extracting(Segment::blockId).containsExactly(blockId("b0"), blockId("b1"));
        assertThat(target.segments()).extracting(Segment::content).doesNotContainAnyElementsOf(
                source.segments().stream().map(Segment::content).toList()).containsOnly(
                target.segments().get(0).content());
        assertThat(target.copy().source()).isEqualTo(URL);
        assertThat(target.metadata()).as("the source's when none is given").containsExactly(Map.entry("from", "source"));
        pieces.blobs.delete(ACCOUNT, CONTAINER, "source", BlobProperties.BASE, DeleteSnapshots.NONE,
                Conditions.NONE);
        assertThat(pieces.text("target")).as("a copy outlives its source").isEqualTo("one,two");
    }

    @Test
    void putBlobFromUrlMakesABlockBlobOfOnePieceWithoutACopyRecord() {
        pieces.blobs.put(ACCOUNT, CONTAINER, "source", new NewBlob(BlobType.PAGE_BLOB, null, 512, ContentHeaders.NONE,
                Map.of(), 3, null, Map.of()), Conditions.NONE);
        pieces.pages.put(ACCOUNT, CONTAINER, "source", 0, 512, pieces.content("p".repeat(512)), Conditions.NONE,
                SequenceConditions.NONE);
        BlobProperties source = pieces.blobs.get(ACCOUNT, CONTAINER, "source", BlobProperties.BASE, null);

        BlobProperties target = copy(source, "target", CopyKind.PUT_FROM_URL);

        assertThat(target.type()).isEqualTo(BlobType.BLOCK_BLOB);
        assertThat(target.segments()).hasSize(1);
        assertThat(target.copy()).isNull();
        assertThat(target.sequenceNumber()).isZero();
        assertThat(pieces.text(target)).isEqualTo("p".repeat(512));
    }

    @Test
    void aCopyOfAPageBlobKeepsItsZerosAsZeros() {
        BlobProperties source = pieces.blobs.put(ACCOUNT, CONTAINER, "source", new NewBlob(BlobType.PAGE_BLOB, null,
                1024, ContentHeaders.NONE, Map.of(), 3, null, Map.of()), Conditions.NONE);

        BlobProperties target = copy(source, "target", CopyKind.COPY);

        assertThat(target.segments()).extracting(Segment::content).containsOnlyNulls();
        assertThat(target.sequenceNumber()).isEqualTo(3);
        assertThat(pieces.text(target)).isEqualTo("\0".repeat(1024));
    }

    @Test
    void theSourceMustBeThereAndMeetItsConditions() {
        BlobProperties source = pieces.put("source", "x");
        CopySource missing = new CopySource(ACCOUNT, CONTAINER, "missing", BlobProperties.BASE, URL);
        CopySource elsewhere = new CopySource(ACCOUNT, "nowhere", "source", BlobProperties.BASE, URL);
        CopySource there = new CopySource(ACCOUNT, CONTAINER, "source", BlobProperties.BASE, URL);

        assertFails(() -> copies.source(missing, Conditions.NONE), BlobError.CANNOT_VERIFY_COPY_SOURCE);
        assertFails(() -> copies.source(elsewhere, Conditions.NONE), BlobError.CANNOT_VERIFY_COPY_SOURCE);
        assertFails(() -> copies.source(there, new Conditions(List.of("\"0x1\""), null, null, null)),
                BlobError.SOURCE_CONDITION_NOT_MET);
        assertThat(copies.source(there, Conditions.NONE).etag()).isEqualTo(source.etag());
    }

    @Test
    void copiedBytesOfARangeComeWithTheirMd5() throws Exception {
        BlobProperties source = blockBlob("source", "hello ", "world");

        CopiedContent copied = copies.content(source, 3, 5);
        CopiedContent none = copies.content(source, 0, 0);

        assertThat(copied.size()).isEqualTo(5);
        assertThat(copied.md5()).isEqualTo(MessageDigest.getInstance("MD5").digest("lo wo".getBytes(
                StandardCharsets.UTF_8)));
        assertThat(pieces.text(pieces.blobs.put(ACCOUNT, CONTAINER, "range", NewBlob.of(BlobType.BLOCK_BLOB,
                copied.content(), copied.size(), ContentHeaders.NONE, Map.of()), Conditions.NONE))).isEqualTo("lo wo");
        assertThat(none.content()).isNull();
    }

    @Test
    void aCopyRefusedByTheTargetsConditionsLeavesNoBytesBehind() {
        BlobProperties source = pieces.put("source", "x");
        pieces.put("target", "kept");
        var before = pieces.contents.held();

        assertFails(() -> copies.copy(source, URL, CopyTarget.copy(ACCOUNT, CONTAINER, "target", null,
                new Conditions(null, List.of("*"), null, null), DestinationSettings.NONE)),
                BlobError.BLOB_ALREADY_EXISTS);
        assertFails(() -> copies.copy(source, URL, CopyTarget.copy(ACCOUNT, "nowhere", "target", null,
                Conditions.NONE, DestinationSettings.NONE)), BlobError.CONTAINER_NOT_FOUND);

        assertThat(pieces.text("target")).isEqualTo("kept");
        assertThat(pieces.contents.held()).as("the refused copy's bytes deleted").isEqualTo(before);
    }
}
