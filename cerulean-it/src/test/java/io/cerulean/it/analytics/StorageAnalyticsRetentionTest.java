package io.cerulean.it.analytics;

import static io.cerulean.it.analytics.StorageAnalyticsLogsTest.blobs;
import static io.cerulean.it.analytics.StorageAnalyticsMetricsTest.awaitRows;
import static io.cerulean.it.analytics.StorageAnalyticsMetricsTest.rows;
import static io.cerulean.it.analytics.StorageAnalyticsMetricsTest.tables;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.util.BinaryData;
import com.azure.data.tables.TableClient;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClient;
import com.azure.storage.blob.models.BlobAnalyticsLogging;
import com.azure.storage.blob.models.BlobMetrics;
import com.azure.storage.blob.models.BlobRetentionPolicy;
import com.azure.storage.blob.models.BlobServiceProperties;
import io.cerulean.it.EachStore;
import io.cerulean.it.ServerFixture;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * Storage Analytics' retention: log blobs and metrics entities older than the policy's days are
 * deleted by the sweep, the rest kept. The retention clock is moved on rather than waited for, and
 * the sweep runs every 100 ms.
 */
class StorageAnalyticsRetentionTest {
    /** A clock the test moves. */
    static final class MovableClock extends Clock {
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

    @ParameterizedTest
    @EachStore
    void logsAndMetricsOlderThanTheirRetentionAreDeleted(ServerFixture fixture) {
        MovableClock clock = new MovableClock();
        try (var server = fixture.start(builder -> builder.storageAnalytics(Duration.ofMillis(200),
                Duration.ofMillis(100), clock))) {
            BlobServiceClient service = blobs(server);
            BlobRetentionPolicy oneDay = new BlobRetentionPolicy().setEnabled(true).setDays(1);
            BlobRetentionPolicy twoDays = new BlobRetentionPolicy().setEnabled(true).setDays(2);
            service.setProperties(new BlobServiceProperties()
                    .setLogging(new BlobAnalyticsLogging().setVersion("1.0").setRead(true).setWrite(true)
                            .setDelete(true).setRetentionPolicy(oneDay))
                    .setMinuteMetrics(new BlobMetrics().setVersion("1.0").setEnabled(true).setIncludeApis(true)
                            .setRetentionPolicy(oneDay))
                    .setHourMetrics(new BlobMetrics().setVersion("1.0").setEnabled(true).setIncludeApis(true)
                            .setRetentionPolicy(twoDays)));
            BlobContainerClient container = service.createBlobContainer("kept");
            container.getBlobClient("b").upload(BinaryData.fromString("x"));
            AnalyticsLogs logs = new AnalyticsLogs(service);
            logs.await("blob/", line -> line.get(AnalyticsLogs.OPERATION).equals("PutBlob"));
            TableClient minutes = tables(server).getTableClient("$MetricsMinutePrimaryTransactionsBlob");
            TableClient hours = tables(server).getTableClient("$MetricsHourPrimaryTransactionsBlob");
            awaitRows(minutes, "user;PutBlob", 1);
            awaitRows(hours, "user;PutBlob", 1);

            clock.advance(Duration.ofHours(20)); // within a day of every period: nothing goes
            pauseForSweeps();
            assertThat(logs.lines("blob/")).extracting(line -> line.get(AnalyticsLogs.OPERATION)).contains("PutBlob");
            assertThat(rows(minutes, "user;PutBlob")).isNotEmpty();

            clock.advance(Duration.ofHours(10)); // past a day: the logs and minutes go, the hours stay two days
            awaitRows(minutes, "user;PutBlob", rows -> rows.isEmpty());
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (!logs.blobs("blob/").isEmpty() && System.nanoTime() < deadline) {
                AnalyticsLogs.pause();
            }
            assertThat(logs.blobs("blob/")).isEmpty();
            assertThat(rows(hours, "user;PutBlob")).isNotEmpty();
        }
    }

    /** Long enough for several sweeps of a sweep every 100 ms to have run. */
    private static void pauseForSweeps() {
        for (int i = 0; i < 10; i++) {
            AnalyticsLogs.pause();
        }
    }
}
