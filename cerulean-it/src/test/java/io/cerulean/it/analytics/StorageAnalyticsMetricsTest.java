package io.cerulean.it.analytics;

import static io.cerulean.it.analytics.StorageAnalyticsLogsTest.blobs;
import static io.cerulean.it.analytics.StorageAnalyticsLogsTest.start;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.azure.core.util.BinaryData;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.TableServiceClientBuilder;
import com.azure.data.tables.models.ListEntitiesOptions;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableItem;
import com.azure.data.tables.models.TableServiceException;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClient;
import com.azure.storage.blob.models.BlobMetrics;
import com.azure.storage.blob.models.BlobRetentionPolicy;
import com.azure.storage.blob.models.BlobServiceProperties;
import com.azure.storage.blob.models.BlobStorageException;
import io.cerulean.it.EachStore;
import io.cerulean.it.ServerFixture;
import java.time.Duration;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * Storage Analytics metrics: with hour and minute metrics on, each service's requests are counted in
 * its {@code $Metrics...PrimaryTransactions...} tables, per period and per API, read with the Table SDK.
 */
class StorageAnalyticsMetricsTest {
    static TableServiceClient tables(ServerFixture.RunningServer server) {
        return new TableServiceClientBuilder().connectionString(server.connectionString()).buildClient();
    }

    static void countBlobRequests(BlobServiceClient service, boolean minutes) {
        BlobMetrics metrics = new BlobMetrics().setVersion("1.0").setEnabled(true).setIncludeApis(true)
                .setRetentionPolicy(new BlobRetentionPolicy().setEnabled(true).setDays(1));
        BlobServiceProperties properties = new BlobServiceProperties().setHourMetrics(metrics);
        service.setProperties(minutes ? properties.setMinuteMetrics(metrics) : properties);
    }

    /** The table's rows of {@code rowKey}, once their TotalRequests add up to {@code total}, waiting up to 30 s. */
    static List<TableEntity> awaitRows(TableClient table, String rowKey, long total) {
        return awaitRows(table, rowKey, rows -> sum(rows, "TotalRequests") == total);
    }

    static List<TableEntity> awaitRows(TableClient table, String rowKey, Predicate<List<TableEntity>> done) {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (true) {
            List<TableEntity> rows = rows(table, rowKey);
            if (done.test(rows)) {
                return rows;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("rows " + rowKey + " of " + table.getTableName() + " are " + rows.stream()
                        .map(TableEntity::getProperties).toList());
            }
            AnalyticsLogs.pause();
        }
    }

    static List<TableEntity> rows(TableClient table, String rowKey) {
        try {
            return table.listEntities(new ListEntitiesOptions().setFilter("RowKey eq '" + rowKey + "'"), null, null)
                    .stream().toList();
        } catch (com.azure.core.exception.HttpResponseException e) {
            if (e.getResponse().getStatusCode() == 404) { // not written yet
                return List.of();
            }
            throw e;
        }
    }

    /** A count over the rows of several periods: requests may fall on both sides of an hour or a minute. */
    static long sum(List<TableEntity> rows, String property) {
        return rows.stream().mapToLong(row -> ((Number) row.getProperty(property)).longValue()).sum();
    }

    @ParameterizedTest
    @EachStore
    void eachApisRequestsAreCountedPerPeriodInTheHourAndMinuteTables(ServerFixture fixture) {
        try (var server = start(fixture)) {
            BlobServiceClient service = blobs(server);
            countBlobRequests(service, true);
            BlobContainerClient container = service.createBlobContainer("counted");
            for (int i = 0; i < 3; i++) {
                container.getBlobClient("b" + i).upload(BinaryData.fromString("hello " + i));
            }
            container.getBlobClient("b0").downloadContent();
            container.getBlobClient("b1").downloadContent();
            catchThrowableOfType(() -> container.getBlobClient("absent").downloadContent(), BlobStorageException.class);

            TableServiceClient tables = tables(server);
            for (String name : List.of("$MetricsHourPrimaryTransactionsBlob", "$MetricsMinutePrimaryTransactionsBlob")) {
                TableClient table = tables.getTableClient(name);
                List<TableEntity> puts = awaitRows(table, "user;PutBlob", 3);
                assertThat(sum(puts, "Success")).isEqualTo(3);
                assertThat(sum(puts, "TotalIngress")).isGreaterThan(3 * "hello 0".length());
                List<TableEntity> gets = awaitRows(table, "user;GetBlob", 3);
                assertThat(sum(gets, "Success")).isEqualTo(2);
                assertThat(sum(gets, "ClientOtherError")).isEqualTo(1);
                assertThat(sum(gets, "AnonymousSuccess") + sum(gets, "SASSuccess")).isZero();
                assertThat(gets.get(0).getPartitionKey()).matches(name.contains("Hour") ? "\\d{8}T\\d{2}00"
                        : "\\d{8}T\\d{4}");
                if (gets.size() == 1) {
                    assertThat((Double) gets.get(0).getProperty("PercentSuccess")).isCloseTo(200.0 / 3,
                            org.assertj.core.data.Offset.offset(0.001));
                    assertThat((Double) gets.get(0).getProperty("PercentClientOtherError")).isCloseTo(100.0 / 3,
                            org.assertj.core.data.Offset.offset(0.001));
                }
                // user;All counts every request of the service, the Set Blob Service Properties included.
                awaitRows(table, "user;All", rows -> sum(rows, "TotalRequests") >= 8);
                TableEntity all = table.listEntities(new ListEntitiesOptions().setFilter("RowKey eq 'user;All'"),
                        null, null).iterator().next();
                assertThat(all.getProperties()).containsKeys("TotalBillableRequests", "TotalEgress", "Availability",
                        "AverageE2ELatency", "AverageServerLatency", "PercentThrottlingError", "PercentTimeoutError",
                        "PercentServerOtherError", "PercentAuthorizationError", "PercentNetworkError",
                        "ThrottlingError", "ServerOtherError", "AuthorizationError", "NetworkError");
            }
        }
    }

    @ParameterizedTest
    @EachStore
    void theMetricsTablesAreNotListedNotWritableAndReadingThemIsNotCounted(ServerFixture fixture) {
        try (var server = start(fixture)) {
            TableServiceClient tables = tables(server);
            tables.createTable("ordinary"); // counted by the default hour metrics, per API
            TableClient hours = tables.getTableClient("$MetricsHourPrimaryTransactionsTable");
            awaitRows(hours, "user;CreateTable", 1);
            for (int i = 0; i < 3; i++) {
                rows(hours, "user;All");
            }
            tables.createTable("another"); // written after the reads of the metrics table

            awaitRows(hours, "user;CreateTable", 2);
            assertThat(rows(hours, "user;QueryEntities")).isEmpty();
            assertThat(tables.listTables()).extracting(TableItem::getName).containsExactlyInAnyOrder("ordinary",
                    "another");
            TableServiceException refused = catchThrowableOfType(
                    () -> hours.createEntity(new TableEntity("20261129T1200", "user;All")), TableServiceException.class);
            assertThat(refused.getResponse().getStatusCode()).isEqualTo(403);
            assertThat(refused.getValue().getErrorCode().toString()).isEqualTo("AuthorizationFailure");
            com.azure.data.tables.models.TableTransactionFailedException inBatch = catchThrowableOfType(
                    () -> hours.submitTransaction(List.of(new com.azure.data.tables.models.TableTransactionAction(
                            com.azure.data.tables.models.TableTransactionActionType.UPSERT_MERGE,
                            new TableEntity("20261129T1200", "user;All")))),
                    com.azure.data.tables.models.TableTransactionFailedException.class);
            assertThat(inBatch).as("a transaction on a metrics table is refused").isNotNull();
            assertThat(inBatch.getValue().getErrorCode().toString()).isEqualTo("AuthorizationFailure");
            TableServiceException notDeleted = catchThrowableOfType(hours::deleteTable, TableServiceException.class);
            assertThat(notDeleted.getResponse().getStatusCode()).isEqualTo(403);
            assertThat(rows(hours, "user;CreateTable")).isNotEmpty();
        }
    }
}
