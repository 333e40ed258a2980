package io.cerulean.it.targets;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.http.HttpResponse;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.TableServiceClientBuilder;
import com.azure.data.tables.models.ListEntitiesOptions;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableServiceException;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionActionType;
import io.cerulean.app.Cerulean;
import io.cerulean.http.throttle.ScalabilityTargets;
import io.cerulean.it.AzureErrors;
import io.cerulean.it.ServerFixture;
import io.cerulean.it.support.SharedServers;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A table partition's scalability target, lowered to 10 entities a second with a burst of two seconds'
 * worth (20), through the
 * Java Tables SDK: within it nothing is throttled, past it a client without retries gets 503 ServerBusy
 * with Azure's message and the refused write is not applied, another partition is served meanwhile, a
 * transaction counts each of its entities, a query page the entities it read, and a client with the
 * SDK's default retries gets everything done. Each test has a table, so partitions of its own.
 */
class TablePartitionTargetTest {
    static final String BUSY = "The server is currently unable to receive requests. Please retry your request.";
    /** Long enough for an emptied bucket to be full again. */
    private static final long REFILL = 2_100;
    private static final AtomicInteger TABLES = new AtomicInteger();
    private static ServerFixture.RunningServer server;
    private static Cerulean cerulean;
    private static TableServiceClient noRetries;

    @BeforeAll
    static void start() {
        server = ServerFixture.chosenOr(ServerFixture.IN_MEMORY).start(builder -> builder
                .services(java.util.Set.of(Cerulean.Service.TABLE))
                .scalabilityTargets(ScalabilityTargets.azure().with("table-partition-entities-per-second=10")
                        .with("burst-seconds=2")));
        cerulean = server.cerulean();
        noRetries = SharedServers.serviceClient(cerulean.connectionString());
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static TableClient newTable() {
        return noRetries.createTable("partitiontarget" + TABLES.incrementAndGet());
    }

    private static TableEntity entity(String partition, int row) {
        return new TableEntity(partition, String.format("r%04d", row)).addProperty("Value", row);
    }

    /** Inserts rows 0..count-1 one after the other, as fast as they are answered; the rows refused. */
    static List<Integer> insert(TableClient table, String partition, int count) {
        List<Integer> refused = new ArrayList<>();
        for (int row = 0; row < count; row++) {
            int r = row;
            try {
                table.createEntity(entity(partition, r));
            } catch (TableServiceException e) {
                assertServerBusy(e, BUSY);
                refused.add(row);
            }
        }
        return refused;
    }

    static void assertServerBusy(TableServiceException e, String message) {
        HttpResponse response = e.getResponse();
        assertThat(response.getStatusCode()).isEqualTo(503);
        assertThat(response.getHeaderValue("x-ms-error-code")).isEqualTo("ServerBusy");
        assertThat(e.getValue().getErrorMessage()).startsWith(message);
        assertThat(response.getHeaderValue("Retry-After")).as("Azure sends no Retry-After when it throttles").isNull();
    }

    @Test
    void withinTheTargetNothingIsThrottled() {
        TableClient table = newTable();
        assertThat(insert(table, "p", 15)).isEmpty();
    }

    @Test
    void pastTheTargetAClientWithoutRetriesGetsServerBusyAndTheRefusedWritesAreNotApplied() {
        TableClient table = newTable();
        List<Integer> refused = insert(table, "p", 80);
        assertThat(refused).isNotEmpty();
        assertThat(refused.get(0)).isGreaterThanOrEqualTo(20); // the burst went through
        pause(REFILL);
        List<String> stored = table.listEntities(new ListEntitiesOptions().setSelect(List.of("RowKey")), null, null)
                .stream().map(TableEntity::getRowKey).toList();
        assertThat(stored).hasSize(80 - refused.size())
                .doesNotContainAnyElementsOf(refused.stream().map(r -> entity("p", r).getRowKey()).toList());
        assertThat(throttledPartitionRequests()).isGreaterThanOrEqualTo(refused.size());
    }

    /** What {@code GET /$metrics} counts of requests refused for passing a partition's target. */
    private static double throttledPartitionRequests() {
        try {
            String scrape = java.net.http.HttpClient.newHttpClient().send(java.net.http.HttpRequest.newBuilder(
                            java.net.URI.create("http://127.0.0.1:" + cerulean.port() + "/$metrics")).build(),
                    java.net.http.HttpResponse.BodyHandlers.ofString()).body();
            return scrape.lines().filter(line -> line.startsWith("cerulean_throttled_requests_total{")
                            && line.contains("target=\"table_partition\""))
                    .mapToDouble(line -> Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1)))
                    .findFirst().orElseThrow();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    @Test
    void anotherPartitionIsServedWhileOneIsPastItsTarget() {
        TableClient table = newTable();
        assertThat(insert(table, "hot", 60)).isNotEmpty();
        assertThat(insert(table, "cold", 10)).isEmpty();
        assertThat(table.getEntity("cold", "r0000").getProperty("Value")).isEqualTo(0);
    }

    @Test
    void aTransactionCountsEachOfItsEntities() {
        TableClient table = newTable();
        table.submitTransaction(batch("p", 0, 15));
        TableServiceException refused = (TableServiceException) AzureErrors.assertSdkError(
                () -> table.submitTransaction(batch("p", 15, 15)), 503, "ServerBusy");
        assertServerBusy(refused, BUSY);
        table.createEntity(entity("p", 99)); // five entities were left of the burst: one request is within them
        pause(REFILL);
        assertThat(table.listEntities().stream().map(TableEntity::getRowKey).toList())
                .hasSize(16).doesNotContain(entity("p", 15).getRowKey(), entity("p", 29).getRowKey());
    }

    @Test
    void aQueryPageCountsTheEntitiesItReadNotThoseItReturned() {
        TableClient table = newTable();
        table.submitTransaction(batch("p", 0, 20));
        pause(REFILL);
        table.submitTransaction(batch("p", 20, 20));
        pause(REFILL);
        ListEntitiesOptions nothingMatches = new ListEntitiesOptions().setFilter("PartitionKey eq 'p' and Value eq -1");
        // Returns nothing, reads 40: a full bucket serves it, and it leaves the partition 20 in debt.
        assertThat(table.listEntities(nothingMatches, null, null).stream().count()).isZero();
        AzureErrors.assertSdkError(() -> table.listEntities(nothingMatches, null, null).stream().count(), 503,
                "ServerBusy");
        AzureErrors.assertSdkError(() -> table.createEntity(entity("p", 50)), 503, "ServerBusy");
    }

    @Test
    void aClientWithTheSdksDefaultRetriesGetsEverythingDone() {
        String name = newTable().getTableName();
        TableClient retrying = new TableServiceClientBuilder().connectionString(cerulean.connectionString())
                .buildClient().getTableClient(name);
        IntStream.range(0, 60).forEach(row -> retrying.createEntity(entity("p", row)));
        assertThat(retrying.listEntities().stream().count()).isEqualTo(60);
    }

    static List<TableTransactionAction> batch(String partition, int first, int count) {
        return IntStream.range(first, first + count)
                .mapToObj(row -> new TableTransactionAction(TableTransactionActionType.CREATE, entity(partition, row)))
                .toList();
    }

    static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
