package io.cerulean.it.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.TableServiceClientBuilder;
import com.azure.data.tables.models.TableEntity;
import io.cerulean.it.ServerFixture;
import java.time.OffsetDateTime;
import java.util.Base64;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

/** Tables and entities in the console, in Chromium, checked against the server's data through the Java SDK. */
class ConsoleTablesBrowserTest {
    private static Chromium browser;
    private static ServerFixture.RunningServer server;
    private static TableServiceClient tables;
    private ConsolePage page;

    @BeforeAll
    static void start() {
        browser = Chromium.start();
        server = ServerFixture.chosenOr(ServerFixture.IN_MEMORY).start();
        tables = new TableServiceClientBuilder().connectionString(server.connectionString()).buildClient();
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
        page = new ConsolePage(browser).signedIn(server.cerulean().port());
    }

    private void openTable(String name) {
        page.view("tables"); // lists again: the table was created after the page signed in
        browser.click(By.cssSelector("#table-list li[data-table='" + name + "'] .open-table"));
        browser.waitForText(By.id("table-name"), name);
    }

    private List<String> rowKeys() {
        return browser.all(By.cssSelector("#entities tr.entity-row")).stream().map(row -> row.getAttribute("data-rk"))
                .toList();
    }

    @Test
    void createAndDeleteATable() {
        browser.type(By.cssSelector("#create-table input[name=name]"), "Orders");
        browser.click(By.cssSelector("#create-table button"));
        browser.waitFor(By.cssSelector("#table-list li[data-table='Orders']"));
        assertThat(tables.listTables()).anyMatch(t -> t.getName().equals("Orders"));

        browser.click(By.cssSelector("#table-list li[data-table='Orders'] .delete-table"));
        browser.confirm();
        browser.waitUntil(() -> browser.all(By.cssSelector("#table-list li[data-table='Orders']")).isEmpty());
        assertThat(tables.listTables()).noneMatch(t -> t.getName().equals("Orders"));
    }

    @Test
    void insertEditAndDeleteAnEntityWithTypedValues() {
        TableClient table = tables.createTable("Typed");
        openTable("Typed");
        browser.click(By.id("new-entity"));
        browser.type(By.name("pk"), "p1");
        browser.type(By.name("rk"), "r1");
        byte[] binary = {0, 1, 2, (byte) 0xfe, (byte) 0xff, 0x7f};
        String[][] properties = {
                {"Big", "Int64", "9007199254740993"},
                {"When", "DateTime", "2026-11-29T12:34:56.1234567Z"},
                {"Id", "Guid", "c9da6455-213d-42c9-9a79-3e9149a57833"},
                {"Bytes", "Binary", Base64.getEncoder().encodeToString(binary)},
                {"Count", "Int32", "42"},
                {"Ratio", "Double", "2"},
                {"Active", "Boolean", "true"},
                {"Name", "String", "Zoë 'quoted'"}};
        for (String[] property : properties) {
            browser.click(By.id("add-property"));
            List<WebElement> rows = browser.all(By.cssSelector("#property-rows tr.property"));
            WebElement row = rows.get(rows.size() - 1);
            row.findElement(By.name("name")).sendKeys(property[0]);
            new org.openqa.selenium.support.ui.Select(row.findElement(By.name("type"))).selectByVisibleText(property[1]);
            row.findElement(By.name("value")).sendKeys(property[2]);
        }
        browser.click(By.id("save-entity"));
        browser.waitFor(By.cssSelector("#entities tr.entity-row[data-rk='r1']"));

        TableEntity stored = table.getEntity("p1", "r1");
        assertThat(stored.getProperty("Big")).isEqualTo(9007199254740993L);
        assertThat(stored.getProperty("When")).isEqualTo(OffsetDateTime.parse("2026-11-29T12:34:56.1234567Z"));
        assertThat(stored.getProperty("Id")).isEqualTo(UUID.fromString("c9da6455-213d-42c9-9a79-3e9149a57833"));
        assertThat((byte[]) stored.getProperty("Bytes")).containsExactly(binary);
        assertThat(stored.getProperty("Count")).isEqualTo(42);
        assertThat(stored.getProperty("Ratio")).isEqualTo(2.0d);
        assertThat(stored.getProperty("Active")).isEqualTo(true);
        assertThat(stored.getProperty("Name")).isEqualTo("Zoë 'quoted'");

        // The grid shows each value with its EDM type, the Int64 to its last digit.
        WebElement row = browser.waitFor(By.cssSelector("#entities tr.entity-row[data-rk='r1']"));
        assertThat(cell(row, "Big")).isEqualTo("9007199254740993 Int64");
        assertThat(cell(row, "When")).isEqualTo("2026-11-29T12:34:56.1234567Z DateTime");
        assertThat(cell(row, "Id")).isEqualTo("c9da6455-213d-42c9-9a79-3e9149a57833 Guid");
        assertThat(cell(row, "Bytes")).isEqualTo(Base64.getEncoder().encodeToString(binary) + " Binary");
        assertThat(cell(row, "Count")).isEqualTo("42 Int32");
        assertThat(cell(row, "Ratio")).isEqualTo("2 Double");
        assertThat(cell(row, "Active")).isEqualTo("true Boolean");

        // Edit: the entity reopens with its types, one value changes, the rest round-trips exactly.
        row.click();
        browser.waitFor(By.id("entity-editor"));
        WebElement count = browser.all(By.cssSelector("#property-rows tr.property")).stream()
                .filter(r -> r.findElement(By.name("name")).getAttribute("value").equals("Count")).findFirst()
                .orElseThrow();
        count.findElement(By.name("value")).clear();
        count.findElement(By.name("value")).sendKeys("43");
        browser.click(By.id("save-entity"));
        browser.waitUntil(() -> table.getEntity("p1", "r1").getProperty("Count").equals(43));
        TableEntity edited = table.getEntity("p1", "r1");
        assertThat(edited.getProperty("Big")).isEqualTo(9007199254740993L);
        assertThat(edited.getProperty("When")).isEqualTo(OffsetDateTime.parse("2026-11-29T12:34:56.1234567Z"));
        assertThat((byte[]) edited.getProperty("Bytes")).containsExactly(binary);
        assertThat(edited.getProperty("Ratio")).isEqualTo(2.0d);
        assertThat(edited.getProperty("Id")).isEqualTo(UUID.fromString("c9da6455-213d-42c9-9a79-3e9149a57833"));

        browser.click(By.cssSelector("#entities tr.entity-row[data-rk='r1']"));
        browser.click(By.id("delete-entity"));
        browser.confirm();
        browser.waitUntil(() -> browser.all(By.cssSelector("#entities tr.entity-row")).isEmpty());
        assertThat(table.listEntities()).isEmpty();
    }

    private static String cell(WebElement row, String property) {
        return row.findElement(By.cssSelector("td[data-property='" + property + "']")).getText().trim();
    }

    @Test
    void pagesFollowTheContinuationAndAFilterShowsItsPlanAndCounts() {
        TableClient table = tables.createTable("Paged");
        for (int i = 0; i < 12; i++) {
            table.createEntity(new TableEntity(i < 6 ? "a" : "b", String.format("r%02d", i)).addProperty("N", i));
        }
        openTable("Paged");
        browser.type(By.cssSelector("#query input[name=top]"), "5");
        browser.click(By.cssSelector("#query button"));
        browser.waitForText(By.id("page-number"), "page 1");
        browser.waitUntil(() -> rowKeys().equals(List.of("r00", "r01", "r02", "r03", "r04")));
        browser.click(By.id("next-page"));
        browser.waitForText(By.id("page-number"), "page 2");
        browser.waitUntil(() -> rowKeys().equals(List.of("r05", "r06", "r07", "r08", "r09")));
        browser.click(By.id("next-page"));
        browser.waitForText(By.id("page-number"), "page 3");
        browser.waitUntil(() -> rowKeys().equals(List.of("r10", "r11")));
        assertThat(browser.driver().findElement(By.id("next-page")).isEnabled()).isFalse();
        browser.click(By.id("previous-page"));
        browser.waitForText(By.id("page-number"), "page 2");
        browser.waitUntil(() -> rowKeys().equals(List.of("r05", "r06", "r07", "r08", "r09")));

        // A filter within one partition that throws entities away: a partition scan, 6 read, 2 returned.
        browser.type(By.cssSelector("#query input[name=top]"), "");
        browser.type(By.cssSelector("#query input[name=filter]"), "PartitionKey eq 'a' and N ge 4");
        browser.click(By.cssSelector("#query button"));
        browser.waitUntil(() -> rowKeys().equals(List.of("r04", "r05")));
        assertThat(browser.waitFor(By.id("plan-class")).getText()).isEqualTo("PARTITION_SCAN");
        assertThat(browser.driver().findElement(By.id("plan-read")).getText()).isEqualTo("6");
        assertThat(browser.driver().findElement(By.id("plan-returned")).getText()).isEqualTo("2");

        browser.type(By.cssSelector("#query input[name=filter]"), "N eq 7");
        browser.click(By.cssSelector("#query button"));
        browser.waitUntil(() -> rowKeys().equals(List.of("r07")));
        assertThat(browser.waitFor(By.id("plan-class")).getText()).isEqualTo("TABLE_SCAN");
        assertThat(browser.driver().findElement(By.id("plan-read")).getText()).isEqualTo("12");
        assertThat(browser.driver().findElement(By.id("plan-returned")).getText()).isEqualTo("1");
    }

    @Test
    void anEntityChangedBehindThePagesBackIsShownAsAConflict() {
        TableClient table = tables.createTable("Contested");
        table.createEntity(new TableEntity("p", "r").addProperty("Owner", "first"));
        openTable("Contested");
        browser.click(By.cssSelector("#entities tr.entity-row[data-rk='r']"));
        browser.waitFor(By.id("entity-editor"));
        table.updateEntity(new TableEntity("p", "r").addProperty("Owner", "sdk"));

        WebElement owner = browser.all(By.cssSelector("#property-rows tr.property")).get(0).findElement(By.name("value"));
        owner.clear();
        owner.sendKeys("page");
        browser.click(By.id("save-entity"));
        String conflict = browser.waitFor(By.id("conflict")).getText();
        assertThat(conflict).contains("Conflict").contains("412 UpdateConditionNotSatisfied");
        assertThat(browser.all(By.cssSelector("#error:not([hidden])"))).isEmpty();
        assertThat(table.getEntity("p", "r").getProperty("Owner")).isEqualTo("sdk");
    }

    @Test
    void aServiceErrorShowsItsAzureCodeAndMessage() {
        browser.type(By.cssSelector("#create-table input[name=name]"), "1bad");
        browser.click(By.cssSelector("#create-table button"));
        assertThat(page.error()).startsWith("400 InvalidResourceName: ").hasSizeGreaterThan(30);
        assertThat(tables.listTables()).noneMatch(t -> t.getName().equalsIgnoreCase("1bad"));
    }
}
