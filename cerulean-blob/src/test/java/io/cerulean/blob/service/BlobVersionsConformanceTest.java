package io.cerulean.blob.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cerulean.blob.error.BlobError;
import io.cerulean.blob.model.BlobProperties;
import io.cerulean.blob.model.BlobType;
import io.cerulean.blob.model.Conditions;
import io.cerulean.blob.model.ContentHeaders;
import io.cerulean.blob.model.PublicAccess;
import io.cerulean.blob.model.VersionIds;
import io.cerulean.common.error.ServiceException;
import io.cerulean.storage.KeyValueStore;
import io.cerulean.storage.content.ContentId;
import io.cerulean.storage.content.ContentStore;
import io.cerulean.storage.content.ContentWriter;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Blob versions and soft delete as the service keeps them, run on every store: each store's test
 * extends this class as it extends {@link BlobServiceConformanceTest}. Versioning is on for
 * {@link #VERSIONED} only; the clock is the test's.
 */
public abstract class BlobVersionsConformanceTest {
    private static final String VERSIONED = "versioned";
    private static final String PLAIN = "plain";
    private static final String CONTAINER = "docs";
    private static final Duration RETENTION = Duration.ofDays(3);

    protected KeyValueStore store;
    protected ContentStore contents;
    private BlobService blobs;
    private final BlobPieces.MovableClock clock = new BlobPieces.MovableClock();

    protected abstract KeyValueStore newStore();

    protected abstract ContentStore newContents(KeyValueStore store);

    /** The store {@code closed} held, opened again; empty for a store that keeps nothing once closed. */
    protected Optional<KeyValueStore> reopen(KeyValueStore closed) {
        return Optional.empty();
    }

    /** Whether {@link #reopen} gives back what the store held. */
    protected boolean reopens() {
        return false;
    }

    @BeforeEach
    void open() {
        store = newStore();
        contents = newContents(store);
        blobs = service();
        blobs.containers().create(VERSIONED, CONTAINER, Map.of(), PublicAccess.NONE);
        blobs.containers().create(PLAIN, CONTAINER, Map.of(), PublicAccess.NONE);
    }

    private BlobService service() {
        return new BlobService(store, contents, clock, BlobOptions.DEFAULTS.withVersioning(VERSIONED::equals));
    }

    @AfterEach
    void close() {
        contents.close();
        store.close();
    }

    private BlobProperties put(String account, String name, String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        ContentId id;
        try (ContentWriter writer = contents.create()) {
            writer.write(ByteBuffer.wrap(bytes));
            id = writer.finish();
        }
        return blobs.putBlob(account, CONTAINER, name, NewBlob.of(BlobType.BLOCK_BLOB, id, bytes.length,
                ContentHeaders.NONE, Map.of()), Conditions.NONE);
    }

    private String text(BlobProperties blob) {
        try (BlobContent content = blobs.read(blob, 0, blob.contentLength())) {
            ByteBuffer target = ByteBuffer.allocate((int) blob.contentLength());
            while (content.read(target) >= 0 && target.hasRemaining()) {
                // Segments end where they end: keep reading.
            }
            return new String(target.array(), 0, target.position(), StandardCharsets.UTF_8);
        }
    }

    private BlobProperties version(String name, String versionId) {
        return blobs.blob(BlobAddress.of(VERSIONED, CONTAINER,
                name).atVersion(VersionIds.parse(versionId).orElseThrow()), null);
    }

    private List<ListedItem> listed(String account, Include include) {
        return blobs.listBlobs(account, CONTAINER, "", null, Optional.empty(), 1000, include).items().stream()
                .map(ListedItem.class::cast).toList();
    }

    @Test
    void aWriteAndTheVersionItKeepsAreOneCommitThatOutlivesReopening() {
        String first = put(VERSIONED, "doc", "one").versionId();
        String second = put(VERSIONED, "doc", "two").versionId();
        String third = blobs.setBlobMetadata(VERSIONED, CONTAINER, "doc", Map.of("k", "v"), Conditions.NONE)
                .versionId();
        if (reopens()) {
            store.whenDurable().join();
            contents.close();
            store.close();
            store = reopen(store).orElseThrow();
            contents = newContents(store);
            blobs = service();
        }

        assertThat(text(version("doc", first))).isEqualTo("one");
        assertThat(text(version("doc", second))).isEqualTo("two");
        assertThat(version("doc", third).metadata()).containsEntry("k", "v");
        assertThat(listed(VERSIONED, new Include(false, false, true, false))).extracting(
                item -> item.committed().orElseThrow().versionId(), ListedItem::previousVersion)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(first, true),
                        org.assertj.core.groups.Tuple.tuple(second, true),
                        org.assertj.core.groups.Tuple.tuple(third, false));
        assertThat(put(PLAIN, "doc", "unversioned").versionId()).as("an account without versioning").isNull();
    }

    @Test
    void concurrentWritersEachLeaveOneVersion() throws Exception {
        int writers = 4;
        int writes = 10;
        ExecutorService pool = Executors.newFixedThreadPool(writers);
        try {
            List<Future<List<String>>> done = new ArrayList<>();
            for (int w = 0; w < writers; w++) {
                int writer = w;
                done.add(pool.submit(() -> {
                    List<String> ids = new ArrayList<>();
                    for (int i = 0; i < writes; i++) {
                        ids.add(put(VERSIONED, "hot", writer + "-" + i).versionId());
                    }
                    return ids;
                }));
            }
            List<String> ids = new ArrayList<>();
            for (Future<List<String>> f : done) {
                ids.addAll(f.get());
            }
            assertThat(new HashSet<>(ids)).hasSize(writers * writes);
            List<ListedItem> items = listed(VERSIONED, new Include(false, false, true, false));
            assertThat(items).extracting(item -> item.committed().orElseThrow().versionId())
                    .containsExactlyInAnyOrderElementsOf(ids).isSorted();
            for (ListedItem item : items) {
                assertThat(text(item.committed().orElseThrow())).matches("\\d-\\d");
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void softDeletedDataIsKeptUntilTheSweepFindsItsRetentionEnded() {
        put(PLAIN, "doc", "kept");
        blobs.snapshotBlob(PLAIN, CONTAINER, "doc", Map.of(), Conditions.NONE);
        blobs.deleteBlob(BlobAddress.of(PLAIN, CONTAINER, "doc"), DeleteSnapshots.INCLUDE, Conditions.NONE, RETENTION);

        assertThatThrownBy(() -> blobs.blob(BlobAddress.of(PLAIN, CONTAINER, "doc"),
                null)).isInstanceOfSatisfying(ServiceException.class,
                e -> assertThat(e.errorCode()).isEqualTo(BlobError.BLOB_NOT_FOUND));
        assertThat(listed(PLAIN, new Include(true, false, false, false))).isEmpty();
        assertThat(listed(PLAIN, new Include(true, false, false, true))).hasSize(2);
        clock.advance(RETENTION.minusSeconds(1));
        assertThat(blobs.sweeps().deleted(account -> RETENTION)).isZero();
        blobs.undeleteBlob(PLAIN, CONTAINER, "doc");
        assertThat(text(blobs.blob(BlobAddress.of(PLAIN, CONTAINER, "doc"), null))).isEqualTo("kept");

        blobs.deleteBlob(BlobAddress.of(PLAIN, CONTAINER, "doc"), DeleteSnapshots.INCLUDE, Conditions.NONE, RETENTION);
        clock.advance(RETENTION);
        assertThat(blobs.sweeps().deleted(account -> null)).as("an account that keeps nothing now").isZero();
        assertThat(blobs.sweeps().deleted(account -> RETENTION)).isEqualTo(2);
        assertThat(listed(PLAIN, new Include(true, false, false, true))).isEmpty();
        assertThatThrownBy(() -> blobs.undeleteBlob(PLAIN, CONTAINER, "doc"))
                .isInstanceOfSatisfying(ServiceException.class,
                        e -> assertThat(e.errorCode()).isEqualTo(BlobError.BLOB_NOT_FOUND));
    }

    @Test
    void aVersionDeletedUnderARetentionComesBackWithUndelete() {
        String first = put(VERSIONED, "doc", "one").versionId();
        put(VERSIONED, "doc", "two");
        long ticks = VersionIds.parse(first).orElseThrow();

        blobs.deleteBlob(BlobAddress.of(VERSIONED, CONTAINER, "doc").atVersion(ticks), DeleteSnapshots.NONE,
                Conditions.NONE, RETENTION);

        assertThatThrownBy(() -> version("doc", first)).isInstanceOf(ServiceException.class);
        blobs.undeleteBlob(VERSIONED, CONTAINER, "doc");
        assertThat(text(version("doc", first))).isEqualTo("one");
    }
}
