package io.cerulean.it.service;

import static io.cerulean.it.AzureErrors.assertRawError;
import static io.cerulean.it.AzureErrors.assertSdkError;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.TableServiceClientBuilder;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableServiceGeoReplicationStatus;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionActionType;
import com.azure.core.credential.AzureNamedKeyCredential;
import io.cerulean.it.ServerFixture;
import io.cerulean.it.support.RawResponse;
import io.cerulean.it.support.SharedServers;
import io.cerulean.it.support.SignedHttp;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * The {@code -secondary} account: the same data, read-only, as a read-access geo-redundant
 * account's secondary endpoint; and its stats where the Azure CLI and the Python SDK ask for them.
 */
class SecondaryEndpointTest {
    private static final SharedServers SERVERS = SharedServers.perClass();
    private static final ServerFixture FIXTURE = ServerFixture.IN_MEMORY;

    @AfterAll
    static void stopServers() {
        SERVERS.close();
    }

    private static TableServiceClient secondaryClient() {
        return new TableServiceClientBuilder()
                .endpoint(SERVERS.server(FIXTURE).cerulean().endpoint("devstoreaccount1") + "-secondary")
                .credential(new AzureNamedKeyCredential(SignedHttp.ACCOUNT, SignedHttp.DEV_KEY))
                .retryOptions(SharedServers.noRetries()).buildClient();
    }

    @Test
    void statsAreServedWhereTheCliAndThePythonSdkAskForThem() {
        SignedHttp http = SERVERS.http(FIXTURE).withSharedKey();
        // base() ends with the account name: this is /devstoreaccount1-secondary/devstoreaccount1/.
        for (String path : new String[] {"-secondary/devstoreaccount1/?restype=service&comp=stats",
                "-secondary/devstoreaccount1?restype=service&comp=stats"}) {
            RawResponse stats = http.get(path, "Accept", "application/xml");
            assertThat(stats.status()).as("%s: %s", path, stats).isEqualTo(200);
            assertThat(stats.body()).contains("<StorageServiceStats><GeoReplication><Status>live</Status>");
        }
    }

    /**
     * The Python SDK signs a request before it moves it to the secondary: it builds the primary URL
     * ({@code /devstoreaccount1/?restype=service&comp=stats}), signs that path, then puts
     * {@code 127.0.0.1:port/devstoreaccount1-secondary} in the place of the host, so the path on the wire
     * gains a segment the signature does not cover.
     */
    @Test
    void statsAcceptTheSignatureOverThePrimaryPath() throws Exception {
        int port = SERVERS.server(FIXTURE).cerulean().port();
        String date = DateTimeFormatter.RFC_1123_DATE_TIME.format(ZonedDateTime.now(ZoneOffset.UTC));
        // SharedKey over VERB, Content-MD5, Content-Type, x-ms-date and "/" + account + the primary path + "?comp=".
        String signature = SignedHttp.devKeySignature("GET\n\n\n" + date + "\n/devstoreaccount1/devstoreaccount1/?comp=stats");
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                        + "/devstoreaccount1-secondary/devstoreaccount1/?restype=service&comp=stats"))
                .header("x-ms-date", date).header("Date", date).header("x-ms-version", "2019-02-02")
                .header("Accept", "application/xml")
                .header("Authorization", "SharedKey devstoreaccount1:" + signature).GET().build();
        HttpResponse<String> stats = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build().send(request, HttpResponse.BodyHandlers.ofString());
        assertThat(stats.statusCode()).as(stats.body()).isEqualTo(200);
        assertThat(stats.body()).contains("<StorageServiceStats><GeoReplication><Status>live</Status>");
    }

    @Test
    void theJavaSdkGetsStatsFromTheSecondary() {
        assertThat(secondaryClient().getStatistics().getGeoReplication().getStatus())
                .isEqualTo(TableServiceGeoReplicationStatus.LIVE);
    }

    @Test
    void theSecondaryServesReads() {
        TableClient primary = SERVERS.newTable(FIXTURE, "Second");
        primary.createEntity(new TableEntity("p", "r").addProperty("V", 1));
        TableClient secondary = secondaryClient().getTableClient(primary.getTableName());
        assertThat(secondary.getEntity("p", "r").getProperty("V")).isEqualTo(1);
        assertThat(secondary.listEntities()).hasSize(1);
        assertThat(secondaryClient().listTables()).anyMatch(t -> t.getName().equals(primary.getTableName()));
    }

    @Test
    void theSecondaryRefusesEveryWriteAndChangesNothing() {
        TableClient primary = SERVERS.newTable(FIXTURE, "SecondW");
        primary.createEntity(new TableEntity("p", "r").addProperty("V", 1));
        String name = primary.getTableName();
        TableServiceClient service = secondaryClient();
        TableClient secondary = service.getTableClient(name);
        String newTable = SharedServers.uniqueTableName("SecondNew");
        assertSdkError(() -> service.createTable(newTable), 403, "InsufficientAccountPermissions");
        assertSdkError(() -> service.deleteTable(name), 403, "InsufficientAccountPermissions");
        assertSdkError(() -> secondary.createEntity(new TableEntity("p", "n")), 403, "InsufficientAccountPermissions");
        assertSdkError(() -> secondary.upsertEntity(new TableEntity("p", "r").addProperty("V", 2)), 403,
                "InsufficientAccountPermissions");
        assertSdkError(() -> secondary.deleteEntity("p", "r"), 403, "InsufficientAccountPermissions");
        assertSdkError(() -> secondary.submitTransaction(List.of(new TableTransactionAction(
                TableTransactionActionType.CREATE, new TableEntity("p", "b")))), 403, "InsufficientAccountPermissions");
        assertSdkError(() -> service.setProperties(service.getProperties()), 403, "InsufficientAccountPermissions");
        assertSdkError(() -> secondary.setAccessPolicies(List.of()), 403, "InsufficientAccountPermissions");
        RawResponse raw = SERVERS.http(FIXTURE).send("MERGE", "-secondary" + SignedHttp.entityPath(name, "p", "r"),
                "{\"V\":3}", "If-Match", "*");
        assertRawError(raw, 403, "InsufficientAccountPermissions");
        assertThat(SERVERS.service(FIXTURE).listTables()).noneMatch(t -> t.getName().equals(newTable));
        assertThat(primary.listEntities()).singleElement()
                .satisfies(e -> assertThat(e.getProperty("V")).isEqualTo(1));
    }
}
