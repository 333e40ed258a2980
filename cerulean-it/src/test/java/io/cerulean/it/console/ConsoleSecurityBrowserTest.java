package io.cerulean.it.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.TableServiceClientBuilder;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.sas.TableAccountSasPermission;
import com.azure.data.tables.sas.TableAccountSasResourceType;
import com.azure.data.tables.sas.TableAccountSasService;
import com.azure.data.tables.sas.TableAccountSasSignatureValues;
import com.sun.net.httpserver.HttpServer;
import io.cerulean.app.Cerulean;
import io.cerulean.http.requestlog.RequestLog;
import io.cerulean.http.requestlog.RequestLogFormat;
import io.cerulean.it.support.SignedHttp;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;

/**
 * What the console lets a credential do, and what it lets nobody do: a wrong key loads nothing, a
 * read-only SAS reads and is refused its writes by the service, a page on another origin can drive
 * nothing through the relay nor frame the console, and the key is never logged.
 */
class ConsoleSecurityBrowserTest {
    private static final String WRONG_KEY = Base64.getEncoder().encodeToString(new byte[64]);

    private static Chromium browser;
    private static Cerulean cerulean;
    private static Path requestLog;
    private static TableServiceClient tables;

    @BeforeAll
    static void start() throws IOException {
        browser = Chromium.start();
        requestLog = Files.createTempFile("cerulean-console-requests", ".jsonl");
        cerulean = Cerulean.builder().inMemory().port(0).requestLog(RequestLog.file(requestLog, RequestLogFormat.JSON))
                .start();
        tables = new TableServiceClientBuilder().connectionString(cerulean.connectionString()).buildClient();
    }

    @AfterAll
    static void stop() throws IOException {
        if (browser != null) {
            browser.close();
        }
        if (cerulean != null) {
            cerulean.close();
            Files.deleteIfExists(requestLog);
        }
    }

    private static String consoleUrl() {
        return "http://127.0.0.1:" + cerulean.port() + "/$console/";
    }

    @Test
    void aWrongKeyShowsAuthenticationFailedAndNothingElseLoads() {
        tables.createTableIfNotExists("Secret");
        ConsolePage page = new ConsolePage(browser).open(cerulean.port()).signInWithKey(WRONG_KEY);
        assertThat(page.error()).startsWith("403 AuthenticationFailed: Server failed to authenticate the request.");
        assertThat(browser.driver().findElement(By.id("nav")).isDisplayed()).isFalse();
        assertThat(browser.all(By.id("table-list"))).isEmpty();
        assertThat(browser.driver().getPageSource()).doesNotContain("Secret");
    }

    @Test
    void aReadOnlySasBrowsesButItsWritesAreRefusedByTheService() {
        TableClient table = tables.createTableIfNotExists("Visible");
        if (table == null) {
            table = tables.getTableClient("Visible");
        }
        table.upsertEntity(new TableEntity("p", "r").addProperty("Shown", "yes"));
        String sas = tables.generateAccountSas(new TableAccountSasSignatureValues(OffsetDateTime.now().plusHours(1),
                TableAccountSasPermission.parse("rl"), TableAccountSasService.parse("t"),
                TableAccountSasResourceType.parse("sco")));
        ConsolePage page = new ConsolePage(browser).open(cerulean.port()).signInWithSas(sas);
        browser.click(By.cssSelector("#table-list li[data-table='Visible'] .open-table"));
        browser.waitForText(By.cssSelector("#entities td[data-property='Shown']"), "yes");

        browser.click(By.xpath("//button[text()='← Tables']"));
        browser.type(By.cssSelector("#create-table input[name=name]"), "Forbidden");
        browser.click(By.cssSelector("#create-table button"));
        assertThat(page.error()).startsWith("403 AuthorizationPermissionMismatch: ");
        assertThat(tables.listTables()).noneMatch(t -> t.getName().equals("Forbidden"));

        browser.click(By.cssSelector("#table-list li[data-table='Visible'] .open-table"));
        browser.click(By.cssSelector("#entities tr.entity-row[data-rk='r']"));
        browser.click(By.id("delete-entity"));
        browser.confirm();
        assertThat(page.error()).startsWith("403 AuthorizationPermissionMismatch: ");
        assertThat(table.getEntity("p", "r").getProperty("Shown")).isEqualTo("yes");
    }

    /**
     * A page on another origin tries the relay every way a page can: fetch without the console's
     * header (a simple request), fetch with it (needs a preflight, never granted), a form POST, and
     * an iframe of the console. No request reaches a service and nothing changes.
     */
    @Test
    void aPageOnAnotherOriginCanDriveNothingThroughTheRelay() throws Exception {
        String relay = "http://127.0.0.1:" + cerulean.port() + "/$console/api/table/devstoreaccount1/Tables";
        String attack = """
                <!DOCTYPE html><html><body><pre id="results"></pre>
                <iframe id="framed" name="framed" src="%1$s" width="400" height="200"></iframe>
                <iframe name="sink" width="10" height="10"></iframe>
                <form id="forged" method="POST" action="%2$s" target="sink" enctype="text/plain">
                  <input name='{"TableName":"Attacked1","x":"' value='"}'></form>
                <script>
                  const results = [];
                  const note = r => { results.push(r); document.getElementById('results').textContent = results.join('\\n'); };
                  fetch('%2$s', { method: 'POST', mode: 'no-cors', headers: { 'Content-Type': 'text/plain' },
                      body: '{"TableName":"Attacked2"}' }).then(r => note('simple:' + r.type), e => note('simple:error'));
                  fetch('%2$s', { method: 'POST', headers: { 'x-cerulean-console': '1', 'Content-Type': 'application/json' },
                      body: '{"TableName":"Attacked3"}' }).then(r => note('custom:' + r.status), e => note('custom:blocked'));
                  fetch('%2$s', { headers: { 'x-cerulean-console': '1' } })
                      .then(r => r.text()).then(t => note('read:' + t), e => note('read:blocked'));
                  document.getElementById('forged').submit();
                  setTimeout(() => note('done'), 1500);
                </script></body></html>
                """.formatted(consoleUrl(), relay);
        HttpServer other = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        other.createContext("/", exchange -> {
            byte[] body = attack.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "text/html; charset=utf-8");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        other.start();
        long linesBefore = Files.readAllLines(requestLog).size();
        try {
            browser.open("http://127.0.0.1:" + other.getAddress().getPort() + "/");
            browser.waitForText(By.id("results"), "done");
            String results = browser.driver().findElement(By.id("results")).getText();
            assertThat(results).contains("simple:opaque", "custom:blocked", "read:blocked");

            // The console refuses to be framed: the frame holds Chromium's error page, not the sign-in form.
            browser.driver().switchTo().frame("framed");
            assertThat(browser.all(By.id("signin"))).isEmpty();
            browser.driver().switchTo().defaultContent();
        } finally {
            other.stop(0);
        }
        assertThat(tables.listTables()).noneMatch(t -> t.getName().startsWith("Attacked"));
        // Nothing reached a service: the log, written in order, has the SDK's listing after the attack
        // and no write before it.
        browser.waitUntil(() -> newLines(linesBefore).stream().anyMatch(line -> line.contains("\"GET\"")));
        assertThat(newLines(linesBefore)).noneMatch(line -> line.contains("\"POST\""));
    }

    private static List<String> newLines(long before) {
        try {
            List<String> lines = Files.readAllLines(requestLog);
            return lines.subList((int) before, lines.size());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void theKeyIsNeverLoggedNorKeptOutsideThePage() throws IOException {
        PrintStream originalErr = System.err;
        ByteArrayOutputStream serverLog = new ByteArrayOutputStream();
        System.setErr(new PrintStream(new TeeStream(originalErr, serverLog), true, StandardCharsets.UTF_8));
        try {
            ConsolePage page = new ConsolePage(browser).signedIn(cerulean.port());
            browser.type(By.cssSelector("#create-table input[name=name]"), "Logged");
            browser.click(By.cssSelector("#create-table button"));
            browser.waitFor(By.cssSelector("#table-list li[data-table='Logged']"));
            browser.click(By.cssSelector("#table-list li[data-table='Logged'] .open-table"));
            browser.waitFor(By.id("new-entity"));
            browser.type(By.cssSelector("#query input[name=filter]"), "PartitionKey eq 'x'");
            browser.click(By.cssSelector("#query button"));
            browser.waitFor(By.id("plan-class"));
            page.view("queues");
            browser.waitFor(By.id("queue-list"));
            page.view("blobs");
            browser.waitFor(By.id("container-list"));

            assertThat(browser.driver().getCurrentUrl()).doesNotContain(SignedHttp.DEV_KEY.substring(0, 12));
            assertThat(browser.script("return document.cookie + JSON.stringify(localStorage) + JSON.stringify(sessionStorage)"))
                    .isEqualTo("{}{}");
            assertThat(browser.driver().getPageSource()).doesNotContain(SignedHttp.DEV_KEY.substring(0, 12));
        } finally {
            System.setErr(originalErr);
        }
        String requests = Files.readString(requestLog);
        assertThat(requests).contains("Logged");
        for (String form : List.of(SignedHttp.DEV_KEY, SignedHttp.DEV_KEY.substring(0, 16),
                URLEncoder.encode(SignedHttp.DEV_KEY, StandardCharsets.UTF_8).substring(0, 16))) {
            assertThat(requests).doesNotContain(form);
            assertThat(serverLog.toString(StandardCharsets.UTF_8)).doesNotContain(form);
        }
    }

    /** Writes to two streams: the test's own output goes on while the server's lines are kept. */
    private static final class TeeStream extends OutputStream {
        private final OutputStream first;
        private final OutputStream second;

        TeeStream(OutputStream first, OutputStream second) {
            this.first = first;
            this.second = second;
        }

        @Override
        public void write(int b) throws IOException {
            first.write(b);
            second.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            first.write(b, off, len);
            second.write(b, off, len);
        }
    }
}
