package io.cerulean.it.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.ListEntitiesOptions;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionActionResponse;
import com.azure.data.tables.models.TableTransactionActionType;
import com.azure.data.tables.models.TableTransactionFailedException;
import com.azure.data.tables.models.TableTransactionResult;
import io.cerulean.it.EachStore;
import io.cerulean.it.ServerFixture;
import io.cerulean.it.support.SharedServers;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;

/** Contract section 6 through {@code TableClient.submitTransaction}: every action type, results, failures by index. */
class TransactionActionsTest {
    private static final SharedServers SERVERS = SharedServers.perClass();

    @AfterAll
    static void stopServers() {
        SERVERS.close();
    }

    private static TableEntity entity(String rowKey, Object... nameValues) {
        TableEntity entity = new TableEntity("p", rowKey);
        for (int i = 0; i < nameValues.length; i += 2) {
            entity.addProperty((String) nameValues[i], nameValues[i + 1]);
        }
        return entity;
    }

    private static TableTransactionAction action(TableTransactionActionType type, TableEntity entity, boolean ifUnchanged) {
        return new TableTransactionAction(type, entity, ifUnchanged);
    }

    /** RowKey to user properties, for comparing whole partitions before and after. */
    private static Map<String, Map<String, Object>> contents(TableClient table) {
        Map<String, Map<String, Object>> rows = new TreeMap<>();
        table.listEntities(new ListEntitiesOptions(), null, null).forEach(e -> {
            Map<String, Object> properties = new TreeMap<>(e.getProperties());
            properties.keySet().removeIf(name -> name.startsWith("odata.") || name.startsWith("Timestamp")
                    || List.of("PartitionKey", "RowKey").contains(name));
            rows.put(e.getRowKey(), properties);
        });
        return rows;
    }

    private static TableTransactionFailedException failure(TableClient table, List<TableTransactionAction> actions) {
        TableTransactionFailedException e = catchThrowableOfType(TableTransactionFailedException.class,
                () -> table.submitTransaction(actions));
        assertThat(e).as("the transaction should fail").isNotNull();
        return e;
    }

    private static void assertFailure(TableTransactionFailedException e, int index, String code) {
        assertThat(e.getFailedTransactionActionIndex()).as(e.getMessage()).isEqualTo(index);
        assertThat(e.getValue().getErrorCode().toString()).as(e.getMessage()).isEqualTo(code);
    }

    @ParameterizedTest
    @EachStore
    void everyActionTypeIsAppliedTogetherAndAnswersWithItsEtag(ServerFixture fixture) {
        for (boolean withEtags : new boolean[] {true, false}) {
            TableClient table = SERVERS.newTable(fixture, "Actions");
            for (String rowKey : List.of("um", "m", "r", "d")) {
                table.createEntity(entity(rowKey, "old", 1));
            }
            TableEntity merge = table.getEntity("p", "m").addProperty("new", 2);
            TableEntity replace = entity("r", "new", 3).addProperty("odata.etag", table.getEntity("p", "r").getETag());
            List<TableTransactionAction> actions = List.of(
                    action(TableTransactionActionType.CREATE, entity("c", "new", 0), false),
                    action(TableTransactionActionType.UPSERT_MERGE, entity("um", "new", 4), false),
                    action(TableTransactionActionType.UPSERT_REPLACE, entity("ur", "new", 5), false),
                    action(TableTransactionActionType.UPDATE_MERGE, merge, withEtags),
                    action(TableTransactionActionType.UPDATE_REPLACE, replace, withEtags),
                    action(TableTransactionActionType.DELETE, table.getEntity("p", "d"), withEtags));

            TableTransactionResult result = table.submitTransaction(actions);

            List<TableTransactionActionResponse> responses = result.getTransactionActionResponses();
            assertThat(responses).extracting(TableTransactionActionResponse::getStatusCode).containsOnly(204);
            // SDK 12.5.0 drops each part's headers (its response builder copies them the wrong way round),
            // so the ETag of each part is checked on the wire in SdkDialectsOnTheWireTest; here: the
            // entities all carry the transaction's one new Timestamp.
            Set<String> etags = new HashSet<>();
            for (int i = 0; i < 5; i++) {
                etags.add(table.getEntity("p", actions.get(i).getEntity().getRowKey()).getETag());
            }
            assertThat(etags).hasSize(1).doesNotContain(merge.getETag());
            assertThat(contents(table)).isEqualTo(Map.of(
                    "c", Map.of("new", 0),
                    "um", Map.of("old", 1, "new", 4),
                    "ur", Map.of("new", 5),
                    "m", Map.of("old", 1, "new", 2),
                    "r", Map.of("new", 3)));
        }
    }

    @ParameterizedTest
    @EachStore
    void aFailingActionNamesItsIndexAndNothingIsApplied(ServerFixture fixture) {
        TableClient table = SERVERS.newTable(fixture, "Failing");
        table.createEntity(entity("exists", "v", 1));
        TableEntity stale = table.getEntity("p", "exists");
        table.updateEntity(entity("exists", "v", 2));
        Map<String, Map<String, Object>> before = contents(table);

        assertFailure(failure(table, List.of(
                action(TableTransactionActionType.CREATE, entity("a"), false),
                action(TableTransactionActionType.UPSERT_MERGE, entity("b"), false),
                action(TableTransactionActionType.CREATE, entity("exists"), false))), 2, "EntityAlreadyExists");
        assertFailure(failure(table, List.of(
                action(TableTransactionActionType.CREATE, entity("a"), false),
                action(TableTransactionActionType.UPDATE_MERGE, entity("missing", "v", 1), false))), 1, "ResourceNotFound");
        assertFailure(failure(table, List.of(
                action(TableTransactionActionType.DELETE, entity("missing"), false))), 0, "ResourceNotFound");
        stale.addProperty("v", 99);
        assertFailure(failure(table, List.of(
                action(TableTransactionActionType.CREATE, entity("a"), false),
                action(TableTransactionActionType.UPSERT_REPLACE, entity("b"), false),
                action(TableTransactionActionType.UPDATE_REPLACE, stale, true))), 2, "UpdateConditionNotSatisfied");
        assertFailure(failure(table, List.of(
                action(TableTransactionActionType.UPSERT_MERGE, entity("a"), false),
                action(TableTransactionActionType.DELETE, stale, true))), 1, "UpdateConditionNotSatisfied");

        assertThat(contents(table)).as("no failed transaction left anything behind").isEqualTo(before);
    }

    @ParameterizedTest
    @EachStore
    void aHundredActionsAreAcceptedAndAHundredAndOneRefusedAtIndexZero(ServerFixture fixture) {
        TableClient table = SERVERS.newTable(fixture, "Hundred");
        List<TableTransactionAction> actions = new ArrayList<>();
        for (int i = 0; i < 101; i++) {
            actions.add(action(TableTransactionActionType.CREATE, entity(String.format("r%03d", i), "i", i), false));
        }
        assertFailure(failure(table, actions), 0, "InvalidInput");
        assertThat(contents(table)).isEmpty();

        TableTransactionResult result = table.submitTransaction(actions.subList(0, 100));
        assertThat(result.getTransactionActionResponses()).hasSize(100);
        assertThat(contents(table)).hasSize(100).containsEntry("r099", Map.of("i", 99));
    }

    @ParameterizedTest
    @EachStore
    void theSameEntityTwiceIsAnInvalidDuplicateRow(ServerFixture fixture) {
        TableClient table = SERVERS.newTable(fixture, "Duplicate");
        TableTransactionFailedException e = failure(table, List.of(
                action(TableTransactionActionType.CREATE, entity("a"), false),
                action(TableTransactionActionType.CREATE, entity("b"), false),
                action(TableTransactionActionType.UPSERT_MERGE, entity("a", "v", 1), false)));
        assertFailure(e, 2, "InvalidDuplicateRow");
        assertThat(e.getValue().getErrorMessage()).contains("RowKey 'a'");
        assertThat(contents(table)).isEmpty();
    }

    @ParameterizedTest
    @EachStore
    void anotherPartitionIsRefusedAtItsIndex(ServerFixture fixture) {
        TableClient table = SERVERS.newTable(fixture, "Partitions");
        assertFailure(failure(table, List.of(
                action(TableTransactionActionType.CREATE, entity("a"), false),
                action(TableTransactionActionType.CREATE, new TableEntity("q", "b"), false))), 1, "InvalidInput");
        assertThat(contents(table)).isEmpty();
    }

    @ParameterizedTest
    @EachStore
    void aMissingTableIsReportedAtIndexZero(ServerFixture fixture) {
        TableClient missing = SERVERS.service(fixture).getTableClient(SharedServers.uniqueTableName("Missing"));
        assertFailure(failure(missing, List.of(
                action(TableTransactionActionType.CREATE, entity("a"), false),
                action(TableTransactionActionType.CREATE, entity("b"), false))), 0, "TableNotFound");
    }
}
