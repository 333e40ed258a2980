package io.cerulean.it.analytics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.azure.core.http.rest.Response;
import com.azure.core.util.BinaryData;
import com.azure.core.util.Context;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.TableServiceClientBuilder;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableServiceLogging;
import com.azure.data.tables.models.TableServiceProperties;
import com.azure.data.tables.models.TableServiceRetentionPolicy;
import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import com.azure.storage.blob.models.BlobAnalyticsLogging;
import com.azure.storage.blob.models.BlobContainerItem;
import com.azure.storage.blob.models.BlobRetentionPolicy;
import com.azure.storage.blob.models.BlobServiceProperties;
import com.azure.storage.blob.models.BlobStorageException;
import com.azure.storage.blob.options.BlobParallelUploadOptions;
import com.azure.storage.queue.QueueClient;
import com.azure.storage.queue.QueueServiceClient;
import com.azure.storage.queue.QueueServiceClientBuilder;
import com.azure.storage.queue.models.QueueAnalyticsLogging;
import com.azure.storage.queue.models.QueueRetentionPolicy;
import com.azure.storage.queue.models.QueueServiceProperties;
import com.azure.storage.queue.models.SendMessageResult;
import io.cerulean.it.EachStore;
import io.cerulean.it.ServerFixture;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * Storage Analytics logging: with Logging on in a service's properties, each request becomes a line
 * of format 1.0 in a blob of the account's {@code $logs} container, read back with the Blob SDK.
 */
class StorageAnalyticsLogsTest {
    private static final String ACCOUNT = "devstoreaccount1";
    private static final Pattern LOG_BLOB = Pattern.compile("blob/\\d{4}/\\d{2}/\\d{2}/\\d{2}00/\\d{6}\\.log");

    static ServerFixture.RunningServer start(ServerFixture fixture) {
        return fixture.start(builder -> builder.storageAnalytics(Duration.ofMillis(200), Duration.ofHours(1),
                java.time.Clock.systemUTC()));
    }

    static BlobServiceClient blobs(ServerFixture.RunningServer server) {
        return new BlobServiceClientBuilder().connectionString(server.connectionString()).buildClient();
    }

    static void logBlobRequests(BlobServiceClient service, boolean read, boolean write, boolean delete) {
        service.setProperties(new BlobServiceProperties().setLogging(new BlobAnalyticsLogging().setVersion("1.0")
                .setRead(read).setWrite(write).setDelete(delete)
                .setRetentionPolicy(new BlobRetentionPolicy().setEnabled(true).setDays(1))));
    }

    private static String requestId(Response<?> response) {
        return response.getHeaders().getValue("x-ms-request-id");
    }

    @ParameterizedTest
    @EachStore
    void eachBlobRequestIsALineWithItsOperationStatusUrlAndRequestId(ServerFixture fixture) {
        try (var server = start(fixture)) {
            BlobServiceClient service = blobs(server);
            logBlobRequests(service, true, true, true);
            BlobContainerClient container = service.createBlobContainer("logged");
            BlobClient blob = container.getBlobClient("note.txt");
            String put = requestId(blob.uploadWithResponse(new BlobParallelUploadOptions(BinaryData.fromString("hi")),
                    null, Context.NONE));
            String get = requestId(blob.downloadContentWithResponse(null, null, null, Context.NONE));
            BlobStorageException missing = (BlobStorageException) org.assertj.core.api.Assertions.catchThrowable(
                    () -> container.getBlobClient("absent").getProperties());
            String notFound = missing.getResponse().getHeaders().getValue("x-ms-request-id");
            String delete = requestId(blob.deleteWithResponse(null, null, null, Context.NONE));

            AnalyticsLogs logs = new AnalyticsLogs(service);
            List<String> putLine = logs.awaitRequest("blob/", put);
            assertThat(putLine).hasSize(AnalyticsLogs.FIELDS);
            assertThat(putLine.get(AnalyticsLogs.VERSION)).isEqualTo("1.0");
            assertThat(putLine.get(AnalyticsLogs.OPERATION)).isEqualTo("PutBlob");
            assertThat(putLine.get(AnalyticsLogs.STATUS)).isEqualTo("Success");
            assertThat(putLine.get(AnalyticsLogs.HTTP_STATUS)).isEqualTo("201");
            assertThat(putLine.get(AnalyticsLogs.AUTH)).isEqualTo("authenticated");
            assertThat(putLine.get(AnalyticsLogs.REQUESTER)).isEqualTo(ACCOUNT);
            assertThat(putLine.get(AnalyticsLogs.OWNER)).isEqualTo(ACCOUNT);
            assertThat(putLine.get(AnalyticsLogs.SERVICE)).isEqualTo("blob");
            assertThat(putLine.get(AnalyticsLogs.URL)).startsWith("http://").contains("/" + ACCOUNT + "/logged/note.txt");
            assertThat(putLine.get(AnalyticsLogs.OBJECT_KEY)).isEqualTo("/" + ACCOUNT + "/logged/note.txt");
            assertThat(putLine.get(AnalyticsLogs.VERSION_HEADER)).matches("\\d{4}-\\d{2}-\\d{2}");
            assertThat(putLine.get(AnalyticsLogs.USER_AGENT)).contains("azsdk-java-azure-storage-blob");

            List<String> getLine = logs.awaitRequest("blob/", get);
            assertThat(getLine.get(AnalyticsLogs.OPERATION)).isEqualTo("GetBlob");
            assertThat(getLine.get(AnalyticsLogs.HTTP_STATUS)).isEqualTo("200");
            List<String> notFoundLine = logs.awaitRequest("blob/", notFound);
            assertThat(notFoundLine.get(AnalyticsLogs.OPERATION)).isEqualTo("GetBlobProperties");
            assertThat(notFoundLine.get(AnalyticsLogs.STATUS)).isEqualTo("ClientOtherError");
            assertThat(notFoundLine.get(AnalyticsLogs.HTTP_STATUS)).isEqualTo("404");
            assertThat(logs.awaitRequest("blob/", delete).get(AnalyticsLogs.OPERATION)).isEqualTo("DeleteBlob");

            for (AnalyticsLogs.LogBlob logBlob : logs.blobs("blob/")) {
                assertThat(logBlob.name()).matches(LOG_BLOB);
                assertThat(logBlob.metadata()).containsEntry("LogVersion", "1.0").containsKeys("LogType",
                        "StartTime", "EndTime");
                Instant.parse(logBlob.metadata().get("StartTime"));
            }
        }
    }

    @ParameterizedTest
    @EachStore
    void onlyTheKindsOfRequestTheSettingsNameAreLogged(ServerFixture fixture) {
        try (var server = start(fixture)) {
            BlobServiceClient service = blobs(server);
            BlobContainerClient container = service.createBlobContainer("readsonly");
            logBlobRequests(service, true, false, false);
            BlobClient blob = container.getBlobClient("b");
            String put = requestId(blob.uploadWithResponse(new BlobParallelUploadOptions(BinaryData.fromString("x")),
                    null, Context.NONE));
            String delete = requestId(container.getBlobClient("b").deleteWithResponse(null, null, null,
                    Context.NONE));
            String list = requestId(container.listBlobsByHierarchy("/").iterableByPage().iterator().next());

            List<List<String>> lines = new AnalyticsLogs(service).await("blob/",
                    line -> line.get(AnalyticsLogs.REQUEST_ID).equals(list));
            assertThat(lines).extracting(line -> line.get(AnalyticsLogs.REQUEST_ID)).doesNotContain(put, delete);
            assertThat(lines).extracting(line -> line.get(AnalyticsLogs.OPERATION)).containsOnly("ListBlobs");
            assertThat(new AnalyticsLogs(service).blobs("blob/")).allSatisfy(logBlob ->
                    assertThat(logBlob.metadata()).containsEntry("LogType", "read"));
        }
    }

    @ParameterizedTest
    @EachStore
    void theLogsContainerIsNotListedAndReadingItIsNotLogged(ServerFixture fixture) {
        try (var server = start(fixture)) {
            BlobServiceClient service = blobs(server);
            logBlobRequests(service, true, true, true);
            String created = requestId(service.createBlobContainerWithResponse("visible", null, null, Context.NONE));
            AnalyticsLogs logs = new AnalyticsLogs(service);
            logs.awaitRequest("blob/", created);
            assertThat(service.listBlobContainers()).extracting(BlobContainerItem::getName).containsExactly("visible");
            String marker = requestId(service.getPropertiesWithResponse(null, Context.NONE));
            List<List<String>> lines = logs.await("blob/", line -> line.get(AnalyticsLogs.REQUEST_ID).equals(marker));
            assertThat(lines).extracting(line -> line.get(AnalyticsLogs.OBJECT_KEY))
                    .noneMatch(key -> key.startsWith("/" + ACCOUNT + "/$logs"));
        }
    }

    @ParameterizedTest
    @EachStore
    void tableAndQueueRequestsAreLoggedUnderTheirOwnService(ServerFixture fixture) {
        try (var server = start(fixture)) {
            TableServiceClient tables = new TableServiceClientBuilder().connectionString(server.connectionString())
                    .buildClient();
            tables.setProperties(new TableServiceProperties().setLogging(new TableServiceLogging()
                    .setAnalyticsVersion("1.0").setReadLogged(true).setWriteLogged(true).setDeleteLogged(true)
                    .setRetentionPolicy(new TableServiceRetentionPolicy().setEnabled(true).setDaysToRetain(1))));
            TableClient table = tables.createTable("logged");
            String insert = table.createEntityWithResponse(new TableEntity("p", "r"), null, Context.NONE)
                    .getHeaders().getValue("x-ms-request-id");
            QueueServiceClient queues = new QueueServiceClientBuilder().connectionString(server.connectionString())
                    .buildClient();
            queues.setProperties(new QueueServiceProperties().setAnalyticsLogging(new QueueAnalyticsLogging().setVersion("1.0")
                    .setRead(true).setWrite(true).setDelete(true)
                    .setRetentionPolicy(new QueueRetentionPolicy().setEnabled(true).setDays(1))));
            QueueClient queue = queues.createQueue("logged");
            Response<SendMessageResult> sent = queue.sendMessageWithResponse(BinaryData.fromString("m"), null, null,
                    null, Context.NONE);

            AnalyticsLogs logs = new AnalyticsLogs(blobs(server));
            List<String> insertLine = logs.awaitRequest("table/", insert);
            assertThat(insertLine.get(AnalyticsLogs.OPERATION)).isEqualTo("InsertEntity");
            assertThat(insertLine.get(AnalyticsLogs.SERVICE)).isEqualTo("table");
            assertThat(insertLine.get(AnalyticsLogs.HTTP_STATUS)).isEqualTo("204"); // the SDK asks for no content
            List<String> putLine = logs.awaitRequest("queue/", requestId(sent));
            assertThat(putLine.get(AnalyticsLogs.OPERATION)).isEqualTo("PutMessage");
            assertThat(putLine.get(AnalyticsLogs.SERVICE)).isEqualTo("queue");
            assertThat(putLine.get(AnalyticsLogs.OBJECT_KEY)).isEqualTo("/" + ACCOUNT + "/logged/messages");
            assertThat(logs.lines("blob/")).isEmpty(); // Blob logging stayed off
        }
    }

    @Test
    void whatIsHeldWhenTheServerStopsIsWrittenBeforeIt(@TempDir java.nio.file.Path dir) {
        String put;
        // The default settings: logs wait up to 5 s, metrics a minute; the server stops at once.
        try (io.cerulean.app.Cerulean server = io.cerulean.app.Cerulean.builder().port(0).dataDir(dir).start()) {
            BlobServiceClient service = new BlobServiceClientBuilder().connectionString(server.connectionString())
                    .buildClient();
            logBlobRequests(service, true, true, true);
            BlobClient blob = service.createBlobContainer("stopping").getBlobClient("b");
            put = requestId(blob.uploadWithResponse(new BlobParallelUploadOptions(BinaryData.fromString("x")), null,
                    Context.NONE));
        }
        try (io.cerulean.app.Cerulean server = io.cerulean.app.Cerulean.builder().port(0).dataDir(dir).start()) {
            BlobServiceClient service = new BlobServiceClientBuilder().connectionString(server.connectionString())
                    .buildClient();
            assertThat(new AnalyticsLogs(service).lines("blob/")).extracting(line -> line.get(AnalyticsLogs.REQUEST_ID))
                    .contains(put);
            TableClient hours = new TableServiceClientBuilder().connectionString(server.connectionString())
                    .buildClient().getTableClient("$MetricsHourPrimaryTransactionsBlob");
            assertThat(StorageAnalyticsMetricsTest.rows(hours, "user;PutBlob")).isNotEmpty();
        }
    }

    @ParameterizedTest
    @EachStore
    void aSasRequestIsLoggedAsSasWithoutItsSignature(ServerFixture fixture) {
        try (var server = start(fixture)) {
            BlobServiceClient service = blobs(server);
            logBlobRequests(service, true, true, true);
            BlobContainerClient container = service.createBlobContainer("sas");
            container.getBlobClient("b").upload(BinaryData.fromString("x"));
            String sas = container.getBlobClient("b").generateSas(new com.azure.storage.blob.sas.BlobServiceSasSignatureValues(
                    java.time.OffsetDateTime.now().plusHours(1),
                    new com.azure.storage.blob.sas.BlobSasPermission().setReadPermission(true)));
            BlobClient viaSas = new com.azure.storage.blob.BlobClientBuilder()
                    .endpoint(container.getBlobContainerUrl() + "/b").sasToken(sas).buildClient();
            String read = requestId(viaSas.downloadContentWithResponse(null, null, null, Context.NONE));
            List<String> line = new AnalyticsLogs(service).awaitRequest("blob/", read);
            assertThat(line.get(AnalyticsLogs.STATUS)).isEqualTo("SASSuccess");
            assertThat(line.get(AnalyticsLogs.AUTH)).isEqualTo("sas");
            assertThat(line.get(AnalyticsLogs.REQUESTER)).isEmpty();
            assertThat(line.get(AnalyticsLogs.URL)).contains("sig=REDACTED").doesNotContain(
                    sas.replaceAll(".*sig=([^&]*).*", "$1"));
        }
    }
}
