package io.cerulean.it.blob;

import static io.cerulean.it.blob.BlobErrors.assertBlobError;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.util.BinaryData;
import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import com.azure.storage.blob.models.BlobItem;
import com.azure.storage.blob.sas.BlobContainerSasPermission;
import com.azure.storage.blob.sas.BlobSasPermission;
import com.azure.storage.blob.sas.BlobServiceSasSignatureValues;
import com.azure.storage.common.StorageSharedKeyCredential;
import com.azure.storage.common.sas.AccountSasPermission;
import com.azure.storage.common.sas.AccountSasResourceType;
import com.azure.storage.common.sas.AccountSasService;
import com.azure.storage.common.sas.AccountSasSignatureValues;
import io.cerulean.it.ServerFixture;
import java.time.OffsetDateTime;
import java.util.Base64;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * Shared access signatures for blobs, containers and the account: what their permissions allow (403
 * AuthorizationPermissionMismatch for the rest), and signatures that do not hold (403
 * AuthenticationFailed: expired, not yet valid, tampered, or a wrong account key). Checks of
 * authorisation only, on one store.
 */
class BlobSasTest {
    private static final ServerFixture STORE = ServerFixture.chosenOr(ServerFixture.IN_MEMORY);
    private static final BlobServers SERVERS = new BlobServers();

    @AfterAll
    static void stop() {
        SERVERS.close();
    }

    private static OffsetDateTime inAnHour() {
        return OffsetDateTime.now().plusHours(1);
    }

    private static BlobClient blob(String prefix) {
        BlobClient blob = SERVERS.newContainer(STORE, prefix).getBlobClient("file.txt");
        blob.upload(BinaryData.fromString("contents"));
        return blob;
    }

    private static BlobClient withSas(BlobClient blob, String sas) {
        return SERVERS.blobWithSas(STORE, blob.getContainerName(), blob.getBlobName(), sas);
    }

    @Test
    void aReadOnlyBlobSasReadsButCannotWrite() {
        BlobClient blob = blob("sasr");
        BlobClient reader = withSas(blob, blob.generateSas(new BlobServiceSasSignatureValues(inAnHour(),
                new BlobSasPermission().setReadPermission(true))));

        assertThat(reader.downloadContent().toString()).isEqualTo("contents");
        assertThat(reader.getProperties().getBlobSize()).isEqualTo(8);
        assertBlobError(() -> reader.upload(BinaryData.fromString("changed"), true), 403,
                "AuthorizationPermissionMismatch");
        assertBlobError(reader::delete, 403, "AuthorizationPermissionMismatch");
        assertThat(blob.downloadContent().toString()).isEqualTo("contents");
    }

    @Test
    void aCreateAndWriteBlobSasWritesButCannotRead() {
        BlobContainerClient container = SERVERS.newContainer(STORE, "sascw");
        BlobClient blob = container.getBlobClient("new.txt");
        BlobClient writer = withSas(blob, blob.generateSas(new BlobServiceSasSignatureValues(inAnHour(),
                BlobSasPermission.parse("cw"))));

        writer.upload(BinaryData.fromString("written with a SAS"));

        assertThat(blob.downloadContent().toString()).isEqualTo("written with a SAS");
        assertBlobError(writer::downloadContent, 403, "AuthorizationPermissionMismatch");
    }

    @Test
    void aContainerSasListsAndReadsWithoutWritePermission() {
        BlobClient blob = blob("sasc");
        BlobContainerClient container = SERVERS.service(STORE).getBlobContainerClient(blob.getContainerName());
        String sas = container.generateSas(new BlobServiceSasSignatureValues(inAnHour(),
                BlobContainerSasPermission.parse("rl")));
        BlobContainerClient listing = SERVERS.containerWithSas(STORE, blob.getContainerName(), sas);

        assertThat(listing.listBlobs()).extracting(BlobItem::getName).containsExactly("file.txt");
        assertThat(listing.getBlobClient("file.txt").downloadContent().toString()).isEqualTo("contents");
        assertBlobError(() -> listing.getBlobClient("other.txt").upload(BinaryData.fromString("x")), 403,
                "AuthorizationPermissionMismatch");

        String readOnly = container.generateSas(new BlobServiceSasSignatureValues(inAnHour(),
                BlobContainerSasPermission.parse("r")));
        assertBlobError(() -> SERVERS.containerWithSas(STORE, blob.getContainerName(), readOnly).listBlobs().stream()
                .count(), 403, "AuthorizationPermissionMismatch");
    }

    /** Azurite fails this test: it answers 403 AuthorizationFailure where Azure answers 403 AuthenticationFailed. */
    @Test
    void anExpiredOrNotYetValidSasIsAuthenticationFailed() {
        BlobClient blob = blob("sasexp");
        String expired = blob.generateSas(new BlobServiceSasSignatureValues(OffsetDateTime.now().minusMinutes(5),
                new BlobSasPermission().setReadPermission(true)));
        String notYet = blob.generateSas(new BlobServiceSasSignatureValues(inAnHour(),
                new BlobSasPermission().setReadPermission(true)).setStartTime(OffsetDateTime.now().plusMinutes(30)));

        assertBlobError(() -> withSas(blob, expired).downloadContent(), 403, "AuthenticationFailed");
        assertBlobError(() -> withSas(blob, notYet).downloadContent(), 403, "AuthenticationFailed");
    }

    /** Azurite fails this test: it answers 403 AuthorizationFailure where Azure answers 403 AuthenticationFailed. */
    @Test
    void aSasWhosePermissionsWereChangedAfterSigningIsAuthenticationFailed() {
        BlobClient blob = blob("sastamp");
        String sas = blob.generateSas(new BlobServiceSasSignatureValues(inAnHour(),
                new BlobSasPermission().setReadPermission(true)));
        assertThat(sas).contains("sp=r&");

        BlobClient tampered = withSas(blob, sas.replace("sp=r&", "sp=rw&"));

        assertBlobError(() -> tampered.upload(BinaryData.fromString("x"), true), 403, "AuthenticationFailed");
        assertThat(blob.downloadContent().toString()).isEqualTo("contents");
    }

    /** Azurite fails this test: it answers 403 AuthorizationFailure where Azure answers 403 AuthenticationFailed. */
    @Test
    void aSharedKeySignedWithAnotherKeyIsAuthenticationFailed() {
        BlobClient blob = blob("sasbadkey");
        BlobServiceClient wrongKey = new BlobServiceClientBuilder().endpoint(SERVERS.endpoint(STORE))
                .credential(new StorageSharedKeyCredential(SERVERS.key(STORE).getAccountName(),
                        Base64.getEncoder().encodeToString(BlobData.randomBytes(5, 64))))
                .retryOptions(BlobServers.oneTry()).buildClient();

        assertBlobError(() -> wrongKey.getBlobContainerClient(blob.getContainerName()).getBlobClient("file.txt")
                .downloadContent(), 403, "AuthenticationFailed");
    }

    @Test
    void anAccountSasForObjectsReadsBlobsButNeitherWritesNorListsContainers() {
        BlobClient blob = blob("sasacct");
        String sas = SERVERS.service(STORE).generateAccountSas(new AccountSasSignatureValues(inAnHour(),
                AccountSasPermission.parse("r"), AccountSasService.parse("b"), AccountSasResourceType.parse("o")));
        BlobServiceClient withSas = new BlobServiceClientBuilder().endpoint(SERVERS.endpoint(STORE)).sasToken(sas)
                .retryOptions(BlobServers.oneTry()).buildClient();
        BlobClient reader = withSas.getBlobContainerClient(blob.getContainerName()).getBlobClient("file.txt");

        assertThat(reader.downloadContent().toString()).isEqualTo("contents");
        assertBlobError(() -> reader.upload(BinaryData.fromString("x"), true), 403,
                "AuthorizationPermissionMismatch");
        assertBlobError(() -> withSas.listBlobContainers().stream().count(), 403,
                "AuthorizationResourceTypeMismatch");
    }
}
