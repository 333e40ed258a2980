package io.cerulean.it.blob;

import static io.cerulean.it.blob.BlobErrors.assertBlobError;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.http.RequestConditions;
import com.azure.core.http.rest.Response;
import com.azure.core.util.BinaryData;
import com.azure.core.util.Context;
import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.models.BlobHttpHeaders;
import com.azure.storage.blob.models.BlobProperties;
import com.azure.storage.blob.models.BlobRequestConditions;
import com.azure.storage.blob.models.LeaseDurationType;
import com.azure.storage.blob.models.LeaseStateType;
import com.azure.storage.blob.models.LeaseStatusType;
import com.azure.storage.blob.options.BlobParallelUploadOptions;
import com.azure.storage.blob.specialized.BlobLeaseClient;
import com.azure.storage.blob.specialized.BlobLeaseClientBuilder;
import io.cerulean.it.EachStore;
import io.cerulean.it.ServerFixture;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * Lease Blob and Lease Container: the lease actions and their answers, the state they leave, and the
 * writes a lease stops (412 LeaseIdMissing without the id, LeaseIdMismatchWithBlobOperation with another).
 */
class LeaseTest {
    private static final ServerFixture ONE_STORE = ServerFixture.chosenOr(ServerFixture.IN_MEMORY);
    private static final BlobServers SERVERS = new BlobServers();

    @AfterAll
    static void stop() {
        SERVERS.close();
    }

    private static BlobClient blob(ServerFixture store, String prefix) {
        BlobClient blob = SERVERS.newContainer(store, prefix).getBlobClient("leased.txt");
        blob.upload(BinaryData.fromString("contents"));
        return blob;
    }

    private static BlobLeaseClient lease(BlobClient blob, String id) {
        return new BlobLeaseClientBuilder().blobClient(blob).leaseId(id).buildClient();
    }

    private static BlobRequestConditions withLease(String id) {
        return new BlobRequestConditions().setLeaseId(id);
    }

    @ParameterizedTest
    @EachStore
    void acquireAndReleaseChangeTheLeaseStateButNotTheETag(ServerFixture store) {
        BlobClient blob = blob(store, "lacq");
        String etag = blob.getProperties().getETag();
        String id = UUID.randomUUID().toString();

        Response<String> acquired = lease(blob, id).acquireLeaseWithResponse(-1, null, null, Context.NONE);

        assertThat(acquired.getStatusCode()).isEqualTo(201);
        assertThat(acquired.getValue()).isEqualTo(id);
        BlobProperties leased = blob.getProperties();
        assertThat(leased.getLeaseState()).isEqualTo(LeaseStateType.LEASED);
        assertThat(leased.getLeaseStatus()).isEqualTo(LeaseStatusType.LOCKED);
        assertThat(leased.getLeaseDuration()).isEqualTo(LeaseDurationType.INFINITE);
        assertThat(leased.getETag()).isEqualTo(etag);

        assertThat(lease(blob, id).releaseLeaseWithResponse((RequestConditions) null, null, Context.NONE).getStatusCode()).isEqualTo(200);
        BlobProperties released = blob.getProperties();
        assertThat(released.getLeaseState()).isEqualTo(LeaseStateType.AVAILABLE);
        assertThat(released.getLeaseStatus()).isEqualTo(LeaseStatusType.UNLOCKED);
        assertThat(released.getETag()).isEqualTo(etag);
        blob.setMetadata(Map.of("after", "release"));
    }

    @ParameterizedTest
    @EachStore
    void aLeaseOfFifteenToSixtySecondsIsFixedAndKeepsTheProposedId(ServerFixture store) {
        BlobClient blob = blob(store, "lfixed");
        BlobLeaseClient lease = new BlobLeaseClientBuilder().blobClient(blob).buildClient();

        String id = lease.acquireLease(15);

        assertThat(id).isEqualTo(lease.getLeaseId());
        assertThat(blob.getProperties().getLeaseDuration()).isEqualTo(LeaseDurationType.FIXED);
        assertThat(blob.getProperties().getLeaseState()).isEqualTo(LeaseStateType.LEASED);
    }

    @ParameterizedTest
    @EachStore
    void writesToALeasedBlobNeedItsLeaseId(ServerFixture store) {
        BlobClient blob = blob(store, "lwrite");
        String id = lease(blob, UUID.randomUUID().toString()).acquireLease(-1);
        String other = UUID.randomUUID().toString();

        assertBlobError(() -> blob.upload(BinaryData.fromString("over"), true), 412, "LeaseIdMissing");
        assertBlobError(() -> blob.setMetadata(Map.of("a", "b")), 412, "LeaseIdMissing");
        assertBlobError(() -> blob.setHttpHeaders(new BlobHttpHeaders().setContentType("x/y")), 412,
                "LeaseIdMissing");
        assertBlobError(blob::delete, 412, "LeaseIdMissing");
        assertBlobError(() -> blob.setMetadataWithResponse(Map.of("a", "b"), withLease(other), null, Context.NONE),
                412, "LeaseIdMismatchWithBlobOperation");
        assertThat(blob.downloadContent().toString()).as("reads need no lease id").isEqualTo("contents");

        blob.setMetadataWithResponse(Map.of("a", "b"), withLease(id), null, Context.NONE);
        blob.uploadWithResponse(new BlobParallelUploadOptions(BinaryData.fromString("over"))
                .setRequestConditions(withLease(id)), null, Context.NONE);
        assertThat(blob.downloadContent().toString()).isEqualTo("over");
        assertThat(blob.deleteWithResponse(null, withLease(id), null, Context.NONE).getStatusCode()).isEqualTo(202);
    }

    @ParameterizedTest
    @EachStore
    void aLeaseIdOnAnUnleasedBlobIsLeaseNotPresentWithBlobOperation(ServerFixture store) {
        BlobClient blob = blob(store, "lnone");

        assertBlobError(() -> blob.setMetadataWithResponse(Map.of("a", "b"), withLease(UUID.randomUUID().toString()),
                null, Context.NONE), 412, "LeaseNotPresentWithBlobOperation");
    }

    @ParameterizedTest
    @EachStore
    void anotherIdCannotAcquireRenewOrReleaseTheLease(ServerFixture store) {
        BlobClient blob = blob(store, "lother");
        String id = UUID.randomUUID().toString();
        lease(blob, id).acquireLease(-1);
        BlobLeaseClient other = lease(blob, UUID.randomUUID().toString());

        assertBlobError(() -> other.acquireLease(-1), 409, "LeaseAlreadyPresent");
        assertBlobError(other::renewLease, 409, "LeaseIdMismatchWithLeaseOperation");
        assertBlobError(other::releaseLease, 409, "LeaseIdMismatchWithLeaseOperation");
        assertThat(lease(blob, id).acquireLease(30)).as("the holder acquiring again").isEqualTo(id);
        assertThat(blob.getProperties().getLeaseDuration()).isEqualTo(LeaseDurationType.FIXED);
    }

    @ParameterizedTest
    @EachStore
    void renewKeepsTheIdAndChangeMovesTheLeaseToTheNewId(ServerFixture store) {
        BlobClient blob = blob(store, "lchange");
        String first = UUID.randomUUID().toString();
        String second = UUID.randomUUID().toString();
        lease(blob, first).acquireLease(15);

        assertThat(lease(blob, first).renewLease()).isEqualTo(first);
        assertThat(lease(blob, first).changeLease(second)).isEqualTo(second);

        assertBlobError(() -> blob.setMetadataWithResponse(Map.of("a", "b"), withLease(first), null, Context.NONE),
                412, "LeaseIdMismatchWithBlobOperation");
        blob.setMetadataWithResponse(Map.of("a", "b"), withLease(second), null, Context.NONE);
        assertBlobError(() -> lease(blob, first).renewLease(), 409, "LeaseIdMismatchWithLeaseOperation");
        assertThat(blob.getProperties().getLeaseState()).isEqualTo(LeaseStateType.LEASED);
    }

    /** A GUID may be proposed as 32 hex digits; the service answers (and keeps) its hyphenated form. */
    @ParameterizedTest
    @EachStore
    void aProposedIdOfThirtyTwoHexDigitsIsAnsweredHyphenated(ServerFixture store) {
        BlobClient blob = blob(store, "lhex");
        UUID first = UUID.randomUUID();
        UUID second = UUID.randomUUID();

        assertThat(lease(blob, digitsOnly(first)).acquireLease(-1)).isEqualTo(first.toString());
        blob.setMetadataWithResponse(Map.of("a", "b"), withLease(first.toString()), null, Context.NONE);
        assertThat(lease(blob, first.toString()).changeLease(digitsOnly(second))).isEqualTo(second.toString());
        lease(blob, second.toString()).releaseLease();

        BlobContainerClient container = SERVERS.newContainer(store, "lhexc");
        BlobLeaseClient containerLease = new BlobLeaseClientBuilder().containerClient(container)
                .leaseId(digitsOnly(first)).buildClient();
        assertThat(containerLease.acquireLease(15)).isEqualTo(first.toString());
        BlobLeaseClient changed = new BlobLeaseClientBuilder().containerClient(container)
                .leaseId(first.toString()).buildClient();
        assertThat(changed.changeLease(digitsOnly(second))).isEqualTo(second.toString());
        assertThat(container.deleteWithResponse(withLease(second.toString()), null, Context.NONE).getStatusCode())
                .isEqualTo(202);
    }

    private static String digitsOnly(UUID id) {
        return id.toString().replace("-", "");
    }

    @ParameterizedTest
    @EachStore
    void aBrokenLeaseNoLongerStopsWrites(ServerFixture store) {
        BlobClient blob = blob(store, "lbreak");
        String id = UUID.randomUUID().toString();
        lease(blob, id).acquireLease(-1);

        Response<Integer> broken = lease(blob, id).breakLeaseWithResponse(0, null, null, Context.NONE);

        assertThat(broken.getStatusCode()).isEqualTo(202);
        assertThat(broken.getValue()).as("seconds left").isZero();
        assertThat(blob.getProperties().getLeaseState()).isEqualTo(LeaseStateType.BROKEN);
        assertThat(blob.getProperties().getLeaseStatus()).isEqualTo(LeaseStatusType.UNLOCKED);
        blob.setMetadata(Map.of("after", "break"));
        String next = UUID.randomUUID().toString();
        assertThat(lease(blob, next).acquireLease(-1)).as("a new lease on a broken one").isEqualTo(next);
    }

    @ParameterizedTest
    @EachStore
    void aBreakPeriodLeavesTheLeaseBreakingAndWritesStillNeedTheId(ServerFixture store) {
        BlobClient blob = blob(store, "lbrkp");
        String id = UUID.randomUUID().toString();
        lease(blob, id).acquireLease(-1);

        Response<Integer> breaking = lease(blob, id).breakLeaseWithResponse(60, null, null, Context.NONE);

        assertThat(breaking.getValue()).isBetween(55, 60);
        assertThat(blob.getProperties().getLeaseState()).isEqualTo(LeaseStateType.BREAKING);
        assertBlobError(() -> blob.setMetadata(Map.of("a", "b")), 412, "LeaseIdMissing");
        assertBlobError(() -> lease(blob, id).acquireLease(-1), 409, "LeaseIsBreakingAndCannotBeAcquired");
        assertBlobError(() -> lease(blob, id).changeLease(UUID.randomUUID().toString()), 409,
                "LeaseIsBreakingAndCannotBeChanged");
        lease(blob, id).releaseLease();
        assertThat(blob.getProperties().getLeaseState()).isEqualTo(LeaseStateType.AVAILABLE);
    }

    @ParameterizedTest
    @EachStore
    void actionsOnABlobWithoutALeaseAreRefused(ServerFixture store) {
        BlobClient blob = blob(store, "lavail");
        BlobLeaseClient lease = lease(blob, UUID.randomUUID().toString());

        assertBlobError(lease::breakLease, 409, "LeaseNotPresentWithLeaseOperation");
        assertBlobError(lease::renewLease, 409, "LeaseIdMismatchWithLeaseOperation");
        assertBlobError(lease::releaseLease, 409, "LeaseIdMismatchWithLeaseOperation");
        assertBlobError(() -> lease.changeLease(UUID.randomUUID().toString()), 409,
                "LeaseNotPresentWithLeaseOperation");
    }

    @Test
    void aDurationOutsideFifteenToSixtySecondsIsInvalidHeaderValue() {
        BlobClient blob = blob(ONE_STORE, "ldur");

        assertBlobError(() -> lease(blob, UUID.randomUUID().toString()).acquireLease(10), 400, "InvalidHeaderValue");
        assertBlobError(() -> lease(blob, UUID.randomUUID().toString()).acquireLease(61), 400, "InvalidHeaderValue");
        assertThat(blob.getProperties().getLeaseState()).isEqualTo(LeaseStateType.AVAILABLE);
    }

    @ParameterizedTest
    @EachStore
    void aLeasedContainerIsDeletedOnlyWithItsLeaseId(ServerFixture store) {
        BlobContainerClient container = SERVERS.newContainer(store, "lcont");
        String id = UUID.randomUUID().toString();
        BlobLeaseClient lease = new BlobLeaseClientBuilder().containerClient(container).leaseId(id).buildClient();

        assertThat(lease.acquireLeaseWithResponse(-1, null, null, Context.NONE).getStatusCode()).isEqualTo(201);

        assertThat(container.getProperties().getLeaseState()).isEqualTo(LeaseStateType.LEASED);
        assertBlobError(container::delete, 412, "LeaseIdMissing");
        container.setMetadata(Map.of("allowed", "yes"));
        container.getBlobClient("inside").upload(BinaryData.fromString("blob writes ignore container leases"));
        assertBlobError(() -> container.deleteWithResponse(withLease(UUID.randomUUID().toString()), null,
                Context.NONE), 412, "LeaseIdMismatchWithContainerOperation");
        assertThat(container.deleteWithResponse(withLease(id), null, Context.NONE).getStatusCode()).isEqualTo(202);
        assertThat(container.exists()).isFalse();
    }
}
