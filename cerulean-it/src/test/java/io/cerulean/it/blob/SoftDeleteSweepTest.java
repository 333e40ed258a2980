package io.cerulean.it.blob;

import static io.cerulean.it.blob.BlobErrors.assertBlobError;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.util.BinaryData;
import com.azure.core.util.Context;
import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import com.azure.storage.blob.models.BlobListDetails;
import com.azure.storage.blob.models.BlobRetentionPolicy;
import com.azure.storage.blob.models.DeleteSnapshotsOptionType;
import com.azure.storage.blob.models.ListBlobsOptions;
import io.cerulean.it.ServerFixture;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The server removes for good what soft delete kept once the account's retention has passed, and
 * frees its bytes on disk; what is still within it stays. On Cerulean alone, on a data directory:
 * the Blob clock is moved on rather than waited for, and the sweep runs every 100 ms.
 */
class SoftDeleteSweepTest {
    /** A blob this long has a file of its own: shorter bytes are kept among the records. */
    private static final int FILED_BYTES = 100 * 1024;

    /** A clock the test moves. */
    private static final class MovableClock extends Clock {
        private final AtomicReference<Instant> now = new AtomicReference<>(Instant.now());

        void advance(Duration by) {
            now.updateAndGet(t -> t.plus(by));
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now.get();
        }
    }

    @Test
    void whatWasDeletedLongerAgoThanTheRetentionIsRemovedWithItsBytes() throws InterruptedException {
        MovableClock clock = new MovableClock();
        try (var server = ServerFixture.ROCKSDB.start(builder -> builder.blobClock(clock)
                .blobSweepEvery(Duration.ofMillis(100)))) {
            BlobServiceClient service = new BlobServiceClientBuilder().connectionString(server.connectionString())
                    .retryOptions(BlobServers.oneTry()).buildClient();
            service.setProperties(service.getProperties().setDeleteRetentionPolicy(new BlobRetentionPolicy()
                    .setEnabled(true).setDays(1)));
            BlobContainerClient container = service.createBlobContainer(BlobServers.uniqueName("softsweep"));
            BlobClient early = container.getBlobClient("early");
            early.upload(BinaryData.fromBytes(BlobData.randomBytes(1, FILED_BYTES)));
            early.createSnapshot();
            early.deleteWithResponse(DeleteSnapshotsOptionType.INCLUDE, null, null, Context.NONE);
            clock.advance(Duration.ofHours(12));
            BlobClient late = container.getBlobClient("late");
            late.upload(BinaryData.fromBytes(BlobData.randomBytes(2, FILED_BYTES)));
            late.delete();
            Path contents = server.dataDir().resolve("blobs");
            Thread.sleep(500); // sweeps run, and find nothing past its retention
            assertThat(contentFiles(contents)).isEqualTo(2);

            clock.advance(Duration.ofHours(12).plusSeconds(1));
            long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            while (contentFiles(contents) > 1 && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }

            assertThat(contentFiles(contents)).as("bytes left on disk: the later blob's").isEqualTo(1);
            assertBlobError(early::undelete, 404, "BlobNotFound");
            assertThat(container.listBlobs(new ListBlobsOptions().setDetails(new BlobListDetails()
                    .setRetrieveDeletedBlobs(true).setRetrieveSnapshots(true)), null).stream()
                    .map(item -> item.getName()).toList()).containsExactly("late");
            late.undelete();
            assertThat(late.downloadContent().toBytes()).isEqualTo(BlobData.randomBytes(2, FILED_BYTES));
        }
    }

    @Test
    void aRetentionShortenedWhileDeletedBlobsWaitIsTheOneTheSweepHolds() throws InterruptedException {
        MovableClock clock = new MovableClock();
        try (var server = ServerFixture.ROCKSDB.start(builder -> builder.blobClock(clock)
                .blobSweepEvery(Duration.ofMillis(100)))) {
            BlobServiceClient service = new BlobServiceClientBuilder().connectionString(server.connectionString())
                    .retryOptions(BlobServers.oneTry()).buildClient();
            service.setProperties(service.getProperties().setDeleteRetentionPolicy(new BlobRetentionPolicy()
                    .setEnabled(true).setDays(7)));
            BlobContainerClient container = service.createBlobContainer(BlobServers.uniqueName("softshorter"));
            BlobClient blob = container.getBlobClient("kept");
            blob.upload(BinaryData.fromBytes(BlobData.randomBytes(3, FILED_BYTES)));
            blob.delete();
            Thread.sleep(500); // sweeps run under the seven days, and keep it

            service.setProperties(service.getProperties().setDeleteRetentionPolicy(new BlobRetentionPolicy()
                    .setEnabled(true).setDays(1)));
            clock.advance(Duration.ofDays(1).plusSeconds(1));
            Path contents = server.dataDir().resolve("blobs");
            long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            while (contentFiles(contents) > 0 && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }

            assertThat(contentFiles(contents)).as("bytes left on disk").isZero();
            assertBlobError(blob::undelete, 404, "BlobNotFound");
        }
    }

    /** How many finished contents the data directory holds. */
    private static long contentFiles(Path contents) {
        try (Stream<Path> files = Files.walk(contents)) {
            return files.filter(Files::isRegularFile).filter(f -> !f.getParent().getFileName().toString()
                    .equals("incoming")).count();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
