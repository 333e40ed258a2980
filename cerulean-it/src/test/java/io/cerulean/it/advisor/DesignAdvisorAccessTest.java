package io.cerulean.it.advisor;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionActionType;
import com.azure.data.tables.sas.TableSasPermission;
import com.azure.data.tables.sas.TableSasSignatureValues;
import com.fasterxml.jackson.databind.JsonNode;
import io.cerulean.it.support.RawResponse;
import io.cerulean.it.support.SignedHttp;
import io.cerulean.table.advisor.AdvisorSettings;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code GET /<account>/$advisor}: authorised as Get Table Service Properties, per account, and
 * its findings as metrics by kind.
 */
class DesignAdvisorAccessTest {
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static AdvisorServer server;
    private static String hotTable;

    @BeforeAll
    static void start() {
        server = new AdvisorServer(AdvisorServer.LOW);
        TableClient table = server.newTable("advhot");
        hotTable = table.getTableName();
        for (int batch = 0; batch < 15; batch++) {
            List<TableTransactionAction> actions = new ArrayList<>();
            for (int i = 0; i < 100; i++) {
                actions.add(new TableTransactionAction(TableTransactionActionType.CREATE,
                        new TableEntity("hot", String.format("%05d", batch * 100 + i))));
            }
            table.submitTransaction(actions);
        }
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static RawResponse unsigned(String query) {
        return server.http.sendUnsigned("GET", "/$advisor" + query, null, "Accept", "application/json");
    }

    @Test
    void sharedKeyReadsTheFindingsAsJson() {
        RawResponse response = server.http.get("/$advisor", "Accept", "application/json");
        assertThat(response.status()).as("%s", response).isEqualTo(200);
        assertThat(response.header("Content-Type")).startsWith("application/json");
        JsonNode hot = null;
        for (JsonNode finding : response.json().get("findings")) {
            if (finding.get("table").asText().equals(hotTable) && finding.get("kind").asText().equals("hot-partition")) {
                hot = finding;
            }
        }
        assertThat(hot).as("%s", response.body()).isNotNull();
        assertThat(hot.get("partitionKey").asText()).isEqualTo("hot");
        assertThat(hot.get("pattern").asText()).isEqualTo("Compound key pattern");
        assertThat(hot.get("evidence").asText()).contains("Partition 'hot' took").contains("entities/s");
    }

    @Test
    void anAccountSasForTheServiceWithReadIsEnough() {
        RawResponse response = unsigned("?" + AdvisorServer.accountSas(server.service(), "s", "r"));
        assertThat(response.status()).as("%s", response).isEqualTo(200);
        assertThat(response.body()).contains(hotTable);
    }

    @Test
    void anAccountSasWithoutReadOrWithoutTheServiceResourceTypeIsRefused() {
        RawResponse noRead = unsigned("?" + AdvisorServer.accountSas(server.service(), "s", "l"));
        assertThat(noRead.status()).isEqualTo(403);
        assertThat(noRead.errorCode()).isEqualTo("AuthorizationPermissionMismatch");
        RawResponse noService = unsigned("?" + AdvisorServer.accountSas(server.service(), "co", "rwdlacu"));
        assertThat(noService.status()).isEqualTo(403);
        assertThat(noService.errorCode()).isEqualTo("AuthorizationResourceTypeMismatch");
    }

    @Test
    void aTableSasIsRefused() {
        TableClient table = server.service().getTableClient(hotTable);
        String sas = table.generateSas(new TableSasSignatureValues(OffsetDateTime.now().plusHours(1),
                TableSasPermission.parse("raud")));
        RawResponse response = unsigned("?" + sas);
        assertThat(response.status()).isEqualTo(403);
        assertThat(response.errorCode()).isEqualTo("AuthorizationFailure");
        assertThat(response.body()).doesNotContain("hot-partition");
    }

    @Test
    void noCredentialIsRefusedAsForTheServiceProperties() {
        RawResponse response = unsigned("");
        assertThat(response.status()).isEqualTo(403);
        RawResponse properties = server.http.sendUnsigned("GET", "/?restype=service&comp=properties", null);
        assertThat(response.header("x-ms-error-code")).isEqualTo(properties.header("x-ms-error-code"))
                .isEqualTo("AuthenticationFailed");
        assertThat(response.body()).doesNotContain("hot-partition");
    }

    @Test
    void aWrongKeyIsRefused() {
        RawResponse response = new SignedHttp(server.server.cerulean().port(), AdvisorServer.OTHER_KEY)
                .get("/$advisor");
        assertThat(response.status()).isEqualTo(403);
        assertThat(response.errorCode()).isEqualTo("AuthenticationFailed");
    }

    @Test
    void onlyGetIsServed() {
        RawResponse put = server.http.send("PUT", "/$advisor", "{}", "Content-Type", "application/json");
        assertThat(put.status()).isEqualTo(405);
    }

    @Test
    void oneAccountsTablesNeverShowInAnothers() throws Exception {
        TableServiceClient other = server.otherService();
        String otherSas = AdvisorServer.accountSas(other, "s", "r");
        JsonNode before = otherFindings(otherSas);
        assertThat(before.get("findings")).isEmpty();

        TableClient otherTable = other.getTableClient("otherhot");
        otherTable.createTable();
        for (int batch = 0; batch < 15; batch++) {
            List<TableTransactionAction> actions = new ArrayList<>();
            for (int i = 0; i < 100; i++) {
                actions.add(new TableTransactionAction(TableTransactionActionType.CREATE,
                        new TableEntity("elsewhere", String.format("%05d", batch * 100 + i))));
            }
            otherTable.submitTransaction(actions);
        }
        JsonNode after = otherFindings(otherSas);
        assertThat(after.get("findings")).isNotEmpty().allSatisfy(finding -> {
            assertThat(finding.get("table").asText()).isEqualTo("otherhot");
        });
        assertThat(server.findings()).extracting(f -> f.get("table").asText()).doesNotContain("otherhot");
        // devstoreaccount1's SAS does not open the other account's findings.
        HttpResponse<String> refused = HTTP.send(HttpRequest.newBuilder(URI.create(
                server.server.cerulean().endpoint(AdvisorServer.OTHER) + "/$advisor?"
                        + AdvisorServer.accountSas(server.service(), "s", "r"))).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(refused.statusCode()).isEqualTo(403);
    }

    private static JsonNode otherFindings(String sas) throws Exception {
        HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(URI.create(
                server.server.cerulean().endpoint(AdvisorServer.OTHER) + "/$advisor?" + sas)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return SignedHttp.JSON.readTree(response.body());
    }

    @Test
    void findingsAreMetricsByKindNeverByTable() throws Exception {
        String metrics = HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
                + server.server.cerulean().port() + "/$metrics")).build(), HttpResponse.BodyHandlers.ofString()).body();
        assertThat(metrics).containsPattern("(?m)^cerulean_advisor_findings\\{kind=\"hot-partition\"} [1-9]")
                .contains("cerulean_advisor_findings{kind=\"append-hotspot\"}")
                .contains("cerulean_advisor_findings{kind=\"table-scan\"}")
                .containsPattern("(?m)^cerulean_advisor_tables_watched [1-9]")
                .doesNotContain(hotTable);
    }

    @Test
    void whenOffTheAdvisorSaysSoAndFindsNothing() {
        try (AdvisorServer off = new AdvisorServer(AdvisorSettings.OFF)) {
            TableClient table = off.newTable("advoff");
            for (int batch = 0; batch < 15; batch++) {
                List<TableTransactionAction> actions = new ArrayList<>();
                for (int i = 0; i < 100; i++) {
                    actions.add(new TableTransactionAction(TableTransactionActionType.CREATE,
                            new TableEntity("hot", String.format("%05d", batch * 100 + i))));
                }
                table.submitTransaction(actions);
            }
            RawResponse response = off.http.get("/$advisor");
            assertThat(response.status()).isEqualTo(200);
            assertThat(response.json().get("advisor").asText()).isEqualTo("off");
            assertThat(response.json().get("findings")).isEmpty();
        }
    }
}
