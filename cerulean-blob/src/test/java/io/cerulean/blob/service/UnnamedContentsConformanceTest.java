package io.cerulean.blob.service;

import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.blob.model.BlobType;
import io.cerulean.blob.model.BlockId;
import io.cerulean.blob.model.Conditions;
import io.cerulean.blob.model.ContentHeaders;
import io.cerulean.blob.model.PublicAccess;
import io.cerulean.storage.KeyValueStore;
import io.cerulean.storage.content.ContentId;
import io.cerulean.storage.content.ContentStore;
import io.cerulean.storage.content.ContentWriter;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Bytes a server left behind when it died between writing them and committing the row that names
 * them (written here straight to the content store, with no row), swept on every store: gone an
 * hour after a sweep first finds them unnamed, while every byte a blob, a snapshot or a staged block
 * names stays, and so does content a write commits meanwhile.
 */
public abstract class UnnamedContentsConformanceTest {
    private static final String ACCOUNT = "devstoreaccount1";
    private static final String CONTAINER = "leftovers";

    protected KeyValueStore store;
    protected ContentStore contents;
    private final BlobPieces.MovableClock clock = new BlobPieces.MovableClock();
    private BlobService blobs;

    protected abstract KeyValueStore newStore();

    protected abstract ContentStore newContents(KeyValueStore store);

    @BeforeEach
    void open() {
        store = newStore();
        contents = newContents(store);
        blobs = new BlobService(store, contents, clock);
        blobs.containers().create(ACCOUNT, CONTAINER, Map.of(), PublicAccess.NONE);
    }

    @AfterEach
    void close() {
        contents.close();
        store.close();
    }

    private ContentId content(byte[] bytes) {
        try (ContentWriter writer = contents.create()) {
            writer.write(ByteBuffer.wrap(bytes));
            return writer.finish();
        }
    }

    private static byte[] bytes(int length, long seed) {
        byte[] bytes = new byte[length];
        new Random(seed).nextBytes(bytes);
        return bytes;
    }

    private static BlockId id(String text) {
        return BlockId.parse(Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void bytesNoRowNamesGoAnHourAfterASweepFindsThemAndNamedBytesStay() {
        byte[] large = bytes(200 * 1024, 1); // past what a RocksDB server keeps inline: a file
        ContentId smallLeftover = content(bytes(100, 2));
        ContentId largeLeftover = content(large);
        ContentId blob = content(large);
        blobs.putBlob(ACCOUNT, CONTAINER, "kept", NewBlob.of(BlobType.BLOCK_BLOB, blob, large.length,
                ContentHeaders.NONE, Map.of()), Conditions.NONE);
        blobs.snapshotBlob(ACCOUNT, CONTAINER, "kept", Map.of(), Conditions.NONE);
        ContentId staged = content(bytes(50, 3));
        blobs.stageBlock(ACCOUNT, CONTAINER, "staged", id("a"), staged, 50, null);
        ContentId inFlight = content(bytes(70, 4));

        assertThat(blobs.sweeps().unnamedContents()).as("first found unnamed").isZero();
        blobs.stageBlock(ACCOUNT, CONTAINER, "late", id("b"), inFlight, 70, null); // a write that then commits
        clock.advance(UnnamedContents.GRACE.minusMinutes(1));
        assertThat(blobs.sweeps().unnamedContents()).as("not an hour yet").isZero();
        clock.advance(Duration.ofMinutes(1));

        assertThat(blobs.sweeps().unnamedContents()).isEqualTo(2);

        assertThat(contents.open(smallLeftover)).isEmpty();
        assertThat(contents.open(largeLeftover)).isEmpty();
        for (ContentId named : List.of(blob, staged, inFlight)) {
            assertThat(contents.open(named)).as("named content %s", named).isPresent();
        }
        blobs.commitBlockList(ACCOUNT, CONTAINER, "late", List.of(new BlockReference(BlockSource.UNCOMMITTED,
                id("b"))), ContentHeaders.NONE, Map.of(), Conditions.NONE, null, Map.of());
        assertThat(blobs.blob(BlobAddress.of(ACCOUNT, CONTAINER, "late"), null).contentLength()).isEqualTo(70);
        clock.advance(UnnamedContents.GRACE.multipliedBy(2));
        assertThat(blobs.sweeps().unnamedContents()).as("nothing else is unnamed").isZero();
    }

    @Test
    void bytesSeenUnnamedOnlyOnceStay() {
        ContentId leftover = content(bytes(10, 5));
        clock.advance(UnnamedContents.GRACE.multipliedBy(5));

        assertThat(blobs.sweeps().unnamedContents()).isZero();

        assertThat(contents.open(leftover)).isPresent();
    }
}
