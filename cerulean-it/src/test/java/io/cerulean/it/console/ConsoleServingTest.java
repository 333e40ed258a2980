package io.cerulean.it.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.TableServiceClientBuilder;
import com.azure.data.tables.models.TableServiceCorsRule;
import com.azure.data.tables.models.TableServiceProperties;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import io.cerulean.app.Cerulean;
import io.cerulean.it.ServerFixture;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The console's files and relay on the wire: security headers on every console answer, the relay
 * handing a signed request to any service's pipeline from any port, and refusing, with nothing
 * forwarded, what does not come from the console's own page.
 */
class ConsoleServingTest {
    private static ServerFixture.RunningServer server;
    private static Cerulean cerulean;

    @BeforeAll
    static void start() {
        server = ServerFixture.chosenOr(ServerFixture.IN_MEMORY).start();
        cerulean = server.cerulean();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static void assertSecurityHeaders(HttpResponse<String> response) {
        assertThat(response.headers().firstValue("Content-Security-Policy")).get().asString()
                .startsWith("default-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'")
                .doesNotContain("unsafe-inline").doesNotContain("unsafe-eval");
        assertThat(response.headers().firstValue("X-Frame-Options")).contains("DENY");
        assertThat(response.headers().firstValue("X-Content-Type-Options")).contains("nosniff");
        assertThat(response.headers().firstValue("Referrer-Policy")).contains("no-referrer");
        assertThat(response.headers().map().keySet()).noneMatch(name -> name.toLowerCase().startsWith("access-control-"));
    }

    @Test
    void everyPortServesTheAppWithItsSecurityHeaders() {
        for (Cerulean.Service service : Cerulean.Service.values()) {
            int port = cerulean.port(service);
            for (String path : List.of("/$console", "/$console/", "/$console/index.html")) {
                HttpResponse<String> page = ConsoleHttp.send(port, "GET", path, null);
                assertThat(page.statusCode()).as(service + " " + path).isEqualTo(200);
                assertThat(page.headers().firstValue("Content-Type")).contains("text/html; charset=utf-8");
                assertThat(page.headers().firstValue("Cache-Control")).contains("no-cache");
                assertThat(page.body()).contains("<script type=\"module\" src=\"/$console/main.js\">");
                assertSecurityHeaders(page);
            }
            HttpResponse<String> script = ConsoleHttp.send(port, "GET", "/$console/client.js", null);
            assertThat(script.statusCode()).isEqualTo(200);
            assertThat(script.headers().firstValue("Content-Type")).contains("text/javascript; charset=utf-8");
            assertSecurityHeaders(script);
            HttpResponse<String> style = ConsoleHttp.send(port, "GET", "/$console/app.css", null);
            assertThat(style.headers().firstValue("Content-Type")).contains("text/css; charset=utf-8");
        }
    }

    @Test
    void aFileTheBrowserHasIsNotSentAgainAndAnUnknownOneIs404() {
        int port = cerulean.port();
        HttpResponse<String> first = ConsoleHttp.send(port, "GET", "/$console/main.js", null);
        String etag = first.headers().firstValue("ETag").orElseThrow();
        HttpResponse<String> again = ConsoleHttp.send(port, "GET", "/$console/main.js", null, "If-None-Match", etag);
        assertThat(again.statusCode()).isEqualTo(304);
        assertThat(again.body()).isEmpty();
        for (String path : List.of("/$console/nothing.js", "/$console/../pom.xml", "/$console/files",
                "/$console/api/", "/$console/api/files/x")) {
            HttpResponse<String> missing = ConsoleHttp.send(port, "GET", path, null);
            assertThat(missing.statusCode()).as(path).isEqualTo(404);
            assertSecurityHeaders(missing);
        }
        assertThat(ConsoleHttp.send(port, "POST", "/$console/main.js", "x").statusCode()).isEqualTo(405);
        HttpResponse<String> head = ConsoleHttp.send(port, "HEAD", "/$console/main.js", null);
        assertThat(head.statusCode()).isEqualTo(200);
        int bytes = first.body().getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
        assertThat(head.headers().firstValue("Content-Length")).contains(String.valueOf(bytes));
        assertThat(head.headers().firstValue("ETag")).contains(etag);
        // The connection goes on after a HEAD: the next answer is whole.
        assertThat(ConsoleHttp.send(port, "GET", "/$console/main.js", null).body()).isEqualTo(first.body());
    }

    @Test
    void theRelayHandsASignedRequestToEachServiceFromAnyPort() {
        for (Cerulean.Service port : Cerulean.Service.values()) {
            String tables = "/devstoreaccount1/Tables";
            HttpResponse<String> table = ConsoleHttp.send(cerulean.port(port), "GET", "/$console/api/table" + tables,
                    null, ConsoleHttp.tableHeaders(tables, "x-cerulean-console", "1"));
            assertThat(table.statusCode()).as("table via " + port + ": " + table.body()).isEqualTo(200);
            assertThat(table.body()).contains("\"value\"");
            assertSecurityHeaders(table);
            HttpResponse<String> containers = ConsoleHttp.send(cerulean.port(port), "GET",
                    "/$console/api/blob/devstoreaccount1/?comp=list", null,
                    ConsoleHttp.blobQueueGetHeaders("/devstoreaccount1/", "list", "x-cerulean-console", "1"));
            assertThat(containers.statusCode()).as("blob via " + port + ": " + containers.body()).isEqualTo(200);
            assertThat(containers.body()).contains("<EnumerationResults");
            HttpResponse<String> queues = ConsoleHttp.send(cerulean.port(port), "GET",
                    "/$console/api/queue/devstoreaccount1/?comp=list", null,
                    ConsoleHttp.blobQueueGetHeaders("/devstoreaccount1/", "list", "x-cerulean-console", "1"));
            assertThat(queues.statusCode()).as("queue via " + port + ": " + queues.body()).isEqualTo(200);
        }
    }

    /**
     * A blob of 12 MiB, larger than any port buffers (the Table port's 4 MiB, the Blob port's 8 MiB),
     * goes up and comes down through the Table port's relay: streamed both ways, as on the Blob port.
     */
    @Test
    void theRelayStreamsBlobUploadsAndDownloads() {
        BlobContainerClient container = new BlobServiceClientBuilder().connectionString(server.connectionString())
                .buildClient().createBlobContainer("streamed");
        byte[] content = new byte[12 * 1024 * 1024 + 5];
        new java.util.Random(7).nextBytes(content);
        String path = "/devstoreaccount1/streamed/big.bin";
        HttpResponse<byte[]> put = ConsoleHttp.sendBytes(cerulean.port(), "PUT", "/$console/api/blob" + path, content,
                ConsoleHttp.blobHeaders("PUT", path, "application/octet-stream", "x-ms-blob-type", "BlockBlob"));
        assertThat(put.statusCode()).as(new String(put.body(), java.nio.charset.StandardCharsets.UTF_8)).isEqualTo(201);
        assertThat(container.getBlobClient("big.bin").downloadContent().toBytes()).isEqualTo(content);

        HttpResponse<byte[]> get = ConsoleHttp.sendBytes(cerulean.port(), "GET", "/$console/api/blob" + path, null,
                ConsoleHttp.blobHeaders("GET", path, null));
        assertThat(get.statusCode()).isEqualTo(200);
        assertThat(get.body()).isEqualTo(content);
        container.delete();
    }

    @Test
    void theRelayAuthenticatesAsTheServiceDoes() {
        String tables = "/devstoreaccount1/Tables";
        HttpResponse<String> unsigned = ConsoleHttp.send(cerulean.port(), "GET", "/$console/api/table" + tables, null,
                "x-cerulean-console", "1", "Accept", "application/json;odata=nometadata");
        assertThat(unsigned.statusCode()).isEqualTo(403);
        assertThat(unsigned.headers().firstValue("x-ms-error-code")).contains("AuthenticationFailed");
    }

    @Test
    void whatDoesNotComeFromTheConsolesPageIsRefusedAndNeverForwarded() {
        TableServiceClient tables = new TableServiceClientBuilder().connectionString(server.connectionString())
                .buildClient();
        int port = cerulean.port();
        String own = "http://127.0.0.1:" + port;
        String body = "{\"TableName\":\"forged\"}";
        List<String[]> refused = List.of(
                new String[] {},                                                       // no console header
                new String[] {"x-cerulean-console", "1", "Origin", "http://evil.example"},
                new String[] {"x-cerulean-console", "1", "Origin", "http://127.0.0.1:" + cerulean.blobPort()},
                new String[] {"x-cerulean-console", "1", "Origin", "null"},
                new String[] {"x-cerulean-console", "1", "Sec-Fetch-Site", "cross-site"},
                new String[] {"x-cerulean-console", "1", "Sec-Fetch-Site", "same-site"},
                new String[] {"x-cerulean-console", "0", "Origin", own});
        for (String[] extra : refused) {
            HttpResponse<String> answer = ConsoleHttp.send(port, "POST", "/$console/api/table/devstoreaccount1/Tables",
                    body, ConsoleHttp.tableHeaders("/devstoreaccount1/Tables", concat(extra, "Content-Type",
                            "application/json")));
            assertThat(answer.statusCode()).as(String.join(" ", extra)).isEqualTo(403);
            assertThat(answer.headers().firstValue("x-ms-request-id")).as("the service never saw it").isEmpty();
            assertSecurityHeaders(answer);
        }
        assertThat(tables.listTables()).noneMatch(t -> t.getName().equals("forged"));

        HttpResponse<String> sameOrigin = ConsoleHttp.send(port, "POST", "/$console/api/table/devstoreaccount1/Tables",
                body, ConsoleHttp.tableHeaders("/devstoreaccount1/Tables", "x-cerulean-console", "1", "Origin", own,
                        "Sec-Fetch-Site", "same-origin", "Content-Type", "application/json"));
        assertThat(sameOrigin.statusCode()).as(sameOrigin.body()).isEqualTo(201);
        assertThat(tables.listTables()).anyMatch(t -> t.getName().equals("forged"));
        tables.deleteTable("forged");
    }

    @Test
    void noCorsHeaderOnConsoleAnswersEvenWhenTheAccountHasCorsRules() {
        TableServiceClient tables = new TableServiceClientBuilder().connectionString(server.connectionString())
                .buildClient();
        TableServiceProperties properties = tables.getProperties();
        properties.setCorsRules(List.of(new TableServiceCorsRule().setAllowedOrigins("*")
                .setAllowedMethods("GET,PUT,POST,DELETE,OPTIONS").setAllowedHeaders("*").setExposedHeaders("*")
                .setMaxAgeInSeconds(60)));
        tables.setProperties(properties);
        try {
            int port = cerulean.port();
            String own = "http://127.0.0.1:" + port;
            HttpResponse<String> preflight = ConsoleHttp.send(port, "OPTIONS", "/$console/api/table/devstoreaccount1/Tables",
                    null, "Origin", "http://evil.example", "Access-Control-Request-Method", "POST",
                    "Access-Control-Request-Headers", "x-cerulean-console,authorization");
            assertThat(preflight.statusCode()).isEqualTo(403);
            assertSecurityHeaders(preflight);
            HttpResponse<String> relayed = ConsoleHttp.send(port, "GET", "/$console/api/table/devstoreaccount1/Tables",
                    null, ConsoleHttp.tableHeaders("/devstoreaccount1/Tables", "x-cerulean-console", "1", "Origin", own));
            assertThat(relayed.statusCode()).isEqualTo(200);
            assertSecurityHeaders(relayed);
            HttpResponse<String> file = ConsoleHttp.send(port, "GET", "/$console/", null, "Origin", "http://evil.example");
            assertSecurityHeaders(file);
            // The service's own port still answers CORS as the rules say.
            HttpResponse<String> direct = ConsoleHttp.send(port, "OPTIONS", "/devstoreaccount1/Tables", null,
                    "Origin", "http://evil.example", "Access-Control-Request-Method", "GET");
            assertThat(direct.headers().firstValue("Access-Control-Allow-Origin")).contains("*");
        } finally {
            properties.setCorsRules(List.of());
            tables.setProperties(properties);
        }
    }

    @Test
    void noConsoleLeavesThePathToTheService() {
        try (ServerFixture.RunningServer plain = ServerFixture.IN_MEMORY.start(builder -> builder.console(false))) {
            HttpResponse<String> page = ConsoleHttp.send(plain.cerulean().port(), "GET", "/$console", null);
            assertThat(page.statusCode()).isNotEqualTo(200);
            assertThat(page.headers().firstValue("x-ms-request-id")).as("answered by the service").isPresent();
        }
    }

    private static String[] concat(String[] first, String... second) {
        String[] all = new String[first.length + second.length];
        System.arraycopy(first, 0, all, 0, first.length);
        System.arraycopy(second, 0, all, first.length, second.length);
        return all;
    }
}
