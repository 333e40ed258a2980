package io.cerulean.it.tls;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.TableServiceClientBuilder;
import com.azure.data.tables.models.ListEntitiesOptions;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableServiceException;
import com.azure.data.tables.sas.TableAccountSasPermission;
import com.azure.data.tables.sas.TableAccountSasResourceType;
import com.azure.data.tables.sas.TableAccountSasService;
import com.azure.data.tables.sas.TableAccountSasSignatureValues;
import com.azure.data.tables.sas.TableSasProtocol;
import com.fasterxml.jackson.databind.JsonNode;
import io.cerulean.app.Cerulean;
import io.cerulean.it.support.SharedServers;
import io.cerulean.it.support.SignedHttp;
import io.cerulean.it.support.TlsClients;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * HTTPS and plain HTTP on one port, through the official Java SDK trusting the server's
 * self-signed certificate as docs/https.md tells a user to.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class HttpsTest {
    private static Cerulean cerulean;
    private static Path certificate;
    private static TableServiceClient overHttps;
    private static TableServiceClient overHttp;

    @BeforeAll
    static void start() {
        cerulean = Cerulean.builder().inMemory().port(0).tls().start();
        certificate = cerulean.certificateFile().orElseThrow();
        overHttps = new TableServiceClientBuilder().connectionString(cerulean.secureConnectionString())
                .httpClient(TlsClients.sdkHttpClient(certificate)).retryOptions(SharedServers.noRetries()).buildClient();
        overHttp = SharedServers.serviceClient(cerulean.connectionString());
    }

    @AfterAll
    static void stop() {
        cerulean.close();
    }

    @Test
    void theSdkCreatesInsertsAndQueriesOverHttps() {
        assertThat(cerulean.secureEndpoint("devstoreaccount1")).startsWith("https://127.0.0.1:" + cerulean.port() + "/");
        String name = SharedServers.uniqueTableName("https");
        TableClient table = overHttps.createTable(name);
        for (int i = 0; i < 5; i++) {
            table.createEntity(new TableEntity("p", "r" + i).addProperty("N", i).addProperty("S", "value " + i));
        }

        List<TableEntity> found = table.listEntities(new ListEntitiesOptions().setFilter("N ge 3"), null, null)
                .stream().collect(Collectors.toList());

        assertThat(found).extracting(TableEntity::getRowKey).containsExactly("r3", "r4");
        assertThat(table.getEntity("p", "r1").getProperty("S")).isEqualTo("value 1");
        assertThat(overHttps.listTables()).extracting(t -> t.getName()).contains(name);
    }

    @Test
    void plainHttpStillWorksOnTheSamePortAtTheSameTime() throws Exception {
        String name = SharedServers.uniqueTableName("both");
        overHttps.createTable(name);
        TableClient secureTable = overHttps.getTableClient(name);
        TableClient plainTable = overHttp.getTableClient(name);

        List<Thread> writers = new ArrayList<>();
        List<Throwable> failures = java.util.Collections.synchronizedList(new ArrayList<>());
        for (int w = 0; w < 4; w++) {
            TableClient client = w % 2 == 0 ? secureTable : plainTable;
            String partition = (w % 2 == 0 ? "tls" : "plain") + w;
            Thread writer = new Thread(() -> {
                try {
                    for (int i = 0; i < 25; i++) {
                        client.createEntity(new TableEntity(partition, String.format("%03d", i)));
                    }
                } catch (Throwable t) {
                    failures.add(t);
                }
            });
            writers.add(writer);
            writer.start();
        }
        for (Thread writer : writers) {
            writer.join();
        }

        assertThat(failures).isEmpty();
        assertThat(plainTable.listEntities().stream().count()).as("seen over HTTP").isEqualTo(100);
        assertThat(secureTable.listEntities().stream().count()).as("seen over HTTPS").isEqualTo(100);
        assertThat(cerulean.endpoint("devstoreaccount1")).startsWith("http://127.0.0.1:" + cerulean.port() + "/");
    }

    @Test
    void responseUrlsNameTheSchemeTheRequestCameBy() throws Exception {
        String name = SharedServers.uniqueTableName("urls");
        overHttp.createTable(name);

        JsonNode secure = tables(URI.create(cerulean.secureEndpoint("devstoreaccount1") + "/Tables"));
        JsonNode plain = tables(URI.create(cerulean.endpoint("devstoreaccount1") + "/Tables"));

        assertThat(secure.path("odata.metadata").asText()).startsWith("https://127.0.0.1:" + cerulean.port()
                + "/devstoreaccount1/$metadata");
        assertThat(plain.path("odata.metadata").asText()).startsWith("http://127.0.0.1:" + cerulean.port()
                + "/devstoreaccount1/$metadata");
        JsonNode table = findTable(secure, name);
        assertThat(table.path("odata.id").asText()).isEqualTo(cerulean.secureEndpoint("devstoreaccount1")
                + "/Tables('" + name + "')");
    }

    @Test
    void aSasLimitedToHttpsIsRefusedOverHttpAndServedOverHttps() {
        String name = SharedServers.uniqueTableName("sas");
        overHttp.createTable(name).createEntity(new TableEntity("p", "r"));
        String sas = overHttp.generateAccountSas(new TableAccountSasSignatureValues(
                OffsetDateTime.now(ZoneOffset.UTC).plusHours(1), TableAccountSasPermission.parse("rl"),
                new TableAccountSasService().setTableAccess(true),
                new TableAccountSasResourceType().setContainer(true).setObject(true))
                .setProtocol(TableSasProtocol.HTTPS_ONLY));
        assertThat(sas).contains("spr=https");

        TableClient plain = new com.azure.data.tables.TableClientBuilder()
                .endpoint(cerulean.endpoint("devstoreaccount1")).tableName(name).sasToken(sas)
                .retryOptions(SharedServers.noRetries()).buildClient();
        TableClient secure = new com.azure.data.tables.TableClientBuilder()
                .endpoint(cerulean.secureEndpoint("devstoreaccount1")).tableName(name).sasToken(sas)
                .httpClient(TlsClients.sdkHttpClient(certificate)).retryOptions(SharedServers.noRetries()).buildClient();

        TableServiceException refused = catchThrowableOfType(TableServiceException.class, () -> plain.getEntity("p", "r"));
        assertThat(refused.getResponse().getStatusCode()).isEqualTo(403);
        assertThat(refused.getValue().getErrorCode().toString()).isEqualTo("AuthorizationProtocolMismatch");
        assertThat(secure.getEntity("p", "r").getRowKey()).isEqualTo("r");
    }

    @Test
    void aClientThatDoesNotTrustTheCertificateFailsItsHandshakeAndTheServerCarriesOn() throws Exception {
        java.net.http.HttpClient untrusting = java.net.http.HttpClient.newBuilder()
                .connectTimeout(Duration.ofSeconds(5)).build();

        Throwable failure = catchThrowable(() -> untrusting.send(HttpRequest.newBuilder(
                URI.create(cerulean.secureEndpoint("devstoreaccount1") + "/Tables")).build(),
                HttpResponse.BodyHandlers.ofString()));

        assertThat(failure).isInstanceOf(SSLHandshakeException.class);
        assertThat(overHttps.listTables().stream().count()).isNotNegative();
    }

    @Test
    void theCertificateIsALocalhostPemFile() throws Exception {
        String pem = Files.readString(certificate, StandardCharsets.US_ASCII);

        assertThat(pem).startsWith("-----BEGIN CERTIFICATE-----");
        assertThat(certificate.getFileName().toString()).isEqualTo("cerulean.crt");
    }

    /** GET Tables with full metadata over either scheme, signed with Shared Key Lite. */
    private static JsonNode tables(URI uri) throws Exception {
        String date = DateTimeFormatter.RFC_1123_DATE_TIME.format(ZonedDateTime.now(ZoneOffset.UTC));
        String stringToSign = date + "\n/devstoreaccount1" + uri.getRawPath();
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(Base64.getDecoder().decode(SignedHttp.DEV_KEY), "HmacSHA256"));
        String signature = Base64.getEncoder().encodeToString(mac.doFinal(stringToSign.getBytes(StandardCharsets.UTF_8)));
        HttpRequest request = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(30))
                .header("x-ms-date", date).header("x-ms-version", "2019-02-02").header("Accept", SignedHttp.FULL)
                .header("Authorization", "SharedKeyLite devstoreaccount1:" + signature).build();
        HttpResponse<String> response = TlsClients.jdkHttpClient(certificate).send(request,
                HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return SignedHttp.JSON.readTree(response.body());
    }

    private static JsonNode findTable(JsonNode tables, String name) {
        for (JsonNode table : tables.path("value")) {
            if (table.path("TableName").asText().equals(name)) {
                return table;
            }
        }
        throw new AssertionError("no table " + name + " in " + tables);
    }
}
