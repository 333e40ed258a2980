package io.cerulean.it.blob;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.util.BinaryData;
import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import com.azure.storage.blob.models.BlobProperties;
import com.azure.storage.blob.models.CopyStatusType;
import io.cerulean.app.Cerulean;
import io.cerulean.blob.service.CopySettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Comparator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A copy left pending by a server that stopped is not resumed: once it has not moved for a minute it
 * reads as failed, saying why, and its destination stays empty. The server is stopped mid-copy and
 * started again on the same RocksDB directory with a clock a minute and more ahead.
 */
class PendingCopyRestartTest {
    /** The system clock, moved ahead by what the test sets. */
    private static final class MovableClock extends Clock {
        private volatile Duration ahead = Duration.ZERO;

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
            return Instant.now().plus(ahead);
        }
    }

    private static Cerulean start(Path dir, Clock clock) {
        return Cerulean.builder().port(0).dataDir(dir).blobClock(clock)
                .blobCopies(new CopySettings(256 * 1024, 64 * 1024, Duration.ofMillis(200), Duration.ofSeconds(10),
                        64L * 1024 * 1024)).start();
    }

    private static BlobServiceClient client(Cerulean cerulean) {
        return new BlobServiceClientBuilder().connectionString(cerulean.connectionString())
                .retryOptions(BlobServers.oneTry()).buildClient();
    }

    @Test
    void aCopyLeftPendingByAStoppedServerReadsAsFailedAMinuteLater() throws IOException {
        Path dir = Files.createTempDirectory("cerulean-copy-restart");
        MovableClock clock = new MovableClock();
        try {
            String container;
            String copyId;
            try (Cerulean first = start(dir, clock)) {
                BlobContainerClient created = client(first).createBlobContainer(BlobServers.uniqueName("restart"));
                container = created.getBlobContainerName();
                BlobClient source = created.getBlobClient("large.bin");
                source.upload(BinaryData.fromBytes(BlobData.randomBytes(5, 2 * 1024 * 1024)));
                var poller = created.getBlobClient("copy.bin").beginCopy(source.getBlobUrl(), Duration.ofSeconds(1));
                assertThat(poller.poll().getValue().getCopyStatus()).isEqualTo(CopyStatusType.PENDING);
                copyId = poller.poll().getValue().getCopyId();
            }
            try (Cerulean again = start(dir, clock)) {
                BlobClient copy = client(again).getBlobContainerClient(container).getBlobClient("copy.bin");
                assertThat(copy.getProperties().getCopyStatus()).as("within the minute").isEqualTo(CopyStatusType.PENDING);

                clock.ahead = Duration.ofSeconds(61);
                BlobProperties properties = copy.getProperties();

                assertThat(properties.getCopyStatus()).isEqualTo(CopyStatusType.FAILED);
                assertThat(properties.getCopyId()).isEqualTo(copyId);
                assertThat(properties.getCopyStatusDescription()).contains("stopped");
                assertThat(properties.getBlobSize()).isZero();
            }
        } finally {
            try (Stream<Path> paths = Files.walk(dir)) {
                paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }
}
