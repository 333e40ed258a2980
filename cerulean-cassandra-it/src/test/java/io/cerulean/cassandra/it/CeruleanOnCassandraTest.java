package io.cerulean.cassandra.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.azure.core.http.rest.Response;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableClientBuilder;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.TableServiceClientBuilder;
import com.azure.data.tables.models.ListEntitiesOptions;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableServiceException;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionActionType;
import com.azure.data.tables.models.TableTransactionFailedException;
import com.azure.data.tables.sas.TableSasPermission;
import com.azure.data.tables.sas.TableSasSignatureValues;
import io.cerulean.app.Cerulean;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Cerulean servers on a Cassandra cluster, driven through the Azure Tables SDK as a user drives
 * them: the same answers as on RocksDB, and two servers on one keyspace interchangeable.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CeruleanOnCassandraTest {
    private Cerulean first;
    private Cerulean second;

    @BeforeAll
    void start() {
        String keyspace = TestCluster.newKeyspace("servers");
        first = Cerulean.builder().cassandra(TestCluster.config(keyspace)).port(0).start();
        second = Cerulean.builder().cassandra(TestCluster.config(keyspace)).port(0).start();
    }

    @AfterAll
    void stop() {
        if (first != null) {
            first.close();
        }
        if (second != null) {
            second.close();
        }
    }

    private static TableServiceClient service(Cerulean server) {
        return new TableServiceClientBuilder().connectionString(server.connectionString()).buildClient();
    }

    @Test
    void entitiesQueriesAndBatchesAnswerAsOnRocksDb() {
        TableClient table = service(first).createTable("people");
        for (String partition : List.of("b", "a", "\uD83D\uDE00", "\uFFFD")) { // UTF-16 order: a, b, U+1F600, U+FFFD
            for (int row = 0; row < 3; row++) {
                table.createEntity(new TableEntity(partition, "r" + row).addProperty("Age", 40 + row));
            }
        }
        assertThatThrownBy(() -> table.createEntity(new TableEntity("a", "r0")))
                .isInstanceOfSatisfying(TableServiceException.class,
                        e -> assertThat(e.getResponse().getStatusCode()).isEqualTo(409));

        List<String> keys = new ArrayList<>();
        table.listEntities(new ListEntitiesOptions().setFilter("Age ge 41").setTop(2), null, null)
                .forEach(e -> keys.add(e.getPartitionKey() + "/" + e.getRowKey()));
        assertThat(keys).containsExactly("a/r1", "a/r2", "b/r1", "b/r2", "\uD83D\uDE00/r1", "\uD83D\uDE00/r2",
                "\uFFFD/r1", "\uFFFD/r2");

        table.submitTransaction(List.of(
                new TableTransactionAction(TableTransactionActionType.CREATE, new TableEntity("c", "1")),
                new TableTransactionAction(TableTransactionActionType.UPSERT_MERGE,
                        new TableEntity("c", "2").addProperty("Age", 7))));
        assertThatThrownBy(() -> table.submitTransaction(List.of(
                new TableTransactionAction(TableTransactionActionType.CREATE, new TableEntity("c", "3")),
                new TableTransactionAction(TableTransactionActionType.CREATE, new TableEntity("c", "1")))))
                .isInstanceOf(TableTransactionFailedException.class);
        assertThat(table.listEntities(new ListEntitiesOptions().setFilter("PartitionKey eq 'c'"), null, null)
                .stream().map(TableEntity::getRowKey)).containsExactly("1", "2");

        String sas = table.generateSas(new TableSasSignatureValues(OffsetDateTime.now().plusHours(1),
                TableSasPermission.parse("r")));
        TableClient reader = new TableClientBuilder().endpoint(first.endpoint("devstoreaccount1"))
                .tableName("people").sasToken(sas).buildClient();
        assertThat(reader.getEntity("b", "r2").getProperty("Age")).isEqualTo(42);
        assertThatThrownBy(() -> reader.deleteEntity("b", "r2")).isInstanceOfSatisfying(TableServiceException.class,
                e -> assertThat(e.getResponse().getStatusCode()).isEqualTo(403));
    }

    @Test
    void whatOneServerChangesTheOtherServesAtOnce() {
        service(first).createTable("shared");
        TableClient onSecond = service(second).getTableClient("shared");
        onSecond.createEntity(new TableEntity("p", "r").addProperty("V", 1));
        assertThat(service(first).getTableClient("shared").getEntity("p", "r").getProperty("V")).isEqualTo(1);

        service(first).deleteTable("shared");
        assertThatThrownBy(() -> onSecond.getEntity("p", "r")).isInstanceOfSatisfying(TableServiceException.class,
                e -> assertThat(e.getResponse().getStatusCode()).isEqualTo(404));
        service(second).createTable("shared");
        assertThat(service(first).getTableClient("shared").listEntities()).isEmpty();
    }

    /** Two servers, each with its own clock, upserting the same entities at once: no ETag ever repeats. */
    @Test
    void anEntityNeverGetsTheSameETagTwiceWhenTwoServersWriteIt() throws Exception {
        service(first).createTable("contended");
        List<TableClient> clients = List.of(service(first).getTableClient("contended"),
                service(second).getTableClient("contended"));
        ExecutorService writers = Executors.newFixedThreadPool(8);
        try {
            List<Future<List<String>>> etags = new ArrayList<>();
            for (int w = 0; w < 8; w++) {
                TableClient client = clients.get(w % 2);
                int writer = w;
                etags.add(writers.submit(() -> {
                    List<String> seen = new ArrayList<>();
                    for (int i = 0; i < 15; i++) {
                        TableEntity entity = new TableEntity("p", "row" + (i % 3)).addProperty("Writer", writer);
                        Response<Void> response = client.upsertEntityWithResponse(entity, null, null, null);
                        seen.add(entity.getRowKey() + " " + response.getHeaders().getValue("ETag"));
                    }
                    return seen;
                }));
            }
            Set<String> all = new HashSet<>();
            int writes = 0;
            for (Future<List<String>> future : etags) {
                for (String etag : future.get()) {
                    writes++;
                    assertThat(all.add(etag)).as("ETag given twice: %s", etag).isTrue();
                }
            }
            assertThat(writes).isEqualTo(120);
        } finally {
            writers.shutdownNow();
        }
        Map<String, Object> last = clients.get(0).getEntity("p", "row0").getProperties();
        assertThat(last).containsKey("Writer");
    }
}
