package io.cerulean.it;

import static io.cerulean.it.AzureErrors.assertRawError;
import static io.cerulean.it.AzureErrors.assertSdkError;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableEntityUpdateMode;
import io.cerulean.it.support.RawResponse;
import io.cerulean.it.support.SharedServers;
import io.cerulean.it.support.SignedHttp;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;

/** Optimistic concurrency: ETags, Timestamps and If-Match. */
class EntityEtagTest {
    private static final SharedServers SERVERS = SharedServers.perClass();

    @AfterAll
    static void stopServers() {
        SERVERS.close();
    }

    private static TableClient tableWithEntity(ServerFixture fixture) {
        TableClient table = SERVERS.newTable(fixture, "Etag");
        table.createEntity(new TableEntity("p", "r").addProperty("V", 0));
        return table;
    }

    @ParameterizedTest
    @EachStore
    void updateMergeAndDeleteWithTheCurrentEtagSucceed(ServerFixture fixture) {
        TableClient table = tableWithEntity(fixture);
        TableEntity current = table.getEntity("p", "r");
        current.addProperty("V", 1);
        assertThat(table.updateEntityWithResponse(current, TableEntityUpdateMode.REPLACE, true, null, null)
                .getStatusCode()).isEqualTo(204);
        current = table.getEntity("p", "r");
        current.addProperty("W", 2);
        assertThat(table.updateEntityWithResponse(current, TableEntityUpdateMode.MERGE, true, null, null)
                .getStatusCode()).isEqualTo(204);
        current = table.getEntity("p", "r");
        assertThat(current.getProperties()).containsEntry("V", 1).containsEntry("W", 2);
        assertThat(table.deleteEntityWithResponse(current, true, null, null).getStatusCode()).isEqualTo(204);
        assertThat(table.listEntities()).isEmpty();
    }

    @ParameterizedTest
    @EachStore
    void updateWithStaleEtagIsRefusedWith412(ServerFixture fixture) {
        TableClient table = tableWithEntity(fixture);
        TableEntity stale = table.getEntity("p", "r");
        table.updateEntity(new TableEntity("p", "r").addProperty("V", 1));
        stale.addProperty("V", 99);
        assertSdkError(() -> table.updateEntityWithResponse(stale, TableEntityUpdateMode.REPLACE, true, null, null),
                412, "UpdateConditionNotSatisfied");
        assertThat(table.getEntity("p", "r").getProperty("V")).isEqualTo(1);
    }

    @ParameterizedTest
    @EachStore
    void mergeWithStaleEtagIsRefusedWith412(ServerFixture fixture) {
        TableClient table = tableWithEntity(fixture);
        TableEntity stale = table.getEntity("p", "r");
        table.updateEntity(new TableEntity("p", "r").addProperty("V", 1), TableEntityUpdateMode.MERGE);
        stale.addProperty("Extra", "x");
        assertSdkError(() -> table.updateEntityWithResponse(stale, TableEntityUpdateMode.MERGE, true, null, null),
                412, "UpdateConditionNotSatisfied");
        assertThat(table.getEntity("p", "r").getProperties()).doesNotContainKey("Extra");
    }

    @ParameterizedTest
    @EachStore
    void deleteWithStaleEtagIsRefusedWith412(ServerFixture fixture) {
        TableClient table = tableWithEntity(fixture);
        TableEntity stale = table.getEntity("p", "r");
        table.updateEntity(new TableEntity("p", "r").addProperty("V", 1));
        assertSdkError(() -> table.deleteEntityWithResponse(stale, true, null, null), 412, "UpdateConditionNotSatisfied");
        assertThat(table.getEntity("p", "r").getProperty("V")).isEqualTo(1);
    }

    @ParameterizedTest
    @EachStore
    void conditionalWritesOnAMissingEntityAre404EvenWithAnEtag(ServerFixture fixture) {
        TableClient table = tableWithEntity(fixture);
        TableEntity fetched = table.getEntity("p", "r");
        table.deleteEntity("p", "r");
        assertSdkError(() -> table.updateEntityWithResponse(fetched, TableEntityUpdateMode.REPLACE, true, null, null),
                404, "ResourceNotFound");
        assertSdkError(() -> table.updateEntityWithResponse(fetched, TableEntityUpdateMode.MERGE, true, null, null),
                404, "ResourceNotFound");
        SignedHttp http = SERVERS.http(fixture);
        assertRawError(http.send("DELETE", SignedHttp.entityPath(table.getTableName(), "p", "r"), null,
                "If-Match", fetched.getETag()), 404, "ResourceNotFound");
    }

    @ParameterizedTest
    @EachStore
    void wildcardIfMatchMatchesAnyExistingEntity(ServerFixture fixture) {
        TableClient table = tableWithEntity(fixture);
        SignedHttp http = SERVERS.http(fixture);
        String path = SignedHttp.entityPath(table.getTableName(), "p", "r");
        assertThat(http.send("PUT", path, "{\"V\":5}", "If-Match", "*").status()).isEqualTo(204);
        assertThat(http.send("PATCH", path, "{\"W\":6}", "If-Match", "*").status()).isEqualTo(204);
        assertThat(table.getEntity("p", "r").getProperties()).containsEntry("V", 5).containsEntry("W", 6);
        assertThat(http.send("DELETE", path, null, "If-Match", "*").status()).isEqualTo(204);
        assertThat(table.listEntities()).isEmpty();
    }

    @ParameterizedTest
    @EachStore
    void etagChangesOnEveryWriteAndMatchesTheBodyEtag(ServerFixture fixture) {
        TableClient table = SERVERS.newTable(fixture, "Etags");
        SignedHttp http = SERVERS.http(fixture);
        String path = SignedHttp.entityPath(table.getTableName(), "p", "r");
        Set<String> etags = new HashSet<>();
        RawResponse created = http.send("POST", "/" + table.getTableName(),
                "{\"PartitionKey\":\"p\",\"RowKey\":\"r\"}", "Prefer", "return-no-content");
        etags.add(created.header("ETag"));
        for (int i = 0; i < 20; i++) {
            RawResponse written = switch (i % 4) {
                case 0 -> http.send("PUT", path, "{\"I\":" + i + "}");
                case 1 -> http.send("PATCH", path, "{\"I\":" + i + "}");
                case 2 -> http.send("PUT", path, "{\"I\":" + i + "}", "If-Match", "*");
                default -> http.send("MERGE", path, "{\"I\":" + i + "}", "If-Match", "*");
            };
            assertThat(written.status()).as("%s", written).isEqualTo(204);
            String etag = written.header("ETag");
            assertThat(etag).as("write %d", i).startsWith("W/\"datetime'").endsWith("'\"");
            assertThat(etags.add(etag)).as("etag %s after write %d is new", etag, i).isTrue();
            RawResponse got = http.get(path);
            assertThat(got.header("ETag")).isEqualTo(etag);
            assertThat(got.json().path("odata.etag").asText()).isEqualTo(etag);
            assertThat(table.getEntity("p", "r").getETag()).isEqualTo(etag);
        }
    }

    @ParameterizedTest
    @EachStore
    void timestampIsSetByTheServerAndIncreasesWithEachWrite(ServerFixture fixture) {
        TableClient table = SERVERS.newTable(fixture, "Time");
        OffsetDateTime before = OffsetDateTime.now().minusSeconds(5);
        table.createEntity(new TableEntity("p", "r"));
        OffsetDateTime previous = table.getEntity("p", "r").getTimestamp();
        assertThat(previous).isAfter(before).isBefore(OffsetDateTime.now().plusSeconds(5));
        for (int i = 0; i < 10; i++) {
            table.updateEntity(new TableEntity("p", "r").addProperty("I", i));
            TableEntity got = table.getEntity("p", "r");
            assertThat(got.getTimestamp()).isAfter(previous);
            String etagTime = URLDecoder.decode(got.getETag(), StandardCharsets.UTF_8);
            assertThat(etagTime).startsWith("W/\"datetime'").endsWith("'\"");
            assertThat(OffsetDateTime.parse(etagTime.substring(12, etagTime.length() - 2))).isEqualTo(got.getTimestamp());
            previous = got.getTimestamp();
        }
    }

    @ParameterizedTest
    @EachStore
    void malformedIfMatchIs400InvalidInputAndChangesNothing(ServerFixture fixture) {
        TableClient table = tableWithEntity(fixture);
        SignedHttp http = SERVERS.http(fixture);
        String path = SignedHttp.entityPath(table.getTableName(), "p", "r");
        assertRawError(http.send("PUT", path, "{\"V\":7}", "If-Match", "not-an-etag"), 400, "InvalidInput");
        assertRawError(http.send("PATCH", path, "{\"V\":7}", "If-Match", "\"abc\""), 400, "InvalidInput");
        assertRawError(http.send("DELETE", path, null, "If-Match", "W/abc"), 400, "InvalidInput");
        assertThat(table.getEntity("p", "r").getProperty("V")).isEqualTo(0);
    }
}
