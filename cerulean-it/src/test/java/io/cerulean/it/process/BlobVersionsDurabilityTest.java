package io.cerulean.it.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import com.azure.core.util.BinaryData;
import com.azure.core.util.Context;
import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import com.azure.storage.blob.models.BlobItem;
import com.azure.storage.blob.models.BlobListDetails;
import com.azure.storage.blob.models.BlobRetentionPolicy;
import com.azure.storage.blob.models.ListBlobsOptions;
import com.azure.storage.blob.options.BlobParallelUploadOptions;
import com.azure.storage.common.policy.RequestRetryOptions;
import com.azure.storage.common.policy.RetryPolicyType;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A blob version and a soft delete, once acknowledged, survive {@code kill -9}: a server on RocksDB
 * with {@code --blob-versioning} answers a second upload (which keeps the first as a version), the
 * delete of a previous version under a retention policy and the delete of a blob, is killed, and the
 * restarted server serves the versions, lists the deleted one as deleted, and Undelete Blob brings
 * it back.
 */
class BlobVersionsDurabilityTest {
    @TempDir
    Path temp;

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void anAcknowledgedVersionAndSoftDeleteSurviveKill9() throws Exception {
        Path dataDir = temp.resolve("versions-data");
        String firstVersion;
        String secondVersion;
        try (ServerProcess server = ServerProcess.launch().dataDir(dataDir).args("--blob-versioning").start()) {
            BlobServiceClient service = service(server);
            service.setProperties(service.getProperties().setDeleteRetentionPolicy(new BlobRetentionPolicy()
                    .setEnabled(true).setDays(7)));
            BlobContainerClient container = service.createBlobContainer("kept");
            BlobClient doc = container.getBlobClient("doc");
            firstVersion = upload(doc, "first");
            secondVersion = upload(doc, "second");
            BlobClient gone = service.createBlobContainer("plain").getBlobClient("gone");
            String deletedVersion = upload(gone, "a version deleted but kept");
            upload(gone, "the last state");
            gone.getVersionClient(deletedVersion).delete();
            gone.delete();
            server.kill();
        }

        try (ServerProcess restarted = ServerProcess.launch().dataDir(dataDir).args("--blob-versioning").start()) {
            BlobServiceClient service = service(restarted);
            BlobClient doc = service.getBlobContainerClient("kept").getBlobClient("doc");
            assertThat(doc.getVersionClient(firstVersion).downloadContent().toString()).isEqualTo("first");
            assertThat(doc.downloadContent().toString()).isEqualTo("second");
            assertThat(doc.getProperties().getVersionId()).isEqualTo(secondVersion);
            BlobContainerClient plain = service.getBlobContainerClient("plain");
            List<BlobItem> versions = plain.listBlobs(new ListBlobsOptions().setDetails(new BlobListDetails()
                    .setRetrieveVersions(true).setRetrieveDeletedBlobs(true)), null).stream().toList();
            assertThat(versions).as("the deleted blob's versions, none current, the first soft-deleted")
                    .extracting(BlobItem::isDeleted, BlobItem::isCurrentVersion)
                    .containsExactly(tuple(true, null), tuple(false, null));
            BlobClient gone = plain.getBlobClient("gone");
            assertThat(gone.getVersionClient(versions.get(1).getVersionId()).downloadContent().toString())
                    .isEqualTo("the last state");
            gone.undelete();
            assertThat(gone.getVersionClient(versions.get(0).getVersionId()).downloadContent().toString())
                    .isEqualTo("a version deleted but kept");
            assertThat(restarted.output()).doesNotContain("ERROR");
        }
    }

    private static String upload(BlobClient blob, String text) {
        return blob.uploadWithResponse(new BlobParallelUploadOptions(BinaryData.fromString(text)), null, Context.NONE)
                .getValue().getVersionId();
    }

    private static BlobServiceClient service(ServerProcess server) {
        return new BlobServiceClientBuilder().connectionString(server.blobConnectionString())
                .clientOptions(ServerProcess.fastFailing())
                .retryOptions(new RequestRetryOptions(RetryPolicyType.FIXED, 1, Duration.ofSeconds(15), null, null,
                        null))
                .buildClient();
    }
}
