package io.cerulean.blob.service;

import static io.cerulean.blob.service.BlobPieces.ACCOUNT;
import static io.cerulean.blob.service.BlobPieces.CONTAINER;
import static io.cerulean.blob.service.BlobPieces.assertFails;
import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.blob.error.BlobError;
import io.cerulean.blob.model.AccessTier;
import io.cerulean.blob.model.BlobProperties;
import io.cerulean.blob.model.BlobType;
import io.cerulean.blob.model.Conditions;
import io.cerulean.blob.model.ContentHeaders;
import io.cerulean.blob.model.RehydratePriority;
import io.cerulean.blob.model.Tiering;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class TiersTest {
    private static final Duration DELAY = Duration.ofSeconds(30);

    private final BlobPieces pieces = new BlobPieces();
    private final Tiers tiers = new Tiers(pieces.writes, DELAY);

    @AfterEach
    void close() {
        pieces.close();
    }

    private BlobProperties set(String name, AccessTier tier, RehydratePriority priority) {
        return tiers.set(BlobAddress.of(ACCOUNT, CONTAINER, name), tier, priority, null, Conditions.NONE);
    }

    private BlobProperties get(String name) {
        return pieces.blobs.get(ACCOUNT, CONTAINER, name, BlobProperties.BASE, null);
    }

    @Test
    void anOnlineBlobTakesATierAtOnceAndKeepsItsETag() {
        BlobProperties written = pieces.put("doc", "text");

        BlobProperties cool = set("doc", AccessTier.COOL, null);

        assertThat(cool.tiering()).isEqualTo(new Tiering(AccessTier.COOL, false,
                pieces.clock.instant().truncatedTo(ChronoUnit.MILLIS), null, null, null));
        assertThat(get("doc").tiering().tier()).isEqualTo(AccessTier.COOL);
        assertThat(cool.etag()).isEqualTo(written.etag());
        assertThat(cool.lastModified()).isEqualTo(written.lastModified().truncatedTo(ChronoUnit.MILLIS));
    }

    @Test
    void anArchivedBlobIsRehydratedOnceItsMomentHasComeWithoutAnyWrite() {
        pieces.put("doc", "text");
        set("doc", AccessTier.ARCHIVE, null);

        BlobProperties pending = set("doc", AccessTier.HOT, RehydratePriority.STANDARD);
        pieces.clock.advance(DELAY.minusSeconds(1));
        BlobProperties stillPending = get("doc");
        pieces.clock.advance(Duration.ofSeconds(1));
        BlobProperties done = get("doc");

        assertThat(pending.tiering().tier()).isEqualTo(AccessTier.ARCHIVE);
        assertThat(pending.tiering().rehydratingTo()).isEqualTo(AccessTier.HOT);
        assertThat(pending.tiering().priority()).isEqualTo("Standard");
        assertThat(stillPending.tiering()).isEqualTo(pending.tiering());
        assertThat(done.tiering()).isEqualTo(new Tiering(AccessTier.HOT, false, pending.tiering().rehydratedAt(),
                null, null, null));
        assertThat(pieces.text(done)).isEqualTo("text");
    }

    @Test
    void whileRehydratingOnlyTheSameTargetMayBeNamedAndItsPriorityOnlyRaised() {
        pieces.put("doc", "text");
        set("doc", AccessTier.ARCHIVE, null);
        set("doc", AccessTier.COOL, null);

        assertFails(() -> set("doc", AccessTier.HOT, null), BlobError.BLOB_BEING_REHYDRATED);
        assertFails(() -> set("doc", AccessTier.ARCHIVE, null), BlobError.BLOB_BEING_REHYDRATED);
        BlobProperties raised = set("doc", AccessTier.COOL, RehydratePriority.HIGH);
        BlobProperties notLowered = set("doc", AccessTier.COOL, RehydratePriority.STANDARD);

        assertThat(raised.tiering().priority()).isEqualTo("High");
        assertThat(notLowered.tiering()).isEqualTo(raised.tiering());
        assertThat(raised.tiering().rehydratingTo()).isEqualTo(AccessTier.COOL);
    }

    @Test
    void anArchivedBlobRefusesItsBytesAndChangesButNotItsPropertiesOrAReplacement() {
        pieces.put("doc", "text");
        set("doc", AccessTier.ARCHIVE, null);

        assertFails(() -> pieces.blobs.open(ACCOUNT, CONTAINER, "doc", BlobProperties.BASE, null, true),
                BlobError.BLOB_ARCHIVED);
        assertFails(() -> pieces.blobs.setMetadata(ACCOUNT, CONTAINER, "doc", Map.of("a", "b"), Conditions.NONE),
                BlobError.BLOB_ARCHIVED);
        assertFails(() -> pieces.blobs.setProperties(ACCOUNT, CONTAINER, "doc", ContentHeaders.NONE, null, null,
                Conditions.NONE), BlobError.BLOB_ARCHIVED);
        assertFails(() -> pieces.blobs.snapshot(ACCOUNT, CONTAINER, "doc", Map.of(), Conditions.NONE),
                BlobError.BLOB_ARCHIVED);
        set("doc", AccessTier.HOT, null);
        assertFails(() -> pieces.blobs.open(ACCOUNT, CONTAINER, "doc", BlobProperties.BASE, null, true),
                BlobError.BLOB_BEING_REHYDRATED);

        assertThat(get("doc").tiering().archived()).isTrue();
        BlobProperties replaced = pieces.put("doc", "new");
        assertThat(replaced.tiering()).isEqualTo(Tiering.INFERRED_HOT);
        assertThat(pieces.text("doc")).isEqualTo("new");
    }

    @Test
    void aSnapshotTakesATierOfItsOwnButIsNotRehydrated() {
        pieces.put("doc", "text");
        long snapshot = pieces.blobs.snapshot(ACCOUNT, CONTAINER, "doc", Map.of(), Conditions.NONE).snapshot();

        BlobProperties archived = tiers.set(BlobAddress.of(ACCOUNT, CONTAINER, "doc").atSnapshot(snapshot),
                AccessTier.ARCHIVE, null, null, Conditions.NONE);

        assertThat(archived.tiering().tier()).isEqualTo(AccessTier.ARCHIVE);
        assertThat(get("doc").tiering()).isEqualTo(Tiering.INFERRED_HOT);
        assertFails(() -> tiers.set(BlobAddress.of(ACCOUNT, CONTAINER, "doc").atSnapshot(snapshot), AccessTier.HOT,
                null, null, Conditions.NONE),
                BlobError.BLOB_ARCHIVED);
        assertFails(() -> tiers.set(BlobAddress.of(ACCOUNT, CONTAINER, "doc").atSnapshot(snapshot + 1),
                AccessTier.HOT, null, null, Conditions.NONE),
                BlobError.BLOB_NOT_FOUND);
    }

    @Test
    void onlyABlockBlobHasATier() {
        pieces.blobs.put(ACCOUNT, CONTAINER, "log", NewBlob.of(BlobType.APPEND_BLOB, null, 0, ContentHeaders.NONE,
                Map.of()), Conditions.NONE);

        assertFails(() -> set("log", AccessTier.COOL, null), BlobError.INVALID_BLOB_TIER);
        assertFails(() -> pieces.blobs.put(ACCOUNT, CONTAINER, "log2", new NewBlob(BlobType.APPEND_BLOB, null, 0,
                ContentHeaders.NONE, Map.of(), 0, AccessTier.COOL, Map.of()), Conditions.NONE),
                BlobError.INVALID_BLOB_TIER);
        assertFails(() -> set("none", AccessTier.COOL, null), BlobError.BLOB_NOT_FOUND);
    }

    @Test
    void aLeasedBlobNeedsItsLease() {
        pieces.put("doc", "text");
        pieces.leases.lease(ACCOUNT, CONTAINER, "doc", new Leases.Action.Acquire(
                "11111111-1111-1111-1111-111111111111", -1), Conditions.NONE);

        assertFails(() -> set("doc", AccessTier.COOL, null), BlobError.LEASE_ID_MISSING);
        BlobProperties cool = tiers.set(BlobAddress.of(ACCOUNT, CONTAINER, "doc"), AccessTier.COOL, null,
                "11111111-1111-1111-1111-111111111111", Conditions.NONE);
        assertThat(cool.tiering().tier()).isEqualTo(AccessTier.COOL);
    }

    @Test
    void aWriteWithATierSetsItAndAWriteWithoutOneInfersHot() {
        BlobProperties cold = pieces.blobs.put(ACCOUNT, CONTAINER, "doc", new NewBlob(BlobType.BLOCK_BLOB,
                pieces.content("x"), 1, ContentHeaders.NONE, Map.of(), 0, AccessTier.COLD, Map.of()), Conditions.NONE);
        pieces.stage("list", "a", "y");
        BlobProperties archived = pieces.blocks.commit(ACCOUNT, CONTAINER, "list",
                java.util.List.of(new BlockReference(BlockSource.LATEST,
                        BlobPieces.blockId("a"))), ContentHeaders.NONE, Map.of(), Conditions.NONE, AccessTier.ARCHIVE, Map.of());

        assertThat(cold.tiering()).isEqualTo(new Tiering(AccessTier.COLD, false, null, null, null, null));
        assertThat(archived.tiering().archived()).isTrue();
        assertThat(pieces.put("doc", "z").tiering()).isEqualTo(Tiering.INFERRED_HOT);
    }
}
