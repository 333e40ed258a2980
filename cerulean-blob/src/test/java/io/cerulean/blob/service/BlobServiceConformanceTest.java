package io.cerulean.blob.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.cerulean.blob.error.BlobError;
import io.cerulean.blob.model.BlobProperties;
import io.cerulean.blob.model.BlobType;
import io.cerulean.blob.model.BlockId;
import io.cerulean.blob.model.Conditions;
import io.cerulean.blob.model.ContentHeaders;
import io.cerulean.blob.model.PublicAccess;
import io.cerulean.blob.service.BlobService.BlockReference;
import io.cerulean.blob.service.BlobService.BlockSource;
import io.cerulean.blob.service.BlobService.ListedBlob;
import io.cerulean.blob.service.BlobService.ListedItem;
import io.cerulean.common.error.ErrorCode;
import io.cerulean.common.error.ServiceException;
import io.cerulean.storage.KeyValueStore;
import io.cerulean.storage.content.ContentId;
import io.cerulean.storage.content.ContentStore;
import io.cerulean.storage.content.ContentWriter;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The Blob service's semantics, run on every store: each store's test extends this class and says
 * how to make a fresh record store and the content store that goes with it.
 */
public abstract class BlobServiceConformanceTest {
    protected static final String ACCOUNT = "devstoreaccount1";
    private static final String CONTAINER = "photos";

    protected KeyValueStore store;
    protected ContentStore contents;
    private BlobService blobs;

    /** A new, empty store. */
    protected abstract KeyValueStore newStore();

    /** The content store beside {@code store}. */
    protected abstract ContentStore newContents(KeyValueStore store);

    /** The store {@code closed} held, opened again; empty for a store that keeps nothing once closed. */
    protected Optional<KeyValueStore> reopen(KeyValueStore closed) {
        return Optional.empty();
    }

    @BeforeEach
    void open() {
        store = newStore();
        contents = newContents(store);
        blobs = new BlobService(store, contents, Clock.systemUTC());
        blobs.createContainer(ACCOUNT, CONTAINER, Map.of(), PublicAccess.NONE);
    }

    @AfterEach
    void close() {
        contents.close();
        store.close();
    }

    private static void assertFails(ThrowingCallable call, ErrorCode code) {
        assertThatThrownBy(call).isInstanceOfSatisfying(ServiceException.class,
                e -> assertThat(e.errorCode()).isEqualTo(code));
    }

    private ContentId content(byte[] bytes) {
        try (ContentWriter writer = contents.create()) {
            writer.write(ByteBuffer.wrap(bytes));
            return writer.finish();
        }
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static BlockId id(String text) {
        return BlockId.parse(Base64.getEncoder().encodeToString(bytes(text)));
    }

    private BlobProperties put(String name, byte[] bytes, Conditions conditions) {
        return blobs.putBlob(ACCOUNT, CONTAINER, name, BlobType.BLOCK_BLOB, content(bytes), bytes.length,
                ContentHeaders.NONE, Map.of(), conditions);
    }

    private void stage(String name, BlockId id, byte[] bytes) {
        blobs.stageBlock(ACCOUNT, CONTAINER, name, id, content(bytes), bytes.length);
    }

    private BlobProperties commit(String name, BlockSource source, BlockId... ids) {
        List<BlockReference> list = Arrays.stream(ids).map(i -> new BlockReference(source, i)).toList();
        return blobs.commitBlockList(ACCOUNT, CONTAINER, name, list, ContentHeaders.NONE, Map.of(), Conditions.NONE);
    }

    private byte[] read(String name, long offset, long length) {
        BlobProperties blob = blobs.blob(ACCOUNT, CONTAINER, name);
        try (BlobContent content = blobs.read(blob, offset, length)) {
            ByteBuffer target = ByteBuffer.allocate((int) length);
            while (content.read(target) >= 0 && target.hasRemaining()) {
                // Segments end where they end: keep reading.
            }
            return Arrays.copyOf(target.array(), target.position());
        }
    }

    private String readText(String name) {
        BlobProperties blob = blobs.blob(ACCOUNT, CONTAINER, name);
        return new String(read(name, 0, blob.contentLength()), StandardCharsets.UTF_8);
    }

    /** Content is deleted once the commit that let go of it is durable: wait for that. */
    private boolean gone(ContentId id) throws InterruptedException {
        for (int i = 0; i < 200 && contents.open(id).isPresent(); i++) {
            store.whenDurable().join();
            Thread.sleep(10);
        }
        return contents.open(id).isEmpty();
    }

    @Test
    void aPutBlobReadsBackWholeAndByRange() {
        byte[] data = new byte[300_000];
        new Random(7).nextBytes(data);
        BlobProperties blob = put("cat.jpg", data, Conditions.NONE);

        assertThat(blob.contentLength()).isEqualTo(data.length);
        assertThat(read("cat.jpg", 0, data.length)).isEqualTo(data);
        assertThat(read("cat.jpg", 1000, 5000)).isEqualTo(Arrays.copyOfRange(data, 1000, 6000));
        assertThat(blobs.blob(ACCOUNT, CONTAINER, "cat.jpg").etag()).isEqualTo(blob.etag());
    }

    @Test
    void aBlockListAssemblesTheBlocksInItsOrderAndDiscardsTheBlocksLeftOut() throws InterruptedException {
        ContentId left = content(bytes("BBB"));
        stage("doc", id("a"), bytes("AAAA"));
        blobs.stageBlock(ACCOUNT, CONTAINER, "doc", id("b"), left, 3);
        stage("doc", id("c"), bytes("CC"));

        BlobProperties blob = commit("doc", BlockSource.LATEST, id("c"), id("a"), id("c"));

        assertThat(readText("doc")).isEqualTo("CCAAAACC");
        assertThat(blob.contentLength()).isEqualTo(8);
        BlobService.BlockLists lists = blobs.blockLists(ACCOUNT, CONTAINER, "doc");
        assertThat(lists.committed()).extracting(b -> b.id()).containsExactly(id("c"), id("a"), id("c"));
        assertThat(lists.uncommitted()).as("staged blocks go with the commit").isEmpty();
        assertThat(gone(left)).as("the bytes of the block left out are deleted").isTrue();
    }

    @Test
    void recommittingASubsetOfTheCommittedBlocksShrinksTheBlob() throws InterruptedException {
        stage("log", id("1"), bytes("one,"));
        stage("log", id("2"), bytes("two,"));
        commit("log", BlockSource.LATEST, id("1"), id("2"));
        ContentId second = blobs.blob(ACCOUNT, CONTAINER, "log").segments().get(1).content();

        commit("log", BlockSource.COMMITTED, id("1"));

        assertThat(readText("log")).isEqualTo("one,");
        assertThat(gone(second)).isTrue();
    }

    @Test
    void aBlockListNamingAnUnknownBlockIsRefusedAndChangesNothing() {
        stage("doc", id("a"), bytes("A"));
        commit("doc", BlockSource.LATEST, id("a"));
        long etag = blobs.blob(ACCOUNT, CONTAINER, "doc").etag();
        stage("doc", id("b"), bytes("B"));

        assertFails(() -> commit("doc", BlockSource.LATEST, id("b"), id("z")), BlobError.INVALID_BLOCK_LIST);
        assertFails(() -> commit("doc", BlockSource.UNCOMMITTED, id("a")), BlobError.INVALID_BLOCK_LIST);
        assertFails(() -> commit("doc", BlockSource.COMMITTED, id("b")), BlobError.INVALID_BLOCK_LIST);

        assertThat(blobs.blob(ACCOUNT, CONTAINER, "doc").etag()).as("staging never changes the ETag").isEqualTo(etag);
        assertThat(readText("doc")).isEqualTo("A");
        assertThat(blobs.blockLists(ACCOUNT, CONTAINER, "doc").uncommitted()).extracting(b -> b.id())
                .containsExactly(id("b"));
    }

    @Test
    void blockIdsOfAnotherLengthAreRefused() {
        stage("doc", id("ab"), bytes("x"));
        assertFails(() -> stage("doc", id("abcdef"), bytes("y")), BlobError.INVALID_BLOB_OR_BLOCK);
        commit("doc", BlockSource.LATEST, id("ab"));
        assertFails(() -> stage("doc", id("abcd"), bytes("y")), BlobError.INVALID_BLOB_OR_BLOCK);
        stage("doc", id("cd"), bytes("z"));
    }

    @Test
    void aBlobWithOnlyStagedBlocksIsNotFoundButListedWithTheUncommitted() {
        stage("draft", id("a"), bytes("A"));

        assertFails(() -> blobs.blob(ACCOUNT, CONTAINER, "draft"), BlobError.BLOB_NOT_FOUND);
        assertThat(names(blobs.listBlobs(ACCOUNT, CONTAINER, "", null, Optional.empty(), 100, false).items())).isEmpty();
        List<ListedBlob> withStaged = blobs.listBlobs(ACCOUNT, CONTAINER, "", null, Optional.empty(), 100, true).items();
        assertThat(names(withStaged)).containsExactly("draft");
        assertThat(((ListedItem) withStaged.get(0)).committed()).isEmpty();
        assertThat(blobs.blockLists(ACCOUNT, CONTAINER, "draft").uncommitted()).hasSize(1);
    }

    @Test
    void conditionsOnWritesAreHeld() {
        BlobProperties first = put("b", bytes("1"), Conditions.NONE);
        Conditions absent = new Conditions(null, List.of("*"), null, null);
        Conditions stale = new Conditions(List.of("\"0x1\""), null, null, null);
        Conditions current = new Conditions(List.of("\"0x" + Long.toHexString(first.etag()).toUpperCase() + "\""),
                null, null, null);

        assertFails(() -> put("b", bytes("2"), absent), BlobError.BLOB_ALREADY_EXISTS);
        assertFails(() -> put("b", bytes("2"), stale), BlobError.CONDITION_NOT_MET);
        assertFails(() -> put("new", bytes("2"), stale), BlobError.CONDITION_NOT_MET);
        assertFails(() -> blobs.setBlobMetadata(ACCOUNT, CONTAINER, "b", Map.of("k", "v"), stale),
                BlobError.CONDITION_NOT_MET);
        assertThat(readText("b")).isEqualTo("1");

        BlobProperties second = put("b", bytes("2"), current);
        assertThat(second.etag()).isGreaterThan(first.etag());
        assertThat(readText("b")).isEqualTo("2");
        put("fresh", bytes("3"), absent);
    }

    @Test
    void listingByHierarchyGroupsNamesUnderTheirPrefixAndPagesThrough() {
        for (String name : List.of("a/1", "a/2", "b", "c/x/y", "c/z", "d")) {
            put(name, bytes(name), Conditions.NONE);
        }
        assertThat(names(blobs.listBlobs(ACCOUNT, CONTAINER, "", "/", Optional.empty(), 100, false).items()))
                .containsExactly("a/", "b", "c/", "d");
        assertThat(names(blobs.listBlobs(ACCOUNT, CONTAINER, "c/", "/", Optional.empty(), 100, false).items()))
                .containsExactly("c/x/", "c/z");

        List<String> paged = new ArrayList<>();
        Optional<String> marker = Optional.empty();
        int pages = 0;
        do {
            BlobService.BlobList page = blobs.listBlobs(ACCOUNT, CONTAINER, "", "/", marker, 1, false);
            paged.addAll(names(page.items()));
            marker = page.nextMarker();
            pages++;
        } while (marker.isPresent());
        assertThat(paged).containsExactly("a/", "b", "c/", "d");
        assertThat(pages).isEqualTo(4);
        assertThat(names(blobs.listBlobs(ACCOUNT, CONTAINER, "a/", null, Optional.empty(), 100, false).items()))
                .containsExactly("a/1", "a/2");
    }

    @Test
    void deletingAContainerTakesItsBlobsAndTheirBytes() throws InterruptedException {
        put("one", bytes("1"), Conditions.NONE);
        ContentId bytesOfOne = blobs.blob(ACCOUNT, CONTAINER, "one").segments().get(0).content();

        blobs.deleteContainer(ACCOUNT, CONTAINER, Conditions.NONE);

        assertFails(() -> blobs.blob(ACCOUNT, CONTAINER, "one"), BlobError.CONTAINER_NOT_FOUND);
        assertThat(gone(bytesOfOne)).isTrue();
        blobs.createContainer(ACCOUNT, CONTAINER, Map.of(), PublicAccess.NONE);
        assertThat(blobs.listBlobs(ACCOUNT, CONTAINER, "", null, Optional.empty(), 10, true).items())
                .as("a container made again under the name starts empty").isEmpty();
    }

    @Test
    void deletingABlobTakesItsStagedBlocksToo() throws InterruptedException {
        put("b", bytes("1"), Conditions.NONE);
        ContentId staged = content(bytes("s"));
        blobs.stageBlock(ACCOUNT, CONTAINER, "b", id("s"), staged, 1);

        blobs.deleteBlob(ACCOUNT, CONTAINER, "b", Conditions.NONE);

        assertFails(() -> blobs.blockLists(ACCOUNT, CONTAINER, "b"), BlobError.BLOB_NOT_FOUND);
        assertThat(gone(staged)).isTrue();
        assertFails(() -> blobs.deleteBlob(ACCOUNT, CONTAINER, "b", Conditions.NONE), BlobError.BLOB_NOT_FOUND);
    }

    @Test
    void aWriteThatFailsDeletesTheBytesItWasGiven() throws InterruptedException {
        ContentId orphan = content(bytes("x"));
        assertFails(() -> blobs.putBlob(ACCOUNT, "missing", "b", BlobType.BLOCK_BLOB, orphan, 1, ContentHeaders.NONE,
                Map.of(), Conditions.NONE), BlobError.CONTAINER_NOT_FOUND);
        assertThat(gone(orphan)).isTrue();
    }

    @Test
    void concurrentPutsOfOneBlobEachLandWholeAndTheLastOneStays() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<BlobProperties>> writes = new ArrayList<>();
            for (int i = 0; i < 32; i++) {
                String text = ("writer-" + i + "-").repeat(1000);
                writes.add(pool.submit(() -> put("contended", bytes(text), Conditions.NONE)));
            }
            long newest = 0;
            for (Future<BlobProperties> write : writes) {
                newest = Math.max(newest, write.get().etag());
            }
            BlobProperties blob = blobs.blob(ACCOUNT, CONTAINER, "contended");
            assertThat(blob.etag()).isEqualTo(newest);
            assertThat(readText("contended")).matches("(writer-\\d+-)+").hasSize((int) blob.contentLength());
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void metadataChangesTheEtagAndKeepsTheBytes() {
        BlobProperties before = put("b", bytes("body"), Conditions.NONE);
        BlobProperties after = blobs.setBlobMetadata(ACCOUNT, CONTAINER, "b", Map.of("Owner", "ops"), Conditions.NONE);
        assertThat(after.etag()).isGreaterThan(before.etag());
        assertThat(blobs.blob(ACCOUNT, CONTAINER, "b").metadata()).containsExactly(Map.entry("Owner", "ops"));
        assertThat(readText("b")).isEqualTo("body");
        assertThat(blobs.setBlobHeaders(ACCOUNT, CONTAINER, "b",
                new ContentHeaders("text/plain", null, null, null, "no-store", null), Conditions.NONE).headers()
                .contentType()).isEqualTo("text/plain");
    }

    @Test
    void blobsOutliveReopening() {
        put("kept", bytes("durable"), Conditions.NONE);
        store.whenDurable().join();
        contents.close();
        store.close();
        Optional<KeyValueStore> reopened = reopen(store);
        if (reopened.isEmpty()) {
            store = newStore(); // for close()
            contents = newContents(store);
        }
        assumeTrue(reopened.isPresent(), "the store keeps nothing");
        store = reopened.get();
        contents = newContents(store);
        blobs = new BlobService(store, contents, Clock.systemUTC());
        assertThat(readText("kept")).isEqualTo("durable");
    }

    private static List<String> names(List<ListedBlob> items) {
        return items.stream().map(ListedBlob::name).toList();
    }

}
