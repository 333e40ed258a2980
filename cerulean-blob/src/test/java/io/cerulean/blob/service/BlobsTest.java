package io.cerulean.blob.service;

import static io.cerulean.blob.service.BlobPieces.ACCOUNT;
import static io.cerulean.blob.service.BlobPieces.CONTAINER;
import static io.cerulean.blob.service.BlobPieces.assertFails;
import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.blob.error.BlobError;
import io.cerulean.blob.model.BlobProperties;
import io.cerulean.blob.model.BlobType;
import io.cerulean.blob.model.Conditions;
import io.cerulean.blob.model.ContentHeaders;
import io.cerulean.blob.model.Lease;
import io.cerulean.storage.content.ContentId;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class BlobsTest {
    private final BlobPieces pieces = new BlobPieces();
    private final Blobs blobs = pieces.blobs;

    @AfterEach
    void close() {
        pieces.close();
    }

    private BlobProperties get(String name) {
        return blobs.get(ACCOUNT, CONTAINER, name, BlobProperties.BASE, null);
    }

    @Test
    void putBlobReplacesAnyBlobOfTheNameAndItsStagedBlocksButKeepsItsLease() {
        pieces.put("doc", "first");
        ContentId staged = pieces.content("staged");
        pieces.blocks.stage(ACCOUNT, CONTAINER, "doc", BlobPieces.blockId("a"), staged, 6, null);
        pieces.leases.lease(ACCOUNT, CONTAINER, "doc", new Leases.Action.Acquire("holder", -1), Conditions.NONE);

        BlobProperties second = blobs.put(ACCOUNT, CONTAINER, "doc", NewBlob.of(BlobType.APPEND_BLOB, null, 0,
                ContentHeaders.NONE, Map.of("k", "v")), new Conditions(null, null, null, null, "holder"));

        assertThat(second.type()).isEqualTo(BlobType.APPEND_BLOB);
        assertThat(second.lease().id()).isEqualTo("holder");
        assertThat(get("doc").etag()).isEqualTo(second.etag());
        assertThat(get("doc").metadata()).containsExactly(Map.entry("k", "v"));
        assertThat(pieces.exists(staged)).as("the staged block went with the old blob").isFalse();
    }

    @Test
    void putBlobOfAPageBlobIsZerosAtItsSequenceNumber() {
        BlobProperties disk = blobs.put(ACCOUNT, CONTAINER, "disk", new NewBlob(BlobType.PAGE_BLOB, null, 1024,
                ContentHeaders.NONE, Map.of(), 9, null, Map.of()), Conditions.NONE);

        assertThat(disk.sequenceNumber()).isEqualTo(9);
        assertThat(pieces.text(disk)).isEqualTo("\0".repeat(1024));
    }

    @Test
    void putBlobReadsThePartitionOnceAndCommitsOnce() {
        pieces.put("doc", "first");
        pieces.store.resetCounts();

        pieces.put("doc", "second");

        assertThat(pieces.store.gets).as("the container's row").hasValue(1);
        assertThat(pieces.store.scans).as("the blob's partition").hasValue(1);
        assertThat(pieces.store.commits).hasValue(1);
    }

    @Test
    void getBlobReadsTheContainersRowAndTheBlobsRowOnly() {
        pieces.put("doc", "small");
        pieces.store.resetCounts();

        try (ReadableBlob found = blobs.open(ACCOUNT, CONTAINER, "doc", BlobProperties.BASE, null, true)) {
            assertThat(found.properties().contentLength()).isEqualTo(5);
        }

        assertThat(pieces.store.gets).hasValue(2);
        assertThat(pieces.store.scans).hasValue(0);
    }

    @Test
    void aBlobWithOnlyStagedBlocksOrNoneIsNotFound() {
        pieces.stage("draft", "a", "A");

        assertFails(() -> get("draft"), BlobError.BLOB_NOT_FOUND);
        assertFails(() -> get("nothing"), BlobError.BLOB_NOT_FOUND);
        assertFails(() -> blobs.get(ACCOUNT, "missing", "doc", BlobProperties.BASE, null),
                BlobError.CONTAINER_NOT_FOUND);
    }

    @Test
    void aReadNamingALeaseNeedsTheActiveOne() {
        pieces.put("doc", "x");
        assertFails(() -> blobs.get(ACCOUNT, CONTAINER, "doc", BlobProperties.BASE, "someone"),
                BlobError.LEASE_NOT_PRESENT_WITH_BLOB_OPERATION);
        pieces.leases.lease(ACCOUNT, CONTAINER, "doc", new Leases.Action.Acquire("holder", 15), Conditions.NONE);
        assertThat(blobs.get(ACCOUNT, CONTAINER, "doc", BlobProperties.BASE, "holder").lease().id())
                .isEqualTo("holder");
        assertThat(get("doc").lease().state(pieces.clock.instant())).isEqualTo(Lease.State.LEASED);
    }

    @Test
    void setPropertiesResizesAPageBlobAndChangesItsSequenceNumberOnly() {
        blobs.put(ACCOUNT, CONTAINER, "disk", new NewBlob(BlobType.PAGE_BLOB, null, 1024, ContentHeaders.NONE,
                Map.of(), 5, null, Map.of()), Conditions.NONE);
        pieces.put("doc", "block");

        assertThat(set("disk", 2048L, new SequenceChange(SequenceAction.MAX, 3))).extracting(
                BlobProperties::contentLength, BlobProperties::sequenceNumber).containsExactly(2048L, 5L);
        assertThat(set("disk", null, new SequenceChange(SequenceAction.MAX, 8)).sequenceNumber()).isEqualTo(8);
        assertThat(set("disk", null, new SequenceChange(SequenceAction.UPDATE, 2)).sequenceNumber()).isEqualTo(2);
        assertThat(set("disk", 512L, new SequenceChange(SequenceAction.INCREMENT, 0)).sequenceNumber()).isEqualTo(3);
        assertThat(pieces.text("disk")).isEqualTo("\0".repeat(512));
        assertFails(() -> set("doc", 512L, null), BlobError.INVALID_BLOB_TYPE);
        assertFails(() -> set("doc", null, new SequenceChange(SequenceAction.INCREMENT, 0)),
                BlobError.INVALID_BLOB_TYPE);
    }

    private BlobProperties set(String name, Long size, SequenceChange sequence) {
        return blobs.setProperties(ACCOUNT, CONTAINER, name, null, size, sequence, Conditions.NONE);
    }

    @Test
    void setPropertiesAndMetadataGiveANewEtagAndKeepTheBytes() {
        BlobProperties before = pieces.put("doc", "body");
        ContentHeaders headers = new ContentHeaders("text/plain", null, null, null, null, null);

        BlobProperties headed = blobs.setProperties(ACCOUNT, CONTAINER, "doc", headers, null, null, Conditions.NONE);
        BlobProperties tagged = blobs.setMetadata(ACCOUNT, CONTAINER, "doc", Map.of("k", "v"), Conditions.NONE);

        assertThat(headed.etag()).isGreaterThan(before.etag());
        assertThat(tagged.etag()).isGreaterThan(headed.etag());
        assertThat(get("doc").headers().contentType()).isEqualTo("text/plain");
        assertThat(get("doc").metadata()).containsExactly(Map.entry("k", "v"));
        assertThat(pieces.text("doc")).isEqualTo("body");
        assertFails(() -> blobs.setMetadata(ACCOUNT, CONTAINER, "none", Map.of(), Conditions.NONE),
                BlobError.BLOB_NOT_FOUND);
    }

    @Test
    void snapshotsTakenAtOneMomentStillGetMomentsOfTheirOwnInOrder() {
        BlobProperties blob = pieces.put("doc", "v1");

        BlobProperties first = blobs.snapshot(ACCOUNT, CONTAINER, "doc", Map.of(), Conditions.NONE);
        BlobProperties second = blobs.snapshot(ACCOUNT, CONTAINER, "doc", Map.of("own", "yes"), Conditions.NONE);

        assertThat(second.snapshot()).isGreaterThan(first.snapshot());
        assertThat(first.etag()).as("a snapshot keeps the blob's ETag").isEqualTo(blob.etag());
        assertThat(get("doc").etag()).isEqualTo(blob.etag());
        assertThat(blobs.get(ACCOUNT, CONTAINER, "doc", second.snapshot(), null).metadata())
                .containsExactly(Map.entry("own", "yes"));
        pieces.clock.advance(Duration.ofSeconds(1));
        assertThat(blobs.snapshot(ACCOUNT, CONTAINER, "doc", Map.of(), Conditions.NONE).snapshot())
                .isGreaterThan(second.snapshot());
    }

    @Test
    void deleteBlobTakesSnapshotsOnlyWhenAskedAndASnapshotAlone() {
        pieces.put("doc", "v1");
        BlobProperties snapshot = blobs.snapshot(ACCOUNT, CONTAINER, "doc", Map.of(), Conditions.NONE);
        blobs.snapshot(ACCOUNT, CONTAINER, "doc", Map.of(), Conditions.NONE);

        assertFails(() -> blobs.delete(ACCOUNT, CONTAINER, "doc", BlobProperties.BASE, DeleteSnapshots.NONE,
                Conditions.NONE), BlobError.SNAPSHOTS_PRESENT);
        blobs.delete(ACCOUNT, CONTAINER, "doc", snapshot.snapshot(), DeleteSnapshots.NONE, Conditions.NONE);
        assertFails(() -> blobs.get(ACCOUNT, CONTAINER, "doc", snapshot.snapshot(), null), BlobError.BLOB_NOT_FOUND);
        assertFails(() -> blobs.delete(ACCOUNT, CONTAINER, "doc", snapshot.snapshot(), DeleteSnapshots.NONE,
                Conditions.NONE), BlobError.BLOB_NOT_FOUND);
        blobs.delete(ACCOUNT, CONTAINER, "doc", BlobProperties.BASE, DeleteSnapshots.ONLY, Conditions.NONE);
        assertThat(pieces.text("doc")).isEqualTo("v1");
        blobs.delete(ACCOUNT, CONTAINER, "doc", BlobProperties.BASE, DeleteSnapshots.NONE, Conditions.NONE);
        assertFails(() -> get("doc"), BlobError.BLOB_NOT_FOUND);
    }
}
