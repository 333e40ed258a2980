package io.cerulean.it.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.azure.core.util.BinaryData;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableClientBuilder;
import com.azure.data.tables.models.TableEntity;
import com.azure.core.exception.HttpResponseException;
import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import com.azure.storage.blob.batch.BlobBatchClientBuilder;
import com.azure.storage.blob.models.BlobRequestConditions;
import com.azure.storage.blob.models.BlobStorageException;
import com.azure.storage.queue.QueueClient;
import com.azure.storage.queue.QueueClientBuilder;
import io.cerulean.http.faults.FaultKind;
import io.cerulean.http.faults.FaultRule;
import io.cerulean.it.ServerFixture;
import io.cerulean.it.ServerFixture.RunningServer;
import java.io.ByteArrayOutputStream;
import java.util.List;
import java.util.OptionalLong;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What {@code /$metrics} says of the requests the SDKs make: their operations, status classes, error
 * codes, body bytes and those still under way. Scraped from the metrics' own port, so that the scrape
 * is not one of the requests it counts.
 */
class RequestMetricsTest {
    private static RunningServer server;
    private static int metricsPort;

    @BeforeAll
    static void start() {
        // The first Peek Messages is answered 503 ServerBusy, which the SDK retries.
        FaultRule busyOnce = new FaultRule("busy once", FaultKind.SERVER_BUSY, false, null, Set.of("queue"),
                Set.of("PeekMessages"), null, 1, 1, OptionalLong.empty(), 1, 0);
        server = ServerFixture.chosenOr(ServerFixture.IN_MEMORY).start(builder -> builder.metricsPort(0)
                .faults(List.of(busyOnce)));
        metricsPort = server.cerulean().metricsPort();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static Scrape scrape() {
        return Scrape.of(metricsPort);
    }

    private static TableClient table(String name) {
        return new TableClientBuilder().connectionString(server.connectionString()).tableName(name).buildClient();
    }

    private static BlobContainerClient container(String name) {
        return new BlobServiceClientBuilder().connectionString(server.connectionString()).buildClient()
                .getBlobContainerClient(name);
    }

    @Test
    void aFailedRequestIsCountedByItsErrorCode() {
        String errors = "cerulean_request_errors_total";
        double before = scrape().sum(errors, "service", "table", "error_code", "TableNotFound");
        double queriesFailed = scrape().sum("cerulean_requests_seconds_count", "service", "table",
                "operation", "QueryEntities", "status_class", "4xx");

        assertThatThrownBy(() -> table("metricsnosuchtable").listEntities().stream().count())
                .isInstanceOfSatisfying(HttpResponseException.class,
                        e -> assertThat(e.getResponse().getStatusCode()).isEqualTo(404));

        Scrape after = scrape();
        assertThat(after.sum(errors, "service", "table", "error_code", "TableNotFound")).isEqualTo(before + 1);
        assertThat(after.sum(errors, "service", "table", "operation", "QueryEntities", "error_code", "TableNotFound"))
                .isGreaterThanOrEqualTo(1);
        assertThat(after.sum("cerulean_requests_seconds_count", "service", "table", "operation", "QueryEntities",
                "status_class", "4xx")).isEqualTo(queriesFailed + 1);
    }

    @Test
    void anUploadOfNBytesAddsNToTheBytesReceivedAndADownloadToTheBytesSent() {
        BlobContainerClient container = container("metricsbytes");
        container.create();
        byte[] content = new byte[300_000];
        new Random(7).nextBytes(content);
        BlobClient blob = container.getBlobClient("counted.bin");
        String received = "cerulean_request_received_bytes_total";
        String sent = "cerulean_request_sent_bytes_total";
        double receivedBefore = scrape().sum(received, "service", "blob", "operation", "PutBlob");

        blob.upload(BinaryData.fromBytes(content));
        assertThat(scrape().sum(received, "service", "blob", "operation", "PutBlob"))
                .isEqualTo(receivedBefore + content.length);

        double sentBefore = scrape().sum(sent, "service", "blob", "operation", "GetBlob");
        double propertiesSentBefore = scrape().sum(sent, "service", "blob", "operation", "GetBlobProperties");
        ByteArrayOutputStream downloaded = new ByteArrayOutputStream();
        blob.downloadStream(downloaded);
        blob.getProperties(); // a HEAD: its length is sent, not its body
        Scrape after = scrape();
        assertThat(downloaded.toByteArray()).isEqualTo(content);
        assertThat(after.sum(sent, "service", "blob", "operation", "GetBlob")).isEqualTo(sentBefore + content.length);
        assertThat(after.sum(sent, "service", "blob", "operation", "GetBlobProperties"))
                .isEqualTo(propertiesSentBefore);
        assertThat(after.has("cerulean_requests_seconds_count", "service", "blob", "operation", "GetBlobProperties",
                "status_class", "2xx")).isTrue();
    }

    @Test
    void eachAnswerIsCountedInItsStatusClass() {
        BlobContainerClient container = container("metricsstatus");
        container.create();
        BlobClient blob = container.getBlobClient("conditional.txt");
        blob.upload(BinaryData.fromString("x"));
        String etag = blob.getProperties().getETag();
        String count = "cerulean_requests_seconds_count";
        double notModified = scrape().sum(count, "service", "blob", "operation", "GetBlob", "status_class", "3xx");

        assertThatThrownBy(() -> blob.downloadStreamWithResponse(new ByteArrayOutputStream(), null, null,
                new BlobRequestConditions().setIfNoneMatch(etag), false, null, null))
                .isInstanceOfSatisfying(BlobStorageException.class, e -> assertThat(e.getStatusCode()).isEqualTo(304));
        assertThat(scrape().sum(count, "service", "blob", "operation", "GetBlob", "status_class", "3xx"))
                .isEqualTo(notModified + 1);

        QueueClient queue = new QueueClientBuilder().connectionString(server.connectionString())
                .queueName("metricsstatus").buildClient();
        queue.create();
        queue.sendMessage("hello");
        assertThat(queue.peekMessage().getBody().toString()).isEqualTo("hello"); // after one 503, retried
        Scrape after = scrape();
        assertThat(after.sum(count, "service", "queue", "operation", "PeekMessages", "status_class", "5xx"))
                .isEqualTo(1);
        assertThat(after.sum("cerulean_request_errors_total", "service", "queue", "operation", "PeekMessages",
                "error_code", "ServerBusy")).isEqualTo(1);
        assertThat(after.sum(count, "service", "queue", "operation", "PeekMessages", "status_class", "2xx"))
                .isEqualTo(1);
        assertThat(after.sum(count, "service", "queue", "operation", "CreateQueue", "status_class", "2xx"))
                .isEqualTo(1);
        // Success is not an error: no error counter for what was answered 2xx.
        assertThat(after.has("cerulean_request_errors_total", "operation", "CreateQueue")).isFalse();
    }

    @Test
    void requestsInFlightComeBackToZeroOnceAnswered() throws Exception {
        BlobContainerClient container = container("metricsinflight");
        container.create();
        TableClient table = table("metricsinflight");
        table.createTable();
        ExecutorService clients = Executors.newFixedThreadPool(8);
        try {
            List<Future<?>> work = new java.util.ArrayList<>();
            for (int i = 0; i < 40; i++) {
                int n = i;
                work.add(clients.submit(() -> {
                    container.getBlobClient("b" + n).upload(BinaryData.fromBytes(new byte[100_000 + n]));
                    table.createEntity(new TableEntity("p", "r" + n));
                }));
            }
            for (Future<?> done : work) {
                done.get();
            }
        } finally {
            clients.shutdown();
        }
        Scrape after = scrape();
        for (String service : List.of("table", "queue", "blob")) {
            assertThat(after.sum("cerulean_requests_in_flight", "service", service)).as(service).isZero();
            assertThat(after.has("cerulean_requests_in_flight", "service", service)).as(service).isTrue();
        }
        assertThat(after.sum("cerulean_requests_seconds_count", "service", "blob", "operation", "PutBlob"))
                .isGreaterThanOrEqualTo(40);
    }

    @Test
    void aBlobBatchIsCountedAsTheBatchAlone() {
        BlobContainerClient container = container("metricsbatch");
        container.create();
        List<String> urls = new java.util.ArrayList<>();
        for (String name : List.of("a", "b", "c")) {
            container.getBlobClient(name).upload(BinaryData.fromString(name));
            urls.add(container.getBlobClient(name).getBlobUrl());
        }
        String count = "cerulean_requests_seconds_count";
        double batches = scrape().sum(count, "service", "blob", "operation", "BlobBatch");
        double deletes = scrape().sum(count, "service", "blob", "operation", "DeleteBlob");

        new BlobBatchClientBuilder(container).buildClient().deleteBlobs(urls, null)
                .forEach(response -> assertThat(response.getStatusCode()).isEqualTo(202));

        Scrape after = scrape();
        assertThat(after.sum(count, "service", "blob", "operation", "BlobBatch")).isEqualTo(batches + 1);
        assertThat(after.sum(count, "service", "blob", "operation", "DeleteBlob")).isEqualTo(deletes);
    }

    @Test
    void aScrapeOnAServicePortIsCountedAsTheKernelsOwn() {
        double before = scrape().sum("cerulean_requests_seconds_count", "service", "queue", "operation", "$metrics");
        Scrape.of(server.cerulean().queuePort());
        assertThat(scrape().sum("cerulean_requests_seconds_count", "service", "queue", "operation", "$metrics"))
                .isEqualTo(before + 1);
    }
}
