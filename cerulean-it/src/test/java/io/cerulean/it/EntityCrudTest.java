package io.cerulean.it;

import static io.cerulean.it.AzureErrors.assertRawError;
import static io.cerulean.it.AzureErrors.assertSdkError;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.http.rest.Response;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableEntityUpdateMode;
import io.cerulean.it.support.RawResponse;
import io.cerulean.it.support.SharedServers;
import io.cerulean.it.support.SignedHttp;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;

/** Insert, get, update, merge, upsert and delete of entities through the Java SDK. */
class EntityCrudTest {
    private static final SharedServers SERVERS = SharedServers.perClass();

    @AfterAll
    static void stopServers() {
        SERVERS.close();
    }

    private static TableEntity entity(String pk, String rk) {
        return new TableEntity(pk, rk).addProperty("A", "a").addProperty("B", 2);
    }

    @ParameterizedTest
    @EachStore
    void insertedEntityCanBeReadBack(ServerFixture fixture) {
        TableClient table = SERVERS.newTable(fixture, "Ins");
        Response<Void> created = table.createEntityWithResponse(entity("p", "r"), null, null);
        assertThat(created.getStatusCode()).isIn(201, 204);
        TableEntity got = table.getEntity("p", "r");
        assertThat(got.getPartitionKey()).isEqualTo("p");
        assertThat(got.getRowKey()).isEqualTo("r");
        assertThat(got.getProperties()).containsEntry("A", "a").containsEntry("B", 2);
        String wireEtag = SERVERS.http(fixture).get(SignedHttp.entityPath(table.getTableName(), "p", "r")).header("ETag");
        assertThat(got.getETag()).isEqualTo(wireEtag);
        assertThat(got.getTimestamp()).isNotNull();
    }

    @ParameterizedTest
    @EachStore
    void insertingAnExistingEntityIsRefusedWith409AndLeavesItUnchanged(ServerFixture fixture) {
        TableClient table = SERVERS.newTable(fixture, "Dup");
        table.createEntity(entity("p", "r"));
        assertSdkError(() -> table.createEntity(new TableEntity("p", "r").addProperty("A", "changed")),
                409, "EntityAlreadyExists");
        assertThat(table.getEntity("p", "r").getProperty("A")).isEqualTo("a");
    }

    @ParameterizedTest
    @EachStore
    void updateReplacesAllPropertiesDroppingMissingOnes(ServerFixture fixture) {
        TableClient table = SERVERS.newTable(fixture, "Upd");
        table.createEntity(entity("p", "r"));
        table.updateEntity(new TableEntity("p", "r").addProperty("C", true), TableEntityUpdateMode.REPLACE);
        TableEntity got = table.getEntity("p", "r");
        assertThat(got.getProperties()).containsEntry("C", true).doesNotContainKeys("A", "B");
    }

    @ParameterizedTest
    @EachStore
    void mergeKeepsPropertiesNotSentAndReplacesTypesOfSentOnes(ServerFixture fixture) {
        TableClient table = SERVERS.newTable(fixture, "Mrg");
        table.createEntity(entity("p", "r"));
        table.updateEntity(new TableEntity("p", "r").addProperty("B", "now a string").addProperty("C", 3L),
                TableEntityUpdateMode.MERGE);
        TableEntity got = table.getEntity("p", "r");
        assertThat(got.getProperties()).containsEntry("A", "a").containsEntry("B", "now a string").containsEntry("C", 3L);
    }

    @ParameterizedTest
    @EachStore
    void upsertReplaceInsertsWhenMissingAndReplacesWhenPresent(ServerFixture fixture) {
        TableClient table = SERVERS.newTable(fixture, "UpsR");
        table.upsertEntity(entity("p", "r"));
        assertThat(table.getEntity("p", "r").getProperties()).containsEntry("A", "a");
        Response<Void> replaced = table.upsertEntityWithResponse(new TableEntity("p", "r").addProperty("C", 1.5),
                TableEntityUpdateMode.REPLACE, null, null);
        assertThat(replaced.getStatusCode()).isEqualTo(204);
        assertThat(table.getEntity("p", "r").getProperties()).containsEntry("C", 1.5).doesNotContainKeys("A", "B");
    }

    @ParameterizedTest
    @EachStore
    void upsertMergeInsertsWhenMissingAndMergesWhenPresent(ServerFixture fixture) {
        TableClient table = SERVERS.newTable(fixture, "UpsM");
        table.upsertEntityWithResponse(entity("p", "r"), TableEntityUpdateMode.MERGE, null, null);
        assertThat(table.getEntity("p", "r").getProperties()).containsEntry("A", "a").containsEntry("B", 2);
        table.upsertEntityWithResponse(new TableEntity("p", "r").addProperty("C", "c"), TableEntityUpdateMode.MERGE,
                null, null);
        assertThat(table.getEntity("p", "r").getProperties()).containsEntry("A", "a").containsEntry("C", "c");
    }

    @ParameterizedTest
    @EachStore
    void deletedEntityIsGone(ServerFixture fixture) {
        TableClient table = SERVERS.newTable(fixture, "Dele");
        table.createEntity(entity("p", "r"));
        table.createEntity(entity("p", "r2"));
        Response<Void> deleted = table.deleteEntityWithResponse(new TableEntity("p", "r"), false, null, null);
        assertThat(deleted.getStatusCode()).isEqualTo(204);
        assertSdkError(() -> table.getEntity("p", "r"), 404, "ResourceNotFound");
        assertThat(table.listEntities()).extracting(TableEntity::getRowKey).containsExactly("r2");
    }

    @ParameterizedTest
    @EachStore
    void updateAndMergeOfAMissingEntityAre404ResourceNotFoundAndCreateNothing(ServerFixture fixture) {
        TableClient table = SERVERS.newTable(fixture, "Miss");
        for (TableEntityUpdateMode mode : TableEntityUpdateMode.values()) {
            assertSdkError(() -> table.updateEntity(entity("p", "r"), mode), 404, "ResourceNotFound");
        }
        assertThat(table.listEntities()).isEmpty();
    }

    @ParameterizedTest
    @EachStore
    void deleteOfAMissingEntityIs404ResourceNotFoundOnTheWire(ServerFixture fixture) {
        TableClient table = SERVERS.newTable(fixture, "DelM");
        Response<Void> swallowed = table.deleteEntityWithResponse(new TableEntity("p", "r"), false, null, null);
        assertThat(swallowed.getStatusCode()).as("the SDK swallows the 404").isEqualTo(404);
        SignedHttp http = SERVERS.http(fixture);
        assertRawError(http.send("DELETE", SignedHttp.entityPath(table.getTableName(), "p", "r"), null, "If-Match", "*"),
                404, "ResourceNotFound");
    }

    @ParameterizedTest
    @EachStore
    void everyEntityOperationOnAMissingTableIs404TableNotFound(ServerFixture fixture) {
        TableClient table = SERVERS.service(fixture).getTableClient(SharedServers.uniqueTableName("Absent"));
        assertSdkError(() -> table.createEntity(entity("p", "r")), 404, "TableNotFound");
        assertSdkError(() -> table.getEntity("p", "r"), 404, "TableNotFound");
        assertSdkError(() -> table.upsertEntity(entity("p", "r")), 404, "TableNotFound");
        assertSdkError(() -> table.upsertEntityWithResponse(entity("p", "r"), TableEntityUpdateMode.MERGE, null, null),
                404, "TableNotFound");
        assertSdkError(() -> table.updateEntity(entity("p", "r"), TableEntityUpdateMode.REPLACE), 404, "TableNotFound");
        assertSdkError(() -> table.updateEntity(entity("p", "r"), TableEntityUpdateMode.MERGE), 404, "TableNotFound");
        assertSdkError(() -> table.listEntities().forEach(e -> { }), 404, "TableNotFound");
        SignedHttp http = SERVERS.http(fixture);
        assertRawError(http.send("DELETE", SignedHttp.entityPath(table.getTableName(), "p", "r"), null, "If-Match", "*"),
                404, "TableNotFound");
        assertThat(SERVERS.service(fixture).listTables()).noneMatch(t -> t.getName().equals(table.getTableName()));
    }

    @ParameterizedTest
    @EachStore
    void clientSentTimestampIsIgnored(ServerFixture fixture) {
        String table = SERVERS.newTable(fixture, "Ts").getTableName();
        SignedHttp http = SERVERS.http(fixture);
        String body = "{\"PartitionKey\":\"p\",\"RowKey\":\"r\",\"Timestamp@odata.type\":\"Edm.DateTime\","
                + "\"Timestamp\":\"2001-01-01T00:00:00Z\",\"X\":\"x\"}";
        RawResponse created = http.send("POST", "/" + table, body, "Prefer", "return-no-content");
        assertThat(created.status()).as("%s", created).isEqualTo(204);
        TableEntity got = SERVERS.service(fixture).getTableClient(table).getEntity("p", "r");
        assertThat(got.getTimestamp().getYear()).isGreaterThanOrEqualTo(2024);
        assertThat(got.getProperties()).containsEntry("X", "x");
        assertThat(got.getProperties().get("Timestamp")).isNotEqualTo("2001-01-01T00:00:00Z");
    }
}
