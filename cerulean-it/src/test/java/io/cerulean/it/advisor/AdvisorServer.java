package io.cerulean.it.advisor;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.TableServiceClientBuilder;
import com.azure.data.tables.sas.TableAccountSasPermission;
import com.azure.data.tables.sas.TableAccountSasResourceType;
import com.azure.data.tables.sas.TableAccountSasService;
import com.azure.data.tables.sas.TableAccountSasSignatureValues;
import com.fasterxml.jackson.databind.JsonNode;
import io.cerulean.http.auth.Account;
import io.cerulean.it.ServerFixture;
import io.cerulean.it.support.RawResponse;
import io.cerulean.it.support.SharedServers;
import io.cerulean.it.support.SignedHttp;
import io.cerulean.table.advisor.AdvisorSettings;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;

/**
 * A server whose design advisor has thresholds low enough for a test's traffic to cross them
 * within its one-minute window, with a second account, {@value #OTHER}.
 */
final class AdvisorServer implements AutoCloseable {
    static final String OTHER = "otheraccount";
    static final String OTHER_KEY = "b3RoZXJhY2NvdW50a2V5b3RoZXJhY2NvdW50a2V5b3RoZXJhY2NvdW50a2V5MDA=";
    /**
     * Averaged over 60 s, so a burst of traffic counts whole for the length of a test: 20 entities/s
     * is 1,200 entities in a partition within the minute, 5 end inserts/s 300 new keys at one end,
     * 10 scans a minute 10 scans, 2 transactions/s 120 transactions.
     */
    static final AdvisorSettings LOW = AdvisorSettings.DEFAULTS.withWindow(Duration.ofSeconds(60))
            .withPartitionEntitiesPerSecond(20).withEndInsertsPerSecond(5).withScansPerMinute(10)
            .withTransactionsPerSecond(2).withPartitionEntities(2_000);

    final ServerFixture.RunningServer server;
    final SignedHttp http;

    AdvisorServer(AdvisorSettings settings) {
        server = ServerFixture.chosenOr(ServerFixture.IN_MEMORY).start(builder -> builder.advisor(settings)
                .account(Account.of(OTHER, OTHER_KEY)));
        http = SignedHttp.to(server);
    }

    TableServiceClient service() {
        return new TableServiceClientBuilder().connectionString(server.connectionString())
                .retryOptions(SharedServers.noRetries()).buildClient();
    }

    TableServiceClient otherService() {
        return new TableServiceClientBuilder().connectionString("DefaultEndpointsProtocol=http;AccountName=" + OTHER
                        + ";AccountKey=" + OTHER_KEY + ";TableEndpoint=" + server.cerulean().endpoint(OTHER) + ";")
                .retryOptions(SharedServers.noRetries()).buildClient();
    }

    TableClient newTable(String prefix) {
        TableClient table = service().getTableClient(SharedServers.uniqueTableName(prefix));
        table.createTable();
        return table;
    }

    /** An account SAS for {@code client}'s account, as the SDK writes it. */
    static String accountSas(TableServiceClient client, String resourceTypes, String permissions) {
        return client.generateAccountSas(new TableAccountSasSignatureValues(OffsetDateTime.now().plusHours(1),
                TableAccountSasPermission.parse(permissions), TableAccountSasService.parse("t"),
                TableAccountSasResourceType.parse(resourceTypes)));
    }

    /** devstoreaccount1's findings, signed with Shared Key. */
    List<JsonNode> findings() {
        RawResponse response = http.get("/$advisor", "Accept", "application/json");
        if (response.status() != 200) {
            throw new AssertionError("GET /$advisor: " + response);
        }
        List<JsonNode> findings = new ArrayList<>();
        response.json().get("findings").forEach(findings::add);
        return findings;
    }

    /** The findings of one table, as "kind partitionKey" (partitionKey null for the table as a whole). */
    List<String> kinds(String table) {
        List<String> kinds = new ArrayList<>();
        for (JsonNode finding : findings()) {
            if (finding.get("table").asText().equals(table)) {
                kinds.add(finding.get("kind").asText() + " " + finding.get("partitionKey").asText());
            }
        }
        return kinds;
    }

    @Override
    public void close() {
        server.close();
    }
}
