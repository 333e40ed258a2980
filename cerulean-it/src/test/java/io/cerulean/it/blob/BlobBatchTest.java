package io.cerulean.it.blob;

import static io.cerulean.it.blob.BlobErrors.assertBlobError;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.azure.core.http.rest.Response;
import com.azure.core.util.BinaryData;
import com.azure.core.util.Context;
import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import com.azure.storage.blob.batch.BlobBatch;
import com.azure.storage.blob.batch.BlobBatchClient;
import com.azure.storage.blob.batch.BlobBatchClientBuilder;
import com.azure.storage.blob.batch.BlobBatchStorageException;
import com.azure.storage.blob.models.AccessTier;
import com.azure.storage.blob.models.BlobItem;
import com.azure.storage.blob.models.BlobStorageException;
import com.azure.storage.blob.sas.BlobContainerSasPermission;
import com.azure.storage.blob.sas.BlobServiceSasSignatureValues;
import com.azure.storage.blob.specialized.BlobLeaseClientBuilder;
import com.azure.storage.common.sas.AccountSasPermission;
import com.azure.storage.common.sas.AccountSasResourceType;
import com.azure.storage.common.sas.AccountSasService;
import com.azure.storage.common.sas.AccountSasSignatureValues;
import io.cerulean.it.EachStore;
import io.cerulean.it.ServerFixture;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.stream.IntStream;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * Blob Batch through the Java SDK's BlobBatchClient: on the account and on a container, each
 * sub-request authorised with the batch's own credential (account key, SAS) and answered in its
 * part, a refused one beside the others that proceed; the limits the service sets on a batch as a
 * whole. The bearer-token batch is in {@code tls.BlobBatchBearerTest}, raw bodies in
 * {@link BlobBatchWireTest}.
 */
class BlobBatchTest {
    private static final ServerFixture ONE_STORE = ServerFixture.chosenOr(ServerFixture.IN_MEMORY);
    private static final BlobServers SERVERS = new BlobServers();

    @AfterAll
    static void stop() {
        SERVERS.close();
    }

    /** Blobs {@code b0..b(count-1)} in {@code container}, each holding a few bytes. */
    static List<BlobClient> blobs(BlobContainerClient container, int count) {
        List<BlobClient> blobs = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            BlobClient blob = container.getBlobClient("b" + i);
            blob.upload(BinaryData.fromString("bytes of " + i));
            blobs.add(blob);
        }
        return blobs;
    }

    private static List<String> urls(List<BlobClient> blobs) {
        return blobs.stream().map(BlobClient::getBlobUrl).toList();
    }

    private static List<String> names(BlobContainerClient container) {
        return container.listBlobs().stream().map(BlobItem::getName).sorted().toList();
    }

    private static List<Integer> statuses(Iterable<Response<Void>> responses) {
        return StreamSupport.stream(responses.spliterator(), false).map(Response::getStatusCode).toList();
    }

    /**
     * What a sub-request was answered, {@code "202 -"} or {@code "404 BlobNotFound"}: the SDK hands a
     * refused one's error out of its response's getters.
     */
    private static String outcome(Response<Void> answer) {
        try {
            return answer.getStatusCode() + " -";
        } catch (BlobStorageException e) {
            return e.getStatusCode() + " " + e.getErrorCode();
        }
    }

    private static BlobServiceClient withAccountSas(ServerFixture store, String permissions) {
        String sas = SERVERS.service(store).generateAccountSas(new AccountSasSignatureValues(
                OffsetDateTime.now().plusHours(1), AccountSasPermission.parse(permissions),
                AccountSasService.parse("b"), AccountSasResourceType.parse("sco")));
        return new BlobServiceClientBuilder().endpoint(SERVERS.endpoint(store)).sasToken(sas)
                .retryOptions(BlobServers.oneTry()).buildClient();
    }

    @ParameterizedTest
    @EachStore
    void deleteBlobsOnTheAccountDeletesEachAndAnswersEach202(ServerFixture store) {
        BlobContainerClient container = SERVERS.newContainer(store, "batch");
        List<BlobClient> blobs = blobs(container, 3);
        container.getBlobClient("kept").upload(BinaryData.fromString("kept"));

        BlobBatchClient batch = new BlobBatchClientBuilder(SERVERS.service(store)).buildClient();

        assertThat(statuses(batch.deleteBlobs(urls(blobs), null))).containsExactly(202, 202, 202);
        assertThat(names(container)).containsExactly("kept");
    }

    @ParameterizedTest
    @EachStore
    void aContainersBatchDeletesItsBlobs(ServerFixture store) {
        BlobContainerClient container = SERVERS.newContainer(store, "cbatch");
        List<BlobClient> blobs = blobs(container, 4);

        BlobBatchClient batch = new BlobBatchClientBuilder(container).buildClient();

        assertThat(statuses(batch.deleteBlobs(urls(blobs), null))).containsExactly(202, 202, 202, 202);
        assertThat(names(container)).isEmpty();
    }

    /** 250 blobs, one of them leased, and 6 that do not exist: 256 parts, each its own answer, in order. */
    @ParameterizedTest
    @EachStore
    void aBatchOf256AnswersEachPartAndTheRefusedOnesChangeNothing(ServerFixture store) {
        BlobContainerClient container = SERVERS.newContainer(store, "batch256");
        List<BlobClient> blobs = new ArrayList<>(blobs(container, 250));
        BlobClient leased = blobs.get(100);
        new BlobLeaseClientBuilder().blobClient(leased).leaseId(UUID.randomUUID().toString()).buildClient()
                .acquireLease(-1);
        IntStream.range(0, 6).forEach(i -> blobs.add(2 * i + 1, container.getBlobClient("missing" + i)));
        BlobBatchClient client = new BlobBatchClientBuilder(SERVERS.service(store)).buildClient();
        BlobBatch batch = client.getBlobBatch();
        List<Response<Void>> answers = blobs.stream().map(blob -> batch.deleteBlob(blob.getBlobUrl())).toList();

        assertThat(client.submitBatchWithResponse(batch, false, null, Context.NONE).getStatusCode()).isEqualTo(202);

        for (int i = 0; i < blobs.size(); i++) {
            String name = blobs.get(i).getBlobName();
            String expected = name.startsWith("missing") ? "404 BlobNotFound"
                    : name.equals(leased.getBlobName()) ? "412 LeaseIdMissing" : "202 -";
            assertThat(outcome(answers.get(i))).as(name).isEqualTo(expected);
        }
        assertThat(names(container)).containsExactly(leased.getBlobName());
    }

    /**
     * 256 parts over four containers, run several at once: each answered in its place, a blob deleted
     * twice in one batch 202 then 404 (its parts run in the batch's order), a missing container's
     * blobs 404 ContainerNotFound, and every blob the batch deleted gone.
     */
    @ParameterizedTest
    @EachStore
    void aBatchOf256DeletesInSeveralContainersAnswersEachPartInItsPlace(ServerFixture store) {
        List<BlobContainerClient> containers = IntStream.range(0, 4)
                .mapToObj(c -> SERVERS.newContainer(store, "multi" + c)).toList();
        List<BlobClient> blobs = new ArrayList<>();
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < 248; i++) {
            BlobClient blob = containers.get(i % 4).getBlobClient("b" + i);
            blob.upload(BinaryData.fromString("bytes of " + i));
            blobs.add(blob);
            expected.add("202 -");
        }
        for (int i = 0; i < 4; i++) {
            blobs.add(60 * i + 59, blobs.get(60 * i + 7)); // deleted again, further on in the batch
            expected.add(60 * i + 59, "404 BlobNotFound");
        }
        BlobContainerClient missing = SERVERS.service(store).getBlobContainerClient("nosuchcontainer");
        for (int i = 0; i < 4; i++) {
            blobs.add(i * 50 + 3, missing.getBlobClient("m" + i));
            expected.add(i * 50 + 3, "404 ContainerNotFound");
        }
        BlobBatchClient client = new BlobBatchClientBuilder(SERVERS.service(store)).buildClient();
        BlobBatch batch = client.getBlobBatch();
        List<Response<Void>> answers = blobs.stream().map(blob -> batch.deleteBlob(blob.getBlobUrl())).toList();

        assertThat(client.submitBatchWithResponse(batch, false, null, Context.NONE).getStatusCode()).isEqualTo(202);

        assertThat(answers).hasSize(256);
        assertThat(answers.stream().map(BlobBatchTest::outcome).toList()).containsExactlyElementsOf(expected);
        for (BlobContainerClient container : containers) {
            assertThat(names(container)).as(container.getBlobContainerName()).isEmpty();
        }
    }

    /**
     * {@code BlobBatch.deleteBlob(container, blob)} on a path-style endpoint sends sub-requests
     * whose paths leave the account out ({@code DELETE /container/blob}): they are the batch's
     * account's, as the SDK means them.
     */
    @ParameterizedTest
    @EachStore
    void subRequestsNamedByContainerAndBlobAreTheBatchsAccounts(ServerFixture store) {
        BlobContainerClient container = SERVERS.newContainer(store, "batchnames");
        List<BlobClient> blobs = blobs(container, 3);
        BlobBatchClient client = new BlobBatchClientBuilder(SERVERS.service(store)).buildClient();
        BlobBatch batch = client.getBlobBatch();
        List<Response<Void>> answers = blobs.stream()
                .map(blob -> batch.deleteBlob(container.getBlobContainerName(), blob.getBlobName())).toList();

        client.submitBatch(batch);

        assertThat(answers).extracting(BlobBatchTest::outcome).containsExactly("202 -", "202 -", "202 -");
        assertThat(names(container)).isEmpty();
    }

    @ParameterizedTest
    @EachStore
    void aContainerAndBlobNamedSubRequestOnAnAccountSasIsAuthorisedByIt(ServerFixture store) {
        BlobContainerClient container = SERVERS.newContainer(store, "batchnamessas");
        List<BlobClient> blobs = blobs(container, 2);
        BlobBatchClient client = new BlobBatchClientBuilder(withAccountSas(store, "d")).buildClient();
        BlobBatch batch = client.getBlobBatch();
        List<Response<Void>> answers = blobs.stream()
                .map(blob -> batch.setBlobAccessTier(container.getBlobContainerName(), blob.getBlobName(),
                        AccessTier.COOL)).toList();

        client.submitBatchWithResponse(batch, false, null, Context.NONE);

        // "d" grants no write: each part is refused by the SAS, not the whole batch by its paths.
        assertThat(answers).extracting(BlobBatchTest::outcome)
                .containsExactly("403 AuthorizationPermissionMismatch", "403 AuthorizationPermissionMismatch");
    }

    @ParameterizedTest
    @EachStore
    void theSdkReportsEachRefusedPartAsItsOwnError(ServerFixture store) {
        BlobContainerClient container = SERVERS.newContainer(store, "batchthrow");
        List<BlobClient> blobs = blobs(container, 2);
        BlobBatchClient client = new BlobBatchClientBuilder(SERVERS.service(store)).buildClient();
        BlobBatch batch = client.getBlobBatch();
        batch.deleteBlob(blobs.get(0).getBlobUrl());
        batch.deleteBlob(container.getBlobClient("nothing-here").getBlobUrl());
        batch.deleteBlob(blobs.get(1).getBlobUrl());

        BlobBatchStorageException e = catchThrowableOfType(BlobBatchStorageException.class,
                () -> client.submitBatchWithResponse(batch, true, null, Context.NONE));

        assertThat(e).isNotNull();
        List<String> errors = StreamSupport.stream(e.getBatchExceptions().spliterator(), false)
                .map(error -> error.getStatusCode() + " " + error.getErrorCode()).toList();
        assertThat(errors).containsExactly("404 BlobNotFound");
        assertThat(names(container)).isEmpty();
    }

    @Test
    void aSasThatDoesNotAllowDeleteRefusesEachSubRequestAndDeletesNothing() {
        BlobContainerClient container = SERVERS.newContainer(ONE_STORE, "batchsas");
        List<BlobClient> blobs = blobs(container, 2);
        BlobBatchClient batch = new BlobBatchClientBuilder(withAccountSas(ONE_STORE, "rl")).buildClient();
        BlobBatch request = batch.getBlobBatch();
        List<Response<Void>> answers = blobs.stream().map(blob -> request.deleteBlob(blob.getBlobUrl())).toList();

        assertThat(batch.submitBatchWithResponse(request, false, null, Context.NONE).getStatusCode()).isEqualTo(202);

        assertThat(answers).allSatisfy(answer ->
                assertThat(outcome(answer)).isEqualTo("403 AuthorizationPermissionMismatch"));
        assertThat(names(container)).containsExactly("b0", "b1");
    }

    @Test
    void aSasThatAllowsDeleteDeletes() {
        BlobContainerClient container = SERVERS.newContainer(ONE_STORE, "batchsasd");
        List<BlobClient> blobs = blobs(container, 2);
        BlobBatchClient batch = new BlobBatchClientBuilder(withAccountSas(ONE_STORE, "d")).buildClient();

        assertThat(statuses(batch.deleteBlobs(urls(blobs), null))).containsExactly(202, 202);
        assertThat(names(container)).isEmpty();
    }

    @Test
    void aContainerSasRunsItsContainersBatch() {
        BlobContainerClient container = SERVERS.newContainer(ONE_STORE, "batchcsas");
        List<BlobClient> blobs = blobs(container, 2);
        String sas = container.generateSas(new BlobServiceSasSignatureValues(OffsetDateTime.now().plusHours(1),
                BlobContainerSasPermission.parse("rd")));
        BlobContainerClient withSas = SERVERS.containerWithSas(ONE_STORE, container.getBlobContainerName(), sas);

        BlobBatchClient batch = new BlobBatchClientBuilder(withSas).buildClient();

        assertThat(statuses(batch.deleteBlobs(urls(blobs), null))).containsExactly(202, 202);
        assertThat(names(container)).isEmpty();
    }

    /**
     * Each Set Blob Tier in a batch answers what it answers alone, whatever that is while tiers are
     * being served: the same status and error code.
     */
    @Test
    void setBlobsAccessTierAnswersEachPartAsSetBlobTierAnswersAlone() {
        BlobContainerClient container = SERVERS.newContainer(ONE_STORE, "batchtier");
        List<BlobClient> blobs = blobs(container, 3);
        String alone;
        try {
            alone = blobs.get(0).setAccessTierWithResponse(AccessTier.COOL, null, null, null, Context.NONE)
                    .getStatusCode() + " -";
        } catch (BlobStorageException e) {
            alone = e.getStatusCode() + " " + e.getErrorCode();
        }
        BlobBatchClient client = new BlobBatchClientBuilder(SERVERS.service(ONE_STORE)).buildClient();
        BlobBatch batch = client.getBlobBatch();
        List<Response<Void>> answers = blobs.subList(1, 3).stream()
                .map(blob -> batch.setBlobAccessTier(blob.getBlobUrl(), AccessTier.COOL)).toList();

        assertThat(client.submitBatchWithResponse(batch, false, null, Context.NONE).getStatusCode()).isEqualTo(202);

        for (Response<Void> answer : answers) {
            assertThat(outcome(answer)).isEqualTo(alone);
        }
    }

    @Test
    void moreThan256SubRequestsAreRefusedAndNoneRuns() {
        BlobContainerClient container = SERVERS.newContainer(ONE_STORE, "batch257");
        BlobClient existing = blobs(container, 1).get(0);
        List<String> urls = new ArrayList<>();
        urls.add(existing.getBlobUrl());
        IntStream.range(0, 256).forEach(i -> urls.add(container.getBlobClient("missing" + i).getBlobUrl()));
        BlobBatchClient client = new BlobBatchClientBuilder(SERVERS.service(ONE_STORE)).buildClient();
        BlobBatch batch = client.getBlobBatch();
        urls.forEach(batch::deleteBlob);

        assertBlobError(() -> client.submitBatchWithResponse(batch, false, null, Context.NONE), 400,
                "ExceedsMaxBatchRequestCount");
        assertThat(names(container)).containsExactly(existing.getBlobName());
    }

    @Test
    void aContainersBatchRefusesABlobOfAnotherContainerAndRunsNone() {
        BlobContainerClient container = SERVERS.newContainer(ONE_STORE, "batchmine");
        BlobContainerClient other = SERVERS.newContainer(ONE_STORE, "batchother");
        BlobClient mine = blobs(container, 1).get(0);
        BlobClient theirs = blobs(other, 1).get(0);
        BlobBatchClient client = new BlobBatchClientBuilder(container).buildClient();
        BlobBatch batch = client.getBlobBatch();
        batch.deleteBlob(mine.getBlobUrl());
        batch.deleteBlob(theirs.getBlobUrl());

        assertBlobError(() -> client.submitBatchWithResponse(batch, false, null, Context.NONE), 400, "InvalidInput");
        assertThat(names(container)).containsExactly(mine.getBlobName());
        assertThat(names(other)).containsExactly(theirs.getBlobName());
    }
}
