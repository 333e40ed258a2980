package io.cerulean.it.blob;

import static io.cerulean.it.blob.BlobData.blockId;
import static io.cerulean.it.blob.BlobErrors.assertBlobError;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.util.BinaryData;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import com.azure.storage.blob.models.BlockListType;
import com.azure.storage.blob.specialized.BlockBlobClient;
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
 * The server discards blocks staged and never committed a week after their blob's last Put Block,
 * and frees their bytes on disk. On Cerulean alone, on a data directory: the Blob clock is moved on
 * rather than waited for, and the sweep runs every 100 ms here rather than every hour.
 */
class StagedBlockSweepTest {
    /** Where a data directory keeps blob bytes, one file each ({@code blobs/xx/id}; {@code incoming} is unfinished). */
    private static final String CONTENT_DIRECTORY = "blobs";
    /** A block this long has a file of its own: shorter bytes are kept among the records. */
    private static final int FILED_BLOCK_BYTES = 100 * 1024;

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
    void anEmptyStagedBlockIsSweptWithTheOthersAndTheirBytesAreFreed() throws InterruptedException {
        MovableClock clock = new MovableClock();
        try (var server = ServerFixture.ROCKSDB.start(builder -> builder.blobClock(clock)
                .blobSweepEvery(Duration.ofMillis(100)))) {
            BlobContainerClient container = new BlobServiceClientBuilder().connectionString(server.connectionString())
                    .retryOptions(BlobServers.oneTry()).buildClient()
                    .createBlobContainer(BlobServers.uniqueName("sweep"));
            BlockBlobClient withEmpty = container.getBlobClient("with-empty").getBlockBlobClient();
            withEmpty.stageBlock(blockId("a"), BinaryData.fromBytes(BlobData.randomBytes(1, FILED_BLOCK_BYTES)));
            withEmpty.stageBlock(blockId("b"), BinaryData.fromBytes(new byte[0])); // Put Block with an empty body
            withEmpty.stageBlock(blockId("c"), BinaryData.fromBytes(BlobData.randomBytes(2, FILED_BLOCK_BYTES)));
            BlockBlobClient other = container.getBlobClient("other").getBlockBlobClient();
            other.stageBlock(blockId("a"), BinaryData.fromBytes(BlobData.randomBytes(3, FILED_BLOCK_BYTES)));
            Path contents = server.dataDir().resolve(CONTENT_DIRECTORY);
            Thread.sleep(500); // sweeps run, and find nothing stale
            assertThat(withEmpty.listBlocks(BlockListType.UNCOMMITTED).getUncommittedBlocks()).hasSize(3);
            assertThat(contentFiles(contents)).isEqualTo(3);

            clock.advance(Duration.ofDays(7).plusSeconds(1));
            long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            while (contentFiles(contents) > 0 && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }

            assertThat(contentFiles(contents)).as("staged bytes left on disk").isZero();
            assertBlobError(() -> withEmpty.listBlocks(BlockListType.ALL), 404, "BlobNotFound");
            assertBlobError(() -> other.listBlocks(BlockListType.ALL), 404, "BlobNotFound");
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
