package io.cerulean.it.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClientBuilder;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionActionType;
import io.cerulean.it.ServerFixture;
import io.cerulean.table.advisor.AdvisorSettings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

/** The design advisor's findings and a table's partition heat map, drawn in the console. */
class ConsoleAdvisorBrowserTest {
    /** A hot partition at 20 entities/s over a minute: 1,200 entities written in it. */
    private static final AdvisorSettings LOW = AdvisorSettings.DEFAULTS.withWindow(Duration.ofSeconds(60))
            .withPartitionEntitiesPerSecond(20);

    private static Chromium browser;
    private static ServerFixture.RunningServer server;

    @BeforeAll
    static void start() {
        browser = Chromium.start();
        server = ServerFixture.chosenOr(ServerFixture.IN_MEMORY).start(builder -> builder.advisor(LOW));
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

    @Test
    void theHotPartitionIsFoundAndStandsOutInTheHeatMap() {
        TableClient table = new TableServiceClientBuilder().connectionString(server.connectionString()).buildClient()
                .createTable("Clicks");
        for (int batch = 0; batch < 14; batch++) {
            List<TableTransactionAction> actions = new ArrayList<>();
            for (int i = 0; i < 100; i++) {
                actions.add(new TableTransactionAction(TableTransactionActionType.CREATE,
                        new TableEntity("hot", String.format("%02d-%03d", batch, i)).addProperty("Payload", "x".repeat(200))));
            }
            table.submitTransaction(actions);
        }
        for (String cold : List.of("a", "m", "z")) {
            table.createEntity(new TableEntity(cold, "1"));
        }

        ConsolePage page = new ConsolePage(browser).signedIn(server.cerulean().port());
        page.view("advisor");
        WebElement finding = browser.waitFor(By.cssSelector("#findings-table tr.finding[data-kind='hot-partition']"));
        assertThat(finding.getText()).contains("Clicks").contains("hot").contains("Compound key pattern");

        WebElement map = browser.waitFor(By.cssSelector("#heat-maps svg.heat[data-table='Clicks']"));
        List<WebElement> partitions = map.findElements(By.cssSelector("rect.partition"));
        assertThat(partitions).extracting(p -> p.getAttribute("data-partition")).containsExactly("a", "hot", "m", "z");
        WebElement hot = map.findElement(By.cssSelector("rect.partition.hot"));
        assertThat(hot.getAttribute("data-partition")).isEqualTo("hot");
        // The hottest and largest partition is the tallest mark.
        double hotHeight = Double.parseDouble(hot.getAttribute("height"));
        for (WebElement other : partitions) {
            if (!other.equals(hot)) {
                assertThat(Double.parseDouble(other.getAttribute("height"))).isLessThan(hotHeight);
                assertThat(other.getAttribute("fill")).isNotEqualTo(hot.getAttribute("fill"));
            }
        }
    }
}
