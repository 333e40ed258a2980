package io.cerulean.it.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import com.azure.storage.blob.models.BlobListDetails;
import com.azure.storage.blob.models.ListBlobsOptions;
import com.azure.storage.queue.QueueClient;
import com.azure.storage.queue.QueueServiceClient;
import com.azure.storage.queue.QueueServiceClientBuilder;
import com.azure.storage.queue.models.PeekedMessageItem;
import com.azure.core.util.BinaryData;
import io.cerulean.it.ServerFixture;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

/** Queues, blobs and the live chart in the console, in Chromium, checked through the Java SDKs. */
class ConsoleQueuesBlobsBrowserTest {
    private static Chromium browser;
    private static ServerFixture.RunningServer server;
    private static QueueServiceClient queues;
    private static BlobServiceClient blobs;
    private ConsolePage page;

    @TempDir
    Path temp;

    @BeforeAll
    static void start() {
        browser = Chromium.start();
        server = ServerFixture.chosenOr(ServerFixture.IN_MEMORY).start();
        queues = new QueueServiceClientBuilder().connectionString(server.connectionString()).buildClient();
        blobs = new BlobServiceClientBuilder().connectionString(server.connectionString()).buildClient();
    }

    @AfterAll
    static void stop() {
        if (browser != null) {
            browser.close();
        }
        if (server != null) {
            server.close();
        }
    }

    @BeforeEach
    void signIn() {
        // Served by the Blob port this time: the relay reaches every service from any of them.
        page = new ConsolePage(browser).signedIn(server.cerulean().blobPort());
    }

    private List<String> texts(String css) {
        return browser.all(By.cssSelector(css)).stream().map(WebElement::getText).toList();
    }

    @Test
    void queueFlows() {
        page.view("queues");
        browser.type(By.cssSelector("#create-queue input[name=name]"), "jobs");
        browser.click(By.cssSelector("#create-queue button"));
        browser.click(By.cssSelector("#queue-list li[data-queue='jobs'] .open-queue"));
        QueueClient queue = queues.getQueueClient("jobs");
        assertThat(queue.getProperties()).isNotNull();

        for (String text : List.of("first <job> & more", "second")) {
            browser.type(By.cssSelector("#put-message input[name=text]"), text);
            browser.click(By.cssSelector("#put-message button"));
        }
        browser.waitUntil(() -> texts("#messages .message-text").equals(List.of("first <job> & more", "second")));
        assertThat(queue.peekMessages(32, null, null).stream().map(PeekedMessageItem::getBody).map(BinaryData::toString))
                .containsExactly("first <job> & more", "second");

        browser.click(By.id("dequeue"));
        browser.waitForText(By.id("queue-status"), "1 message(s) dequeued");
        assertThat(texts("#messages .message-text")).containsExactly("first <job> & more");
        browser.click(By.cssSelector("#messages .delete-message"));
        browser.waitForText(By.id("queue-status"), "deleted");
        assertThat(queue.peekMessages(32, null, null).stream().map(m -> m.getBody().toString())).containsExactly("second");

        browser.click(By.id("clear-queue"));
        browser.confirm();
        browser.waitForText(By.id("queue-status"), "0 message(s) peeked");
        assertThat(queue.peekMessages(32, null, null)).isEmpty();

        browser.click(By.cssSelector("#queue-list li[data-queue='jobs'] .delete-queue"));
        browser.confirm();
        browser.waitUntil(() -> browser.all(By.cssSelector("#queue-list li[data-queue='jobs']")).isEmpty());
        assertThat(queues.listQueues()).noneMatch(q -> q.getName().equals("jobs"));
    }

    @Test
    void blobFlows() throws IOException {
        BlobContainerClient container = blobs.createBlobContainer("docs");
        container.getBlobClient("2026/11/a.txt").upload(BinaryData.fromString("a"));
        container.getBlobClient("2026/12/b.txt").upload(BinaryData.fromString("b"));
        container.getBlobClient("top.txt").upload(BinaryData.fromString("top"));
        page.view("blobs");
        browser.click(By.cssSelector("#container-list li[data-container='docs'] .open-container"));
        browser.waitUntil(() -> texts("#blob-rows tr.folder").equals(List.of("2026/ folder")));
        assertThat(texts("#blob-rows tr.blob td:first-child")).containsExactly("top.txt");
        browser.click(By.cssSelector("#blob-rows tr.folder .open-folder"));
        browser.waitUntil(() -> texts("#blob-rows tr.folder td:first-child").equals(List.of("11/", "12/")));
        browser.click(By.cssSelector("#blob-rows tr.folder[data-prefix='2026/11/'] .open-folder"));
        browser.waitUntil(() -> texts("#blob-rows tr.blob td:first-child").equals(List.of("a.txt")));

        // Upload from a file input, with progress, into the folder browsed.
        byte[] content = new byte[3 * 1024 * 1024 + 17];
        for (int i = 0; i < content.length; i++) {
            content[i] = (byte) ('a' + i % 26);
        }
        Path file = temp.resolve("report.txt");
        Files.write(file, content);
        browser.driver().findElement(By.id("upload-file")).sendKeys(file.toString());
        browser.click(By.cssSelector("#upload button"));
        browser.waitForText(By.id("transfer-text"), "uploaded 2026/11/report.txt");
        assertThat(browser.driver().findElement(By.id("transfer-progress")).getAttribute("value"))
                .isEqualTo(String.valueOf(content.length));
        assertThat(container.getBlobClient("2026/11/report.txt").downloadContent().toBytes()).isEqualTo(content);
        assertThat(container.getBlobClient("2026/11/report.txt").getProperties().getBlobType().toString())
                .isEqualTo("BlockBlob");

        // Download, with progress.
        browser.waitFor(By.cssSelector("#blob-rows tr.blob[data-blob='2026/11/report.txt']"));
        browser.click(By.cssSelector("#blob-rows tr.blob[data-blob='2026/11/report.txt'] .download-blob"));
        browser.waitForText(By.id("transfer-text"), "downloaded 2026/11/report.txt: 3.0 MiB");
        assertThat(browser.driver().findElement(By.id("download-preview")).getText())
                .isEqualTo(new String(content, 0, 200, StandardCharsets.US_ASCII));
        assertThat(browser.driver().findElement(By.id("transfer-progress")).getAttribute("value"))
                .isEqualTo(String.valueOf(content.length));

        // Properties and metadata, viewed and set.
        browser.click(By.cssSelector("#blob-rows tr.blob[data-blob='2026/11/report.txt'] .open-blob"));
        browser.waitForText(By.cssSelector("#properties td[data-header='Content-Length']"), String.valueOf(content.length));
        assertThat(browser.driver().findElement(By.cssSelector("#properties td[data-header='x-ms-blob-type']")).getText())
                .isEqualTo("BlockBlob");
        browser.click(By.id("add-metadata"));
        WebElement row = browser.all(By.cssSelector("#metadata-rows tr.meta")).get(0);
        row.findElement(By.name("key")).sendKeys("owner");
        row.findElement(By.name("value")).sendKeys("finance");
        browser.click(By.id("save-metadata"));
        browser.waitUntil(() -> Map.of("owner", "finance").equals(
                container.getBlobClient("2026/11/report.txt").getProperties().getMetadata()));
        browser.waitUntil(() -> browser.all(By.cssSelector("#metadata-rows input[name=value]")).get(0)
                .getAttribute("value").equals("finance"));

        // A snapshot: created, listed, downloaded as it was.
        browser.click(By.id("create-snapshot"));
        browser.waitFor(By.cssSelector("#snapshots li.snapshot"));
        String snapshot = browser.driver().findElement(By.cssSelector("#snapshots li.snapshot")).getAttribute("data-snapshot");
        assertThat(container.listBlobs(new ListBlobsOptions().setPrefix("2026/11/report.txt")
                .setDetails(new BlobListDetails().setRetrieveSnapshots(true)), null))
                .anyMatch(b -> snapshot.equals(b.getSnapshot()));
        container.getBlobClient("2026/11/report.txt").upload(BinaryData.fromString("changed"), true);
        browser.click(By.cssSelector("#snapshots li.snapshot .download-snapshot"));
        browser.waitForText(By.id("transfer-text"), "(snapshot " + snapshot + ")");
        assertThat(browser.driver().findElement(By.id("download-preview")).getText())
                .isEqualTo(new String(content, 0, 200, StandardCharsets.US_ASCII));

        // Delete, with its snapshots.
        browser.click(By.cssSelector("#blob-rows tr.blob[data-blob='2026/11/report.txt'] .delete-blob"));
        browser.confirm();
        browser.waitUntil(() -> browser.all(By.cssSelector("#blob-rows tr.blob[data-blob='2026/11/report.txt']")).isEmpty());
        assertThat(container.getBlobClient("2026/11/report.txt").exists()).isFalse();

        browser.click(By.cssSelector("#container-list li[data-container='docs'] .delete-container"));
        browser.confirm();
        browser.waitUntil(() -> !container.exists());
    }

    @Test
    void theLiveChartDrawsTheServersRequestRate() {
        page.view("live");
        BlobContainerClient container = blobs.createBlobContainer("traffic");
        // Samples every two seconds; under this traffic three of them show requests.
        browser.waitUntil(() -> {
            for (int i = 0; i < 20; i++) {
                container.exists();
            }
            return browser.driver().findElement(By.id("live-summary")).getText().matches("^[1-9][0-9.]* requests/s.*")
                    && points("rate").size() >= 3;
        });
        List<String> rate = points("rate");
        assertThat(rate).anySatisfy(point -> assertThat(Double.parseDouble(point.split(",")[1])).isLessThan(140));
        assertThat(points("latency")).hasSize(rate.size());
        assertThat(browser.all(By.cssSelector("#rate-svg circle.latest"))).hasSize(1);

        // The history outlives a visit to another view.
        page.view("tables");
        page.view("live");
        assertThat(points("rate").size()).isGreaterThanOrEqualTo(rate.size());
    }

    private List<String> points(String chart) {
        List<WebElement> line = browser.all(By.cssSelector("#" + chart + "-svg polyline.series"));
        return line.isEmpty() ? List.of() : List.of(line.get(0).getAttribute("points").trim().split(" "));
    }
}
