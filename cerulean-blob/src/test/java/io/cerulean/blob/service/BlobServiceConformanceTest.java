package io.cerulean.blob.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.cerulean.blob.error.BlobError;
import io.cerulean.blob.model.AccessTier;
import io.cerulean.blob.model.BlobProperties;
import io.cerulean.blob.model.BlobType;
import io.cerulean.blob.model.BlockId;
import io.cerulean.blob.model.Conditions;
import io.cerulean.blob.model.ContentHeaders;
import io.cerulean.blob.model.PublicAccess;
import io.cerulean.blob.model.RehydratePriority;
import io.cerulean.common.error.ErrorCode;
import io.cerulean.common.error.ServiceException;
import io.cerulean.storage.KeyValueStore;
import io.cerulean.storage.content.ContentId;
import io.cerulean.storage.content.ContentStore;
import io.cerulean.storage.content.ContentWriter;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
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
        blobs.containers().create(ACCOUNT, CONTAINER, Map.of(), PublicAccess.NONE);
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
        return blobs.putBlob(ACCOUNT, CONTAINER, name, NewBlob.of(BlobType.BLOCK_BLOB, content(bytes), bytes.length,
                ContentHeaders.NONE, Map.of()), conditions);
    }

    private void stage(String name, BlockId id, byte[] bytes) {
        blobs.stageBlock(ACCOUNT, CONTAINER, name, id, content(bytes), bytes.length, null);
    }

    private BlobProperties commit(String name, BlockSource source, BlockId... ids) {
        List<BlockReference> list = Arrays.stream(ids).map(i -> new BlockReference(source, i)).toList();
        return blobs.commitBlockList(ACCOUNT, CONTAINER, name, list, ContentHeaders.NONE, Map.of(), Conditions.NONE,
                null, Map.of());
    }

    private byte[] read(String name, long offset, long length) {
        BlobProperties blob = blobs.blob(BlobAddress.of(ACCOUNT, CONTAINER, name), null);
        try (BlobContent content = blobs.read(blob, offset, length)) {
            ByteBuffer target = ByteBuffer.allocate((int) length);
            while (content.read(target) >= 0 && target.hasRemaining()) {
                // Segments end where they end: keep reading.
            }
            return Arrays.copyOf(target.array(), target.position());
        }
    }

    private String readText(String name) {
        BlobProperties blob = blobs.blob(BlobAddress.of(ACCOUNT, CONTAINER, name), null);
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
        assertThat(blobs.blob(BlobAddress.of(ACCOUNT, CONTAINER, "cat.jpg"), null).etag()).isEqualTo(blob.etag());
    }

    @Test
    void aBlockListAssemblesTheBlocksInItsOrderAndDiscardsTheBlocksLeftOut() throws InterruptedException {
        ContentId left = content(bytes("BBB"));
        stage("doc", id("a"), bytes("AAAA"));
        blobs.stageBlock(ACCOUNT, CONTAINER, "doc", id("b"), left, 3, null);
        stage("doc", id("c"), bytes("CC"));

        BlobProperties blob = commit("doc", BlockSource.LATEST, id("c"), id("a"), id("c"));

        assertThat(readText("doc")).isEqualTo("CCAAAACC");
        assertThat(blob.contentLength()).isEqualTo(8);
        BlockLists lists = blobs.blockLists(BlobAddress.of(ACCOUNT, CONTAINER, "doc"), null);
        assertThat(lists.committed()).extracting(b -> b.id()).containsExactly(id("c"), id("a"), id("c"));
        assertThat(lists.uncommitted()).as("staged blocks go with the commit").isEmpty();
        assertThat(gone(left)).as("the bytes of the block left out are deleted").isTrue();
    }

    @Test
    void aReadThatBeganFinishesOnItsVersionWhenTheBlobIsReplaced() throws InterruptedException {
        int block = 3 * 1024 * 1024 / 2 + 17; // more than a chunk of content as records
        byte[] old = new byte[3 * block];
        new Random(7).nextBytes(old);
        for (int i = 0; i < 3; i++) {
            stage("doc", id("b" + i), Arrays.copyOfRange(old, i * block, (i + 1) * block));
        }
        BlobProperties first = commit("doc", BlockSource.UNCOMMITTED, id("b0"), id("b1"), id("b2"));
        ByteBuffer target = ByteBuffer.allocate(old.length);
        BlobContent body;
        try (ReadableBlob found = blobs.openBlob(BlobAddress.of(ACCOUNT, CONTAINER, "doc"), null, true)) {
            body = found.content(0, old.length);
        }
        try (body) {
            target.limit(1000);
            body.read(target);
            put("doc", bytes("replaced"), Conditions.NONE);
            for (var segment : first.segments()) {
                assertThat(gone(segment.content())).as("released: deleted to every later read").isTrue();
            }
            target.limit(old.length);
            while (target.hasRemaining() && body.read(target) >= 0) {
                // read on
            }
        }

        assertThat(target.array()).as("the version the read began on, whole").isEqualTo(old);
        assertThat(readText("doc")).isEqualTo("replaced");
    }

    @Test
    void recommittingASubsetOfTheCommittedBlocksShrinksTheBlob() throws InterruptedException {
        stage("log", id("1"), bytes("one,"));
        stage("log", id("2"), bytes("two,"));
        commit("log", BlockSource.LATEST, id("1"), id("2"));
        ContentId second = blobs.blob(BlobAddress.of(ACCOUNT, CONTAINER, "log"), null).segments().get(1).content();

        commit("log", BlockSource.COMMITTED, id("1"));

        assertThat(readText("log")).isEqualTo("one,");
        assertThat(gone(second)).isTrue();
    }

    @Test
    void aBlockListNamingAnUnknownBlockIsRefusedAndChangesNothing() {
        stage("doc", id("a"), bytes("A"));
        commit("doc", BlockSource.LATEST, id("a"));
        long etag = blobs.blob(BlobAddress.of(ACCOUNT, CONTAINER, "doc"), null).etag();
        stage("doc", id("b"), bytes("B"));

        assertFails(() -> commit("doc", BlockSource.LATEST, id("b"), id("z")), BlobError.INVALID_BLOCK_LIST);
        assertFails(() -> commit("doc", BlockSource.UNCOMMITTED, id("a")), BlobError.INVALID_BLOCK_LIST);
        assertFails(() -> commit("doc", BlockSource.COMMITTED, id("b")), BlobError.INVALID_BLOCK_LIST);

        assertThat(blobs.blob(BlobAddress.of(ACCOUNT, CONTAINER, "doc"),
                null).etag()).as("staging never changes the ETag").isEqualTo(etag);
        assertThat(readText("doc")).isEqualTo("A");
        assertThat(blobs.blockLists(BlobAddress.of(ACCOUNT, CONTAINER, "doc"),
                null).uncommitted()).extracting(b -> b.id())
                .containsExactly(id("b"));
    }

    @Test
    void blockIdsOfAnotherDecodedLengthThanTheStagedOnesAreRefused() {
        stage("doc", id("ab"), bytes("x"));
        assertFails(() -> stage("doc", id("abcdef"), bytes("y")), BlobError.INVALID_BLOB_OR_BLOCK);
        assertFails(() -> stage("doc", id("a"), bytes("y")), BlobError.INVALID_BLOB_OR_BLOCK); // "YQ==", as long
        commit("doc", BlockSource.LATEST, id("ab"));
        stage("doc", id("abcd"), bytes("y")); // committed ids do not count
        assertFails(() -> stage("doc", id("cd"), bytes("z")), BlobError.INVALID_BLOB_OR_BLOCK);
    }

    @Test
    void aCreateOnlyWriteCreatesButNeverReplaces() {
        put("made", bytes("first"), Conditions.NONE.creatingOnly());
        stage("made", id("a"), bytes("A"));

        assertFails(() -> put("made", bytes("second"), Conditions.NONE.creatingOnly()),
                io.cerulean.common.error.CommonError.AUTHORIZATION_PERMISSION_MISMATCH);
        assertFails(() -> blobs.commitBlockList(ACCOUNT, CONTAINER, "made", List.of(new BlockReference(
                BlockSource.LATEST, id("a"))), ContentHeaders.NONE, Map.of(), Conditions.NONE.creatingOnly(), null,
                        Map.of()),
                io.cerulean.common.error.CommonError.AUTHORIZATION_PERMISSION_MISMATCH);

        assertThat(readText("made")).isEqualTo("first");
        assertThat(blobs.blockLists(BlobAddress.of(ACCOUNT, CONTAINER, "made"), null).uncommitted())
                .extracting(b -> b.id()).containsExactly(id("a"));
    }

    @Test
    void aBlobWithOnlyStagedBlocksIsNotFoundButListedWithTheUncommitted() {
        stage("draft", id("a"), bytes("A"));

        assertFails(() -> blobs.blob(BlobAddress.of(ACCOUNT, CONTAINER, "draft"), null), BlobError.BLOB_NOT_FOUND);
        assertThat(names(blobs.listBlobs(ACCOUNT, CONTAINER, "", null, Optional.empty(), 100, Include.NONE).items())).isEmpty();
        List<ListedBlob> withStaged = blobs.listBlobs(ACCOUNT, CONTAINER, "", null, Optional.empty(), 100, new Include(false, true)).items();
        assertThat(names(withStaged)).containsExactly("draft");
        assertThat(((ListedItem) withStaged.get(0)).committed()).isEmpty();
        assertThat(blobs.blockLists(BlobAddress.of(ACCOUNT, CONTAINER, "draft"), null).uncommitted()).hasSize(1);
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
        assertThat(names(blobs.listBlobs(ACCOUNT, CONTAINER, "", "/", Optional.empty(), 100, Include.NONE).items()))
                .containsExactly("a/", "b", "c/", "d");
        assertThat(names(blobs.listBlobs(ACCOUNT, CONTAINER, "c/", "/", Optional.empty(), 100, Include.NONE).items()))
                .containsExactly("c/x/", "c/z");

        List<String> paged = new ArrayList<>();
        Optional<ListPosition> marker = Optional.empty();
        int pages = 0;
        do {
            BlobList page = blobs.listBlobs(ACCOUNT, CONTAINER, "", "/", marker, 1, Include.NONE);
            paged.addAll(names(page.items()));
            marker = page.next();
            pages++;
        } while (marker.isPresent());
        assertThat(paged).containsExactly("a/", "b", "c/", "d");
        assertThat(pages).isEqualTo(4);
        assertThat(names(blobs.listBlobs(ACCOUNT, CONTAINER, "a/", null, Optional.empty(), 100, Include.NONE).items()))
                .containsExactly("a/1", "a/2");
    }

    @Test
    void deletingAContainerTakesItsBlobsAndTheirBytes() throws InterruptedException {
        put("one", bytes("1"), Conditions.NONE);
        ContentId bytesOfOne = blobs.blob(BlobAddress.of(ACCOUNT, CONTAINER, "one"), null).segments().get(0).content();

        blobs.containers().delete(ACCOUNT, CONTAINER, Conditions.NONE);

        assertFails(() -> blobs.blob(BlobAddress.of(ACCOUNT, CONTAINER, "one"), null), BlobError.CONTAINER_NOT_FOUND);
        assertThat(gone(bytesOfOne)).isTrue();
        blobs.containers().create(ACCOUNT, CONTAINER, Map.of(), PublicAccess.NONE);
        assertThat(blobs.listBlobs(ACCOUNT, CONTAINER, "", null, Optional.empty(), 10, new Include(true, true)).items())
                .as("a container made again under the name starts empty").isEmpty();
    }

    @Test
    void deletingABlobTakesItsStagedBlocksToo() throws InterruptedException {
        put("b", bytes("1"), Conditions.NONE);
        ContentId staged = content(bytes("s"));
        blobs.stageBlock(ACCOUNT, CONTAINER, "b", id("s"), staged, 1, null);

        blobs.deleteBlob(BlobAddress.of(ACCOUNT, CONTAINER, "b"), DeleteSnapshots.NONE, Conditions.NONE, null);

        assertFails(() -> blobs.blockLists(BlobAddress.of(ACCOUNT, CONTAINER, "b"), null), BlobError.BLOB_NOT_FOUND);
        assertThat(gone(staged)).isTrue();
        assertFails(() -> blobs.deleteBlob(BlobAddress.of(ACCOUNT, CONTAINER, "b"), DeleteSnapshots.NONE,
                Conditions.NONE, null), BlobError.BLOB_NOT_FOUND);
    }

    @Test
    void aWriteThatFailsDeletesTheBytesItWasGiven() throws InterruptedException {
        ContentId orphan = content(bytes("x"));
        assertFails(() -> blobs.putBlob(ACCOUNT, "missing", "b", NewBlob.of(BlobType.BLOCK_BLOB, orphan, 1,
                ContentHeaders.NONE, Map.of()), Conditions.NONE), BlobError.CONTAINER_NOT_FOUND);
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
            BlobProperties blob = blobs.blob(BlobAddress.of(ACCOUNT, CONTAINER, "contended"), null);
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
        assertThat(blobs.blob(BlobAddress.of(ACCOUNT, CONTAINER, "b"),
                null).metadata()).containsExactly(Map.entry("Owner", "ops"));
        assertThat(readText("b")).isEqualTo("body");
        assertThat(blobs.setBlobProperties(ACCOUNT, CONTAINER, "b", new ContentHeaders("text/plain", null, null, null,
                "no-store", null), null, null, Conditions.NONE).headers()
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

    @Test
    void aSnapshotKeepsItsMomentWhileTheBlobChangesAndHoldsOnToItsBytes() throws InterruptedException {
        BlobProperties first = put("doc", bytes("version one"), Conditions.NONE);
        BlobProperties snapshot = blobs.snapshotBlob(ACCOUNT, CONTAINER, "doc", Map.of(), Conditions.NONE);
        BlobProperties again = blobs.snapshotBlob(ACCOUNT, CONTAINER, "doc", Map.of("Kept", "yes"), Conditions.NONE);
        ContentId firstBytes = first.segments().get(0).content();

        assertThat(snapshot.snapshot()).isLessThan(again.snapshot());
        assertThat(blobs.blob(BlobAddress.of(ACCOUNT, CONTAINER, "doc"),
                null).etag()).as("a snapshot leaves the ETag").isEqualTo(first.etag());
        put("doc", bytes("version two"), Conditions.NONE);

        BlobProperties kept = blobs.blob(BlobAddress.of(ACCOUNT, CONTAINER, "doc").atSnapshot(snapshot.snapshot()),
                null);
        try (BlobContent content = blobs.read(kept, 0, kept.contentLength())) {
            ByteBuffer target = ByteBuffer.allocate((int) kept.contentLength());
            while (target.hasRemaining() && content.read(target) >= 0) {
                // read on
            }
            assertThat(new String(target.array(), StandardCharsets.UTF_8)).isEqualTo("version one");
        }
        assertThat(blobs.blob(BlobAddress.of(ACCOUNT, CONTAINER, "doc").atSnapshot(again.snapshot()), null).metadata())
                .containsExactly(Map.entry("Kept", "yes"));
        assertThat(readText("doc")).isEqualTo("version two");
        assertThat(contents.open(firstBytes)).as("bytes a snapshot names are kept").isPresent();

        List<ListedBlob> listed = blobs.listBlobs(ACCOUNT, CONTAINER, "", null, Optional.empty(), 100,
                new Include(true, false)).items();
        assertThat(listed).extracting(item -> ((ListedItem) item).committed().get().snapshot())
                .as("snapshots first, oldest first").containsExactly(snapshot.snapshot(), again.snapshot(),
                        BlobProperties.BASE);

        assertFails(() -> blobs.deleteBlob(BlobAddress.of(ACCOUNT, CONTAINER, "doc"), DeleteSnapshots.NONE,
                Conditions.NONE, null), BlobError.SNAPSHOTS_PRESENT);
        blobs.deleteBlob(BlobAddress.of(ACCOUNT, CONTAINER, "doc").atSnapshot(snapshot.snapshot()),
                DeleteSnapshots.NONE, Conditions.NONE, null);
        assertThat(contents.open(firstBytes)).as("the other snapshot still names them").isPresent();
        blobs.deleteBlob(BlobAddress.of(ACCOUNT, CONTAINER, "doc"), DeleteSnapshots.ONLY, Conditions.NONE, null);
        assertThat(gone(firstBytes)).as("the last snapshot naming them let go").isTrue();
        assertThat(readText("doc")).isEqualTo("version two");
        blobs.snapshotBlob(ACCOUNT, CONTAINER, "doc", Map.of(), Conditions.NONE);
        blobs.deleteBlob(BlobAddress.of(ACCOUNT, CONTAINER, "doc"), DeleteSnapshots.INCLUDE, Conditions.NONE, null);
        assertThat(blobs.listBlobs(ACCOUNT, CONTAINER, "", null, Optional.empty(), 100,
                new Include(true, true)).items()).isEmpty();
    }

    @Test
    void appendBlocksGrowAnAppendBlobUnderItsConditions() {
        blobs.putBlob(ACCOUNT, CONTAINER, "log", NewBlob.of(BlobType.APPEND_BLOB, null, 0, ContentHeaders.NONE,
                Map.of()), Conditions.NONE);
        AppendConditions none = AppendConditions.NONE;
        blobs.appendBlock(ACCOUNT, CONTAINER, "log", content(bytes("a,")), 2, Conditions.NONE, none);
        BlobProperties two = blobs.appendBlock(ACCOUNT, CONTAINER, "log", content(bytes("bb,")), 3, Conditions.NONE,
                new AppendConditions(2L, 10L));

        assertThat(two.contentLength()).isEqualTo(5);
        assertThat(two.committedBlockCount()).isEqualTo(2);
        assertFails(() -> blobs.appendBlock(ACCOUNT, CONTAINER, "log", content(bytes("c")), 1, Conditions.NONE,
                new AppendConditions(4L, null)), BlobError.APPEND_POSITION_CONDITION_NOT_MET);
        assertFails(() -> blobs.appendBlock(ACCOUNT, CONTAINER, "log", content(bytes("cccccc")), 6, Conditions.NONE,
                new AppendConditions(null, 10L)), BlobError.MAX_BLOB_SIZE_CONDITION_NOT_MET);
        put("block", bytes("x"), Conditions.NONE);
        assertFails(() -> blobs.appendBlock(ACCOUNT, CONTAINER, "block", content(bytes("c")), 1, Conditions.NONE, none),
                BlobError.INVALID_BLOB_TYPE);
        assertThat(readText("log")).isEqualTo("a,bb,");
    }

    @Test
    void aLeasedBlobTakesWritesFromItsHolderOnly() {
        put("leased", bytes("1"), Conditions.NONE);
        String id = "6f1c6c2e-1a7b-4a63-9f5e-0b6b7c1f2d3e";
        LeaseOutcome acquired = blobs.leaseBlob(ACCOUNT, CONTAINER, "leased",
                new Leases.Action.Acquire(id, -1), Conditions.NONE);
        Conditions holder = new Conditions(null, null, null, null, id);
        Conditions stranger = new Conditions(null, null, null, null, "00000000-0000-0000-0000-000000000000");

        assertThat(acquired.lease().id()).isEqualTo(id);
        assertThat(acquired.etag()).as("a lease action leaves the ETag").isEqualTo(blobs.blob(BlobAddress.of(ACCOUNT,
                CONTAINER, "leased"), null).etag());
        assertFails(() -> put("leased", bytes("2"), Conditions.NONE), BlobError.LEASE_ID_MISSING);
        assertFails(() -> put("leased", bytes("2"), stranger), BlobError.LEASE_ID_MISMATCH_WITH_BLOB_OPERATION);
        assertFails(() -> blobs.leaseBlob(ACCOUNT, CONTAINER, "leased", new Leases.Action.Acquire(null, 30),
                Conditions.NONE), BlobError.LEASE_ALREADY_PRESENT);
        put("leased", bytes("2"), holder);
        assertThat(blobs.blob(BlobAddress.of(ACCOUNT, CONTAINER, "leased"),
                null).lease().id()).as("an overwrite keeps the lease").isEqualTo(id);

        blobs.leaseBlob(ACCOUNT, CONTAINER, "leased", new Leases.Action.Break(0), Conditions.NONE);
        assertFails(() -> put("leased", bytes("3"), holder), BlobError.LEASE_LOST);
        put("leased", bytes("3"), Conditions.NONE);
        assertFails(() -> blobs.leaseBlob(ACCOUNT, CONTAINER, "leased", new Leases.Action.Renew(id), Conditions.NONE),
                BlobError.LEASE_IS_BROKEN_AND_CANNOT_BE_RENEWED);
        blobs.leaseBlob(ACCOUNT, CONTAINER, "leased", new Leases.Action.Release(id), Conditions.NONE);
        assertFails(() -> blobs.leaseBlob(ACCOUNT, CONTAINER, "leased", new Leases.Action.Break(null), Conditions.NONE),
                BlobError.LEASE_NOT_PRESENT_WITH_LEASE_OPERATION);
        assertThat(readText("leased")).isEqualTo("3");
    }

    @Test
    void aLeasedContainerIsDeletedByItsHolderOnly() {
        String id = "1f1c6c2e-1a7b-4a63-9f5e-0b6b7c1f2d3e";
        blobs.containers().lease(ACCOUNT, CONTAINER, new Leases.Action.Acquire(id, 15), Conditions.NONE);
        assertFails(() -> blobs.containers().delete(ACCOUNT, CONTAINER, Conditions.NONE), BlobError.LEASE_ID_MISSING);
        blobs.containers().setMetadata(ACCOUNT, CONTAINER, Map.of("k", "v"), Conditions.NONE);
        blobs.containers().delete(ACCOUNT, CONTAINER, new Conditions(null, null, null, null, id));
        assertFails(() -> blobs.containers().properties(ACCOUNT, CONTAINER, null), BlobError.CONTAINER_NOT_FOUND);
        blobs.containers().create(ACCOUNT, CONTAINER, Map.of(), PublicAccess.NONE); // for the other tests' close
    }

    @Test
    void pagesWrittenClearedAndResizedReadBackWithZerosBetween() {
        blobs.putBlob(ACCOUNT, CONTAINER, "disk", new NewBlob(BlobType.PAGE_BLOB, null, 4096, ContentHeaders.NONE,
                Map.of(), 7, null, Map.of()), Conditions.NONE);
        byte[] a = new byte[1024];
        byte[] b = new byte[512];
        Arrays.fill(a, (byte) 'a');
        Arrays.fill(b, (byte) 'b');
        SequenceConditions none = SequenceConditions.NONE;
        blobs.putPages(ACCOUNT, CONTAINER, "disk", 512, 1024, content(a), Conditions.NONE, none);
        blobs.putPages(ACCOUNT, CONTAINER, "disk", 1024, 512, content(b), Conditions.NONE, none);
        blobs.putPages(ACCOUNT, CONTAINER, "disk", 3584, 512, content(b), Conditions.NONE, none);
        blobs.putPages(ACCOUNT, CONTAINER, "disk", 3584, 512, null, Conditions.NONE, none);

        BlobProperties disk = blobs.blob(BlobAddress.of(ACCOUNT, CONTAINER, "disk"), null);
        assertThat(Pages.ranges(disk.segments(), 0, Long.MAX_VALUE)).containsExactly(new Pages.PageRange(512, 1535));
        byte[] all = read("disk", 0, 4096);
        assertThat(Arrays.copyOfRange(all, 0, 512)).isEqualTo(new byte[512]);
        assertThat(Arrays.copyOfRange(all, 512, 1024)).containsOnly('a');
        assertThat(Arrays.copyOfRange(all, 1024, 1536)).containsOnly('b');
        assertThat(Arrays.copyOfRange(all, 1536, 4096)).isEqualTo(new byte[2560]);
        assertThat(disk.sequenceNumber()).isEqualTo(7);

        assertFails(() -> blobs.putPages(ACCOUNT, CONTAINER, "disk", 4096, 512, null, Conditions.NONE, none),
                BlobError.INVALID_PAGE_RANGE);
        assertFails(() -> blobs.putPages(ACCOUNT, CONTAINER, "disk", 0, 512, null, Conditions.NONE,
                new SequenceConditions(null, 7L, null)), BlobError.SEQUENCE_NUMBER_CONDITION_NOT_MET);

        blobs.setBlobProperties(ACCOUNT, CONTAINER, "disk", null, 1024L, null, Conditions.NONE);
        assertThat(Pages.ranges(blobs.blob(BlobAddress.of(ACCOUNT, CONTAINER, "disk"), null).segments(), 0,
                Long.MAX_VALUE))
                .containsExactly(new Pages.PageRange(512, 1023));
        assertThat(read("disk", 0, 1024)).hasSize(1024);
    }

    @Test
    void blocksStagedAndNeverCommittedAreSweptAWeekAfterTheLastPutBlock() throws InterruptedException {
        ContentId stale = content(bytes("s"));
        blobs.stageBlock(ACCOUNT, CONTAINER, "abandoned", id("a"), stale, 1, null);
        put("kept", bytes("k"), Conditions.NONE);
        stage("kept", id("b"), bytes("b"));

        BlobService sixDaysOn = new BlobService(store, contents, Clock.offset(Clock.systemUTC(), Duration.ofDays(6)));
        assertThat(sixDaysOn.sweeps().stagedBlocks()).isZero();
        BlobService eightDaysOn = new BlobService(store, contents, Clock.offset(Clock.systemUTC(), Duration.ofDays(8)));
        assertThat(eightDaysOn.sweeps().stagedBlocks()).isEqualTo(2);

        assertFails(() -> blobs.blockLists(BlobAddress.of(ACCOUNT, CONTAINER, "abandoned"), null),
                BlobError.BLOB_NOT_FOUND);
        assertThat(blobs.blockLists(BlobAddress.of(ACCOUNT, CONTAINER, "kept"), null).uncommitted()).isEmpty();
        assertThat(readText("kept")).as("the committed blob stays").isEqualTo("k");
        assertThat(gone(stale)).isTrue();
    }

    /**
     * A rehydration is stored as the moment it completes, so every service on the store sees it done
     * from then on, with nothing written; the first write after it stores the blob rehydrated, which a
     * service whose clock is behind then reads too.
     */
    @Test
    void aRehydrationIsSeenDoneByEveryServiceOnTheStoreOnceItsMomentHasCome() {
        put("doc", bytes("archived"), Conditions.NONE);
        blobs.tiers().set(BlobAddress.of(ACCOUNT, CONTAINER, "doc"), AccessTier.ARCHIVE, null, null, Conditions.NONE);
        BlobProperties pending = blobs.tiers().set(BlobAddress.of(ACCOUNT, CONTAINER, "doc"), AccessTier.COOL,
                RehydratePriority.HIGH, null, Conditions.NONE);
        BlobService hourOn = new BlobService(store, contents, Clock.offset(Clock.systemUTC(), Duration.ofHours(1)));

        assertThat(pending.tiering().rehydratingTo()).isEqualTo(AccessTier.COOL);
        assertThat(blobs.blob(BlobAddress.of(ACCOUNT, CONTAINER, "doc"), null).tiering().rehydrating()).isTrue();
        assertThat(hourOn.blob(BlobAddress.of(ACCOUNT, CONTAINER, "doc"),
                null).tiering().tier()).isEqualTo(AccessTier.COOL);
        assertThat(names(hourOn.listBlobs(ACCOUNT, CONTAINER, "", null, Optional.empty(), 10,
                Include.NONE).items())).containsExactly("doc");
        assertThat(((ListedItem) hourOn.listBlobs(ACCOUNT, CONTAINER, "", null, Optional.empty(), 10,
                Include.NONE).items().get(0)).committed().orElseThrow().tiering().tier())
                .isEqualTo(AccessTier.COOL);

        hourOn.setBlobMetadata(ACCOUNT, CONTAINER, "doc", Map.of("read", "again"), Conditions.NONE);

        BlobProperties stored = blobs.blob(BlobAddress.of(ACCOUNT, CONTAINER, "doc"), null);
        assertThat(stored.tiering().tier()).isEqualTo(AccessTier.COOL);
        assertThat(stored.tiering().rehydrating()).isFalse();
        assertThat(readText("doc")).isEqualTo("archived");
    }

    private static List<String> names(List<ListedBlob> items) {
        return items.stream().map(ListedBlob::name).toList();
    }

}
