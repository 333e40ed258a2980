package io.cerulean.blob.service;

import static io.cerulean.blob.service.BlobPieces.ACCOUNT;
import static io.cerulean.blob.service.BlobPieces.CONTAINER;
import static io.cerulean.blob.service.BlobPieces.assertFails;
import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.blob.error.BlobError;
import io.cerulean.blob.model.BlobProperties;
import io.cerulean.blob.model.Conditions;
import io.cerulean.blob.model.Lease;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class BlobLeasesTest {
    private final BlobPieces pieces = new BlobPieces();

    @AfterEach
    void close() {
        pieces.close();
    }

    private LeaseOutcome lease(Leases.Action action, Conditions conditions) {
        return pieces.leases.lease(ACCOUNT, CONTAINER, "doc", action, conditions);
    }

    @Test
    void aLeaseActionLeavesTheEtagAndLastModified() {
        pieces.put("doc", "x");
        BlobProperties blob = pieces.blobs.get(ACCOUNT, CONTAINER, "doc", BlobProperties.BASE, null);
        pieces.clock.advance(Duration.ofSeconds(5));

        LeaseOutcome acquired = lease(new Leases.Action.Acquire("holder", 15), Conditions.NONE);

        assertThat(acquired.lease().id()).isEqualTo("holder");
        assertThat(acquired.etag()).isEqualTo(blob.etag());
        assertThat(acquired.lastModified()).isEqualTo(blob.lastModified());
        pieces.clock.advance(Duration.ofSeconds(16));
        assertThat(pieces.blobs.get(ACCOUNT, CONTAINER, "doc", BlobProperties.BASE, null).lease()
                .state(pieces.clock.instant())).isEqualTo(Lease.State.EXPIRED);
    }

    @Test
    void aSnapshotHasNoLeaseOfItsOwn() {
        pieces.put("doc", "x");
        lease(new Leases.Action.Acquire("holder", -1), Conditions.NONE);

        BlobProperties snapshot = pieces.blobs.snapshot(ACCOUNT, CONTAINER, "doc", Map.of(), Conditions.NONE);

        assertThat(snapshot.lease()).isEqualTo(Lease.NONE);
        assertThat(pieces.blobs.get(ACCOUNT, CONTAINER, "doc", BlobProperties.BASE, null).lease().id())
                .isEqualTo("holder");
    }

    @Test
    void aLeaseNeedsACommittedBlobAndItsConditionsMet() {
        pieces.stage("doc", "a", "A");
        assertFails(() -> lease(new Leases.Action.Acquire(null, -1), Conditions.NONE), BlobError.BLOB_NOT_FOUND);

        pieces.put("doc", "x");
        assertFails(() -> lease(new Leases.Action.Acquire(null, -1), new Conditions(List.of("\"0x1\""), null, null,
                null)), BlobError.CONDITION_NOT_MET);
        assertThat(lease(new Leases.Action.Acquire(null, -1), Conditions.NONE).lease().id()).isNotNull();
    }
}
