package io.cerulean.it.tools;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.TableServiceClientBuilder;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionActionType;
import com.azure.data.tables.sas.TableSasPermission;
import com.azure.data.tables.sas.TableSasSignatureValues;
import io.cerulean.it.ServerFixture;
import io.cerulean.it.ServerFixture.RunningServer;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class CopyTablesTest {
    private static RunningServer source;
    private static RunningServer destination;

    @BeforeAll
    static void start() {
        source = ServerFixture.IN_MEMORY.start();
        destination = ServerFixture.IN_MEMORY.start();
    }

    @AfterAll
    static void stop() {
        source.close();
        destination.close();
    }

    @Test
    void aTableOfSeveralPartitionsAndPagesArrivesWithEveryEdmType() {
        TableClient from = tables(source).createTable("orders");
        fill(from, 5, 520);

        CopyCli.Result copy = CopyCli.run(source.connectionString(), destination.connectionString(), "--table", "orders");

        assertThat(copy.exit()).as(copy.both()).isZero();
        assertThat(copy.err()).contains("1 table(s), 2600 entities");
        TableAssertions.sameEntities(from, tables(destination).getTableClient("orders"));
    }

    @Test
    void aReadOnlyTableSasUrlNamesTheTableAndItsService() {
        TableClient from = tables(source).createTable("readonly");
        fill(from, 2, 30);
        String sas = from.generateSas(new TableSasSignatureValues(OffsetDateTime.now().plusHours(1),
                TableSasPermission.parse("r")));

        // The table's URL names it, and so does its SAS (tn=): either is enough; here the service's URL and the SAS.
        String serviceUrl = source.cerulean().endpoint("devstoreaccount1").replaceAll("/+$", "");
        CopyCli.Result copy = CopyCli.run(serviceUrl + "?" + sas, destination.connectionString(), "--quiet");

        assertThat(copy.exit()).as(copy.both()).isZero();
        assertThat(copy.both()).doesNotContain(sas);
        TableAssertions.sameEntities(from, tables(destination).getTableClient("readonly"));
    }

    @Test
    void insertModeRefusesAndNamesTheEntitiesTheDestinationHasAlready() {
        TableClient from = tables(source).createTable("people");
        fill(from, 2, 10);
        TableClient to = tables(destination).createTable("people");
        to.createEntity(new TableEntity("p1", "r0003").addProperty("Name", "kept"));

        CopyCli.Result copy = CopyCli.run(source.connectionString(), destination.connectionString(), "--table", "people",
                "--mode", "insert", "--quiet");

        assertThat(copy.exit()).as(copy.both()).isEqualTo(1);
        assertThat(copy.err()).contains("table people: entity ('p1', 'r0003'): 409 EntityAlreadyExists");
        assertThat(to.getEntity("p1", "r0003").getProperty("Name")).isEqualTo("kept");
        assertThat(to.listEntities()).hasSize(20);
    }

    @Test
    void replaceModeIsTheDefaultAndAnEntityThereIsReplacedWhole() {
        TableClient from = tables(source).createTable("stock");
        from.createEntity(new TableEntity("a", "1").addProperty("Count", 5));
        TableClient to = tables(destination).createTable("stock");
        to.createEntity(new TableEntity("a", "1").addProperty("Old", "gone"));

        CopyCli.Result copy = CopyCli.run(source.connectionString(), destination.connectionString(), "--table", "stock", "--quiet");

        assertThat(copy.exit()).as(copy.both()).isZero();
        assertThat(to.getEntity("a", "1").getProperties()).containsEntry("Count", 5).doesNotContainKey("Old");
    }

    /** {@code partitions} partitions of {@code rows} rows, each with a property of every EDM type. */
    static void fill(TableClient table, int partitions, int rows) {
        for (int p = 0; p < partitions; p++) {
            List<TableTransactionAction> batch = new ArrayList<>();
            for (int r = 0; r < rows; r++) {
                TableEntity entity = new TableEntity("p" + p, String.format("r%04d", r))
                        .addProperty("Text", "row " + r + " \u00e9\u4e2d \"quoted\"")
                        .addProperty("Int32", r - 7)
                        .addProperty("Int64", 9_007_199_254_740_993L + r)
                        .addProperty("Double", r + 0.5)
                        .addProperty("Whole", 3.0)
                        .addProperty("Flag", r % 2 == 0)
                        .addProperty("When", OffsetDateTime.of(2024, 2, 29, 12, 30, 15, 123_456_700, ZoneOffset.UTC).plusDays(r))
                        .addProperty("Id", UUID.nameUUIDFromBytes(("id" + r).getBytes(java.nio.charset.StandardCharsets.UTF_8)))
                        .addProperty("Bytes", new byte[] {(byte) r, 0, (byte) 0xFF});
                batch.add(new TableTransactionAction(TableTransactionActionType.CREATE, entity));
                if (batch.size() == 100) {
                    table.submitTransaction(batch);
                    batch = new ArrayList<>();
                }
            }
            if (!batch.isEmpty()) {
                table.submitTransaction(batch);
            }
        }
    }

    static TableServiceClient tables(RunningServer server) {
        return new TableServiceClientBuilder().connectionString(server.connectionString()).buildClient();
    }
}
