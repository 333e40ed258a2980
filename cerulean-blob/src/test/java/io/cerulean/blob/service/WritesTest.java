package io.cerulean.blob.service;

import static io.cerulean.blob.service.BlobPieces.assertFails;

import io.cerulean.blob.error.BlobError;
import io.cerulean.blob.model.BlobProperties;
import io.cerulean.blob.model.BlobType;
import io.cerulean.blob.model.Conditions;
import io.cerulean.blob.model.ContentHeaders;
import io.cerulean.blob.model.Lease;
import io.cerulean.common.error.CommonError;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WritesTest {
    private static final Instant NOW = Instant.parse("2026-01-02T03:04:05Z");
    private static final BlobProperties OLD = new BlobProperties("doc", BlobProperties.BASE, BlobType.BLOCK_BLOB, 42,
            NOW, NOW, 0, ContentHeaders.NONE, Map.of(), List.of(), Lease.NONE, null, 0);

    @Test
    void aCreatingWriteMayMakeABlobButNeverReplaceOne() {
        Writes.checkCreateOrReplace(Conditions.NONE.creatingOnly(), null, NOW);
        assertFails(() -> Writes.checkCreateOrReplace(Conditions.NONE.creatingOnly(), OLD, NOW),
                CommonError.AUTHORIZATION_PERMISSION_MISMATCH);
    }

    @Test
    void ifNoneMatchStarRefusesAnExistingBlobAndIfMatchAnAbsentOne() {
        Conditions absent = new Conditions(null, List.of("*"), null, null);
        Conditions matching = new Conditions(List.of("*"), null, null, null);

        Writes.checkCreateOrReplace(absent, null, NOW);
        assertFails(() -> Writes.checkCreateOrReplace(absent, OLD, NOW), BlobError.BLOB_ALREADY_EXISTS);
        Writes.checkCreateOrReplace(matching, OLD, NOW);
        assertFails(() -> Writes.checkCreateOrReplace(matching, null, NOW), BlobError.CONDITION_NOT_MET);
    }

    @Test
    void aLeasedBlobIsReplacedByTheLeaseHolderOnly() {
        BlobProperties leased = OLD.withLease(new Lease("holder", Lease.INFINITE, null, null));

        assertFails(() -> Writes.checkCreateOrReplace(Conditions.NONE, leased, NOW), BlobError.LEASE_ID_MISSING);
        Writes.checkCreateOrReplace(new Conditions(null, null, null, null, "holder"), leased, NOW);
    }

    @Test
    void ticksCountAsDotNetDoesFromYearOne() {
        org.assertj.core.api.Assertions.assertThat(Writes.ticks(Instant.EPOCH.plusNanos(250)))
                .isEqualTo(Writes.EPOCH_TICKS + 2);
    }
}
