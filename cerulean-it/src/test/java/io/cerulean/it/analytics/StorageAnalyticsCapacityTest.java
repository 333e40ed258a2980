package io.cerulean.it.analytics;

import static io.cerulean.it.analytics.StorageAnalyticsLogsTest.blobs;
import static io.cerulean.it.analytics.StorageAnalyticsMetricsTest.tables;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.azure.core.util.BinaryData;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.models.ListEntitiesOptions;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableItem;
import com.azure.data.tables.models.TableServiceException;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClient;
import com.azure.storage.blob.models.BlobAnalyticsLogging;
import com.azure.storage.blob.models.BlobItem;
import com.azure.storage.blob.models.BlobMetrics;
import com.azure.storage.blob.models.BlobRetentionPolicy;
import com.azure.storage.blob.models.BlobServiceProperties;
import io.cerulean.it.EachStore;
import io.cerulean.it.ServerFixture;
import io.cerulean.it.analytics.StorageAnalyticsRetentionTest.MovableClock;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * The Blob service's capacity metrics, {@code $MetricsCapacityBlob}: a day's entity per account
 * whose hour metrics are on, RowKey {@code data} for its containers and {@code analytics} for
 * {@code $logs}, kept as long as the hour metrics. The sweep runs every 100 ms and the day is moved
 * on by the retention clock, so the day counted begins after every blob was written.
 */
class StorageAnalyticsCapacityTest {
    private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("yyyyMMdd'T'0000", Locale.ROOT)
            .withZone(ZoneOffset.UTC);

    @ParameterizedTest
    @EachStore
    void theDaysCapacityCountsEveryBlobSnapshotAndStagedBlock(ServerFixture fixture) {
        MovableClock clock = new MovableClock();
        try (var server = fixture.start(builder -> builder.storageAnalytics(Duration.ofMillis(200),
                Duration.ofMillis(100), clock))) {
            BlobServiceClient service = blobs(server);
            BlobRetentionPolicy week = new BlobRetentionPolicy().setEnabled(true).setDays(7);
            service.setProperties(new BlobServiceProperties()
                    .setLogging(new BlobAnalyticsLogging().setVersion("1.0").setRead(false).setWrite(true)
                            .setDelete(false).setRetentionPolicy(week))
                    .setHourMetrics(new BlobMetrics().setVersion("1.0").setEnabled(true).setIncludeApis(false)
                            .setRetentionPolicy(week)));
            BlobContainerClient photos = service.createBlobContainer("photos");
            photos.getBlobClient("a.txt").upload(BinaryData.fromString("hello")); // 5 bytes, kept by its snapshot
            photos.getBlobClient("a.txt").createSnapshot();
            photos.getBlobClient("a.txt").upload(BinaryData.fromString("goodbye!"), true); // 8 bytes
            BlobContainerClient docs = service.createBlobContainer("docs");
            docs.getBlobClient("b.txt").upload(BinaryData.fromString("abc")); // 3 bytes
            docs.getBlobClient("staged").getBlockBlobClient().stageBlock(
                    Base64.getEncoder().encodeToString("block-1".getBytes(StandardCharsets.UTF_8)),
                    BinaryData.fromString("wxyz")); // 4 bytes, nothing committed
            service.createBlobContainer("empty");
            AnalyticsLogs logs = new AnalyticsLogs(service);
            logs.await("blob/", line -> line.get(AnalyticsLogs.OPERATION).equals("PutBlock"));

            clock.advance(Duration.ofDays(1));
            String day = DAY.format(clock.instant());
            TableClient capacity = tables(server).getTableClient("$MetricsCapacityBlob");
            TableEntity analytics = awaitEntity(capacity, day, "analytics");
            TableEntity data = capacity.getEntity(day, "data");

            assertThat(data.getProperty("Capacity")).isEqualTo(5L + 8L + 3L + 4L);
            assertThat(data.getProperty("ContainerCount")).isEqualTo(3L);
            assertThat(data.getProperty("ObjectCount")).isEqualTo(3L);
            // $logs as it is now: no blob request was made since the last line was written.
            List<BlobItem> logBlobs = service.getBlobContainerClient("$logs").listBlobs().stream().toList();
            assertThat(analytics.getProperty("Capacity"))
                    .isEqualTo(logBlobs.stream().mapToLong(blob -> blob.getProperties().getContentLength()).sum());
            assertThat(analytics.getProperty("ContainerCount")).isEqualTo(1L);
            assertThat(analytics.getProperty("ObjectCount")).isEqualTo((long) logBlobs.size());

            TableServiceClient tables = tables(server);
            assertThat(tables.listTables()).extracting(TableItem::getName).doesNotContain("$MetricsCapacityBlob");
            TableServiceException refused = catchThrowableOfType(
                    () -> capacity.upsertEntity(new TableEntity(day, "data")), TableServiceException.class);
            assertThat(refused.getResponse().getStatusCode()).isEqualTo(403);
            assertThat(refused.getValue().getErrorCode().toString()).isEqualTo("AuthorizationFailure");
            assertThat(capacity.getEntity(day, "data").getProperty("Capacity")).isEqualTo(20L);

            // Kept as long as the hour metrics: past their 7 days the day goes, and the new day is counted.
            clock.advance(Duration.ofDays(8));
            String later = DAY.format(clock.instant());
            awaitEntity(capacity, later, "analytics");
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (!entities(capacity, day).isEmpty() && System.nanoTime() < deadline) {
                AnalyticsLogs.pause();
            }
            assertThat(entities(capacity, day)).isEmpty();
            assertThat(capacity.getEntity(later, "data").getProperty("ObjectCount")).isEqualTo(3L);
        }
    }

    @ParameterizedTest
    @EachStore
    void noCapacityIsWrittenWhileHourMetricsAreOff(ServerFixture fixture) {
        MovableClock clock = new MovableClock();
        try (var server = fixture.start(builder -> builder.storageAnalytics(Duration.ofMillis(200),
                Duration.ofMillis(100), clock))) {
            BlobServiceClient service = blobs(server);
            service.setProperties(new BlobServiceProperties().setHourMetrics(new BlobMetrics().setVersion("1.0")
                    .setEnabled(false).setRetentionPolicy(new BlobRetentionPolicy().setEnabled(false))));
            service.createBlobContainer("quiet").getBlobClient("a").upload(BinaryData.fromString("abc"));

            clock.advance(Duration.ofDays(1));
            String day = DAY.format(clock.instant());
            for (int i = 0; i < 10; i++) { // several sweeps
                AnalyticsLogs.pause();
            }
            assertThat(entities(tables(server).getTableClient("$MetricsCapacityBlob"), day)).isEmpty();
        }
    }

    private static TableEntity awaitEntity(TableClient table, String day, String rowKey) {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (true) {
            List<TableEntity> found = entities(table, day).stream()
                    .filter(entity -> entity.getRowKey().equals(rowKey)).toList();
            if (!found.isEmpty()) {
                return found.get(0);
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("no capacity entity " + day + "/" + rowKey + " in 30 s");
            }
            AnalyticsLogs.pause();
        }
    }

    /** The day's entities; none when the table is not there yet. */
    private static List<TableEntity> entities(TableClient table, String day) {
        try {
            return table.listEntities(new ListEntitiesOptions().setFilter("PartitionKey eq '" + day + "'"), null, null)
                    .stream().toList();
        } catch (com.azure.core.exception.HttpResponseException e) {
            if (e.getResponse().getStatusCode() == 404) {
                return List.of();
            }
            throw e;
        }
    }
}
