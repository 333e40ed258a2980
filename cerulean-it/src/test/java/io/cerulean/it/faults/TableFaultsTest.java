package io.cerulean.it.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.azure.core.exception.HttpResponseException;
import com.azure.core.http.policy.FixedDelayOptions;
import com.azure.core.http.policy.RetryOptions;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableClientBuilder;
import com.azure.data.tables.TableServiceClientBuilder;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableServiceException;
import io.cerulean.app.Cerulean;
import io.cerulean.http.faults.FaultRulesJson;
import io.cerulean.it.ServerFixture;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import org.assertj.core.api.ThrowableAssert;
import org.junit.jupiter.api.Test;

/**
 * Injected faults as the Table SDK meets them: a client that retries gets through each kind, one
 * that does not sees the fault's status and code, rules keep to their table, and a fault after the
 * operation leaves its write applied.
 */
class TableFaultsTest {
    private static final ServerFixture STORE = ServerFixture.chosenOr(ServerFixture.IN_MEMORY);

    static ServerFixture.RunningServer start(String rules) {
        return STORE.start(builder -> builder.faults(FaultRulesJson.parse(rules)));
    }

    static TableClient client(ServerFixture.RunningServer server, String table, int retries) {
        new TableServiceClientBuilder().connectionString(server.connectionString()).buildClient()
                .createTableIfNotExists(table);
        return new TableClientBuilder().connectionString(server.connectionString()).tableName(table)
                .retryOptions(new RetryOptions(new FixedDelayOptions(retries, Duration.ofMillis(20)))).buildClient();
    }

    @Test
    void aClientThatRetriesGetsThroughBusyErrorsTimeoutsAndDrops() {
        try (var server = start("""
                [{"name": "busy", "fault": "ServerBusy", "operations": "InsertEntity", "limit": 1},
                 {"name": "error", "fault": "InternalError", "operations": "InsertEntity", "limit": 1},
                 {"name": "timeout", "fault": "OperationTimedOut", "operations": "InsertEntity", "limit": 1,
                  "delayMs": 200},
                 {"name": "drop", "fault": "Drop", "operations": "InsertEntity", "limit": 1}]
                """)) {
            TableClient table = client(server, "orders", 5);
            table.createEntity(new TableEntity("p", "r").addProperty("N", 1));

            assertThat(table.getEntity("p", "r").getProperty("N")).isEqualTo(1);
            assertThat(FaultRulesClient.of(server.cerulean(), Cerulean.Service.TABLE).get().body())
                    .contains("\"name\":\"busy\"", "\"name\":\"drop\"").doesNotContain("\"injected\":0")
                    .doesNotContain("\"injected\":2");
        }
    }

    @Test
    void aClientThatDoesNotRetrySeesTheFaultsStatusAndCode() {
        try (var server = start("""
                [{"fault": "ServerBusy", "operations": "InsertEntity", "limit": 1},
                 {"fault": "InternalError", "operations": "InsertEntity", "limit": 1},
                 {"fault": "OperationTimedOut", "operations": "InsertEntity", "limit": 1, "delayMs": 100},
                 {"fault": "Drop", "operations": "InsertEntity", "limit": 1}]
                """)) {
            TableClient table = client(server, "orders", 0);
            TableEntity entity = new TableEntity("p", "r");
            assertFault(() -> table.createEntity(entity), 503, "ServerBusy");
            assertFault(() -> table.createEntity(entity), 500, "InternalError");
            assertFault(() -> table.createEntity(entity), 500, "OperationTimedOut");
            assertThatThrownBy(() -> table.createEntity(entity)).as("the connection dropped, no answer")
                    .isNotInstanceOf(TableServiceException.class).hasRootCauseInstanceOf(IOException.class);
            assertThat(table.listEntities()).as("a fault before the operation changes nothing").isEmpty();
            table.createEntity(entity);
            assertThat(table.listEntities()).hasSize(1);
        }
    }

    @Test
    void aRuleForATableHitsThatTableAlone() {
        try (var server = start("[{\"fault\": \"ServerBusy\", \"resource\": \"Flaky\"}]")) {
            TableClient steady = client(server, "steady", 0);
            steady.createEntity(new TableEntity("p", "r"));
            assertThat(steady.listEntities()).hasSize(1);
            TableClient flaky = new TableClientBuilder().connectionString(server.connectionString())
                    .tableName("flaky").retryOptions(new RetryOptions(new FixedDelayOptions(0, Duration.ofMillis(1))))
                    .buildClient();
            assertFault(() -> flaky.createEntity(new TableEntity("p", "r")), 503, "ServerBusy");
            assertFault(() -> flaky.listEntities().iterator().hasNext(), 503, "ServerBusy");
        }
    }

    @Test
    void aFaultAfterTheOperationLeavesItsWriteAppliedSoARetriedInsertMeetsTheEntity() {
        try (var server = start("""
                [{"fault": "ServerBusy", "when": "after", "operations": "InsertEntity", "limit": 1}]
                """)) {
            TableClient table = client(server, "orders", 3);
            assertThatThrownBy(() -> table.createEntity(new TableEntity("p", "r").addProperty("N", 7)))
                    .isInstanceOfSatisfying(TableServiceException.class, e -> {
                        assertThat(e.getResponse().getStatusCode()).isEqualTo(409);
                        assertThat(e.getValue().getErrorCode().toString()).isEqualTo("EntityAlreadyExists");
                    });
            assertThat(table.getEntity("p", "r").getProperty("N")).isEqualTo(7);
        }
    }

    @Test
    void aTransactionPickedAfterItRanIsCommittedWhole() {
        try (var server = start("""
                [{"fault": "Drop", "when": "after", "operations": "EntityGroupTransaction", "limit": 1}]
                """)) {
            TableClient table = client(server, "orders", 0);
            List<com.azure.data.tables.models.TableTransactionAction> actions = List.of(
                    new com.azure.data.tables.models.TableTransactionAction(
                            com.azure.data.tables.models.TableTransactionActionType.CREATE, new TableEntity("p", "a")),
                    new com.azure.data.tables.models.TableTransactionAction(
                            com.azure.data.tables.models.TableTransactionActionType.CREATE, new TableEntity("p", "b")));
            assertThatThrownBy(() -> table.submitTransaction(actions)).hasRootCauseInstanceOf(IOException.class);
            assertThat(table.listEntities()).extracting(TableEntity::getRowKey).containsExactly("a", "b");
        }
    }

    @Test
    void aDelayedFaultWaitsOnATimerNotOnTheOnlyWorker() throws Exception {
        try (var server = STORE.start(builder -> builder.workerThreads(1).faults(FaultRulesJson.parse(
                "[{\"fault\": \"OperationTimedOut\", \"resource\": \"slow\", \"delayMs\": 20000}]")))) {
            TableClient slow = client(server, "slow", 0);
            TableClient fast = client(server, "fast", 0);
            java.util.concurrent.CompletableFuture<Void> delayed = java.util.concurrent.CompletableFuture.runAsync(
                    () -> slow.createEntity(new TableEntity("p", "r")));
            FaultRulesClient rules = FaultRulesClient.of(server.cerulean(), Cerulean.Service.TABLE);
            while (!rules.get().body().contains("\"injected\":1")) {
                Thread.sleep(20); // until the slow request is in, its fault pending
            }
            fast.createEntity(new TableEntity("p", "r"));
            assertThat(fast.getEntity("p", "r")).isNotNull();
            assertThat(delayed).as("the fault still waits, and held no thread meanwhile").isNotDone();
        }
    }

    static void assertFault(ThrowableAssert.ThrowingCallable call, int status, String code) {
        // A listing's error comes as the SDK's own subclass of HttpResponseException, not TableServiceException.
        assertThatThrownBy(call).isInstanceOfSatisfying(HttpResponseException.class, e -> {
            assertThat(e.getResponse().getStatusCode()).isEqualTo(status);
            assertThat(e.getResponse().getHeaderValue("x-ms-error-code")).isEqualTo(code);
        });
    }
}
