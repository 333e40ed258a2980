package io.cerulean.it.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClientBuilder;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionActionType;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import com.azure.storage.queue.QueueClient;
import com.azure.storage.queue.QueueServiceClientBuilder;
import com.azure.core.util.BinaryData;
import io.cerulean.it.ServerFixture;
import io.cerulean.table.advisor.AdvisorSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.OutputType;

/**
 * The screenshots of docs/console.md, taken from the console in Chromium. Run on demand, not in the
 * suite: {@code mvn -B -o -pl cerulean-it -am verify -Dtest=ConsoleScreenshots -Dsurefire.failIfNoSpecifiedTests=false
 * -Dcerulean.console.screenshots=$PWD/docs/console}.
 */
class ConsoleScreenshots {
    private static final String DIRECTORY = System.getProperty("cerulean.console.screenshots", "");

    @Test
    void takeTheDocsScreenshots() throws IOException {
        assumeTrue(!DIRECTORY.isEmpty(), "screenshots are taken only when -Dcerulean.console.screenshots=DIR is given");
        Path directory = Files.createDirectories(Path.of(DIRECTORY));
        try (Chromium browser = Chromium.start();
             ServerFixture.RunningServer server = ServerFixture.IN_MEMORY.start(builder -> builder.advisor(
                     AdvisorSettings.DEFAULTS.withWindow(Duration.ofSeconds(60)).withPartitionEntitiesPerSecond(20)))) {
            browser.driver().manage().window().setSize(new Dimension(1100, 720));
            seed(server);
            ConsolePage page = new ConsolePage(browser).open(server.cerulean().port());
            shoot(browser, directory, "sign-in");
            page.signInWithKey(io.cerulean.it.support.SignedHttp.DEV_KEY);
            browser.waitFor(By.cssSelector("#table-list li[data-table='Orders']"));
            shoot(browser, directory, "tables");
            browser.click(By.cssSelector("#table-list li[data-table='Orders'] .open-table"));
            browser.type(By.cssSelector("#query input[name=filter]"), "PartitionKey eq 'north' and Amount gt 100");
            browser.click(By.cssSelector("#query button"));
            browser.waitFor(By.id("plan-class"));
            browser.click(By.cssSelector("#entities tr.entity-row"));
            browser.waitFor(By.id("entity-editor"));
            shoot(browser, directory, "entities");
            page.view("queues");
            browser.click(By.cssSelector("#queue-list li[data-queue='orders-to-ship'] .open-queue"));
            browser.waitFor(By.cssSelector("#messages tr.message"));
            shoot(browser, directory, "queues");
            page.view("blobs");
            browser.click(By.cssSelector("#container-list li[data-container='invoices'] .open-container"));
            browser.waitFor(By.cssSelector("#blob-rows tr.folder"));
            browser.click(By.cssSelector("#blob-rows tr.blob .open-blob"));
            browser.waitFor(By.id("properties"));
            shoot(browser, directory, "blobs");
            page.view("advisor");
            browser.waitFor(By.cssSelector("#heat-maps svg.heat"));
            shoot(browser, directory, "advisor");
            page.view("live");
            browser.waitUntil(() -> traffic(server) && browser.all(By.cssSelector("#rate-svg polyline")).size() == 1
                    && browser.driver().findElement(By.cssSelector("#rate-svg polyline")).getAttribute("points")
                    .split(" ").length >= 6);
            shoot(browser, directory, "live");
        }
    }

    private static boolean traffic(ServerFixture.RunningServer server) {
        var service = new TableServiceClientBuilder().connectionString(server.connectionString()).buildClient();
        for (int i = 0; i < 10 + Math.floorMod(System.nanoTime(), 20); i++) {
            service.listTables().stream().count();
        }
        return true;
    }

    private static void seed(ServerFixture.RunningServer server) {
        TableClient orders = new TableServiceClientBuilder().connectionString(server.connectionString()).buildClient()
                .createTable("Orders");
        // North is written far more than the rest: the advisor's hot partition, the heat map's tallest mark.
        Map<String, Integer> entities = new LinkedHashMap<>();
        entities.put("north", 1500);
        entities.put("south", 300);
        entities.put("east", 120);
        entities.put("west", 40);
        entities.forEach((region, count) -> {
            List<TableTransactionAction> actions = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                actions.add(new TableTransactionAction(TableTransactionActionType.CREATE, new TableEntity(region,
                        String.format("order-%04d", i)).addProperty("Amount", 10.5 * (i % 100)).addProperty("Items", i % 7)
                        .addProperty("Placed", OffsetDateTime.parse("2026-11-01T09:00:00Z").plusHours(i))
                        .addProperty("Customer", UUID.nameUUIDFromBytes(new byte[] {(byte) i}))));
                if (actions.size() == 100 || i == count - 1) {
                    orders.submitTransaction(actions);
                    actions = new ArrayList<>();
                }
            }
        });
        QueueClient queue = new QueueServiceClientBuilder().connectionString(server.connectionString()).buildClient()
                .createQueue("orders-to-ship");
        for (int i = 0; i < 3; i++) {
            queue.sendMessage("{\"order\":\"north/order-00" + i + "\"}");
        }
        BlobContainerClient invoices = new BlobServiceClientBuilder().connectionString(server.connectionString())
                .buildClient().createBlobContainer("invoices");
        invoices.getBlobClient("2026/11/north-001.pdf").upload(BinaryData.fromString("invoice"));
        invoices.getBlobClient("summary.csv").upload(BinaryData.fromString("order,amount\n"));
    }

    private static void shoot(Chromium browser, Path directory, String name) throws IOException {
        byte[] png = browser.driver().getScreenshotAs(OutputType.BYTES);
        Path file = directory.resolve(name + ".png");
        Files.write(file, png);
        assertThat(Files.size(file)).isGreaterThan(1000);
    }
}
