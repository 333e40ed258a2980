package io.cerulean.it.advisor;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.ListEntitiesOptions;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionActionType;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Each kind of finding, caused by traffic sent through the Java SDK, and traffic of the same volume
 * that holds causing none; thresholds as {@link AdvisorServer#LOW}.
 */
class DesignAdvisorKindsTest {
    private static AdvisorServer server;

    @BeforeAll
    static void start() {
        server = new AdvisorServer(AdvisorServer.LOW);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static void fill(TableClient table, String partitionKey, int from, int count) {
        for (int start = from; start < from + count; start += 100) {
            List<TableTransactionAction> actions = new ArrayList<>();
            for (int i = start; i < Math.min(start + 100, from + count); i++) {
                actions.add(new TableTransactionAction(TableTransactionActionType.CREATE,
                        new TableEntity(partitionKey, String.format("%05d", i)).addProperty("N", i)));
            }
            table.submitTransaction(actions);
        }
    }

    private static long count(TableClient table, String filter) {
        return table.listEntities(new ListEntitiesOptions().setFilter(filter), null, null).stream().count();
    }

    @Test
    void onePartitionTakingTheTrafficIsHotAndItsRowKeysByTimeAreItsAppendHotspot() {
        TableClient table = server.newTable("advhot");
        fill(table, "hot", 0, 1_500);
        assertThat(server.kinds(table.getTableName()))
                .containsExactlyInAnyOrder("hot-partition hot", "append-hotspot hot");
    }

    @Test
    void theSameTrafficOverFifteenPartitionsHolds() {
        TableClient table = server.newTable("advspread");
        for (int p = 0; p < 15; p++) {
            fill(table, "employee-" + p, 0, 100);
        }
        assertThat(server.kinds(table.getTableName())).isEmpty();
    }

    @Test
    void partitionKeysByTimeAreAnAppendHotspotAndInvertedAPrependHotspot() {
        TableClient ascending = server.newTable("advappend");
        TableClient descending = server.newTable("advprepend");
        long ticks = 638_000_000_000_000_000L;
        for (int i = 0; i < 400; i++) {
            ascending.createEntity(new TableEntity(String.format("%019d", ticks + i), "event"));
            descending.createEntity(new TableEntity(String.format("%019d", Long.MAX_VALUE - ticks - i), "event"));
        }
        assertThat(server.kinds(ascending.getTableName()))
                .containsExactly("append-hotspot " + String.format("%019d", ticks + 399));
        assertThat(server.kinds(descending.getTableName()))
                .containsExactly("prepend-hotspot " + String.format("%019d", Long.MAX_VALUE - ticks - 399));
    }

    @Test
    void theSameKeysInNoOrderHold() {
        TableClient table = server.newTable("advshuffled");
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < 400; i++) {
            order.add(i);
        }
        Collections.shuffle(order, new Random(3));
        for (int i : order) {
            table.createEntity(new TableEntity(String.format("%019d", 638_000_000_000_000_000L + i), "event"));
        }
        assertThat(server.kinds(table.getTableName())).isEmpty();
    }

    @Test
    void frequentTableScansAreReportedWithTheirFilterAndAFewAreNot() {
        TableClient scanned = server.newTable("advscan");
        TableClient rarely = server.newTable("advrare");
        for (TableClient table : List.of(scanned, rarely)) {
            for (int p = 0; p < 4; p++) {
                fill(table, "p" + p, 0, 5);
            }
        }
        for (int i = 0; i < 15; i++) {
            assertThat(count(scanned, "N gt 2")).isEqualTo(8);
        }
        for (int i = 0; i < 3; i++) {
            assertThat(count(rarely, "N gt 2")).isEqualTo(8);
        }
        assertThat(server.kinds(scanned.getTableName())).containsExactly("table-scan null");
        assertThat(server.findings()).filteredOn(f -> f.get("table").asText().equals(scanned.getTableName()))
                .singleElement().satisfies(f -> {
                    assertThat(f.get("evidence").asText()).contains("`N gt 2`");
                    assertThat(f.get("pattern").asText()).isEqualTo("Inter-partition secondary index pattern");
                });
        assertThat(server.kinds(rarely.getTableName())).isEmpty();
    }

    @Test
    void partitionScansThatFilterAreReportedAndThoseReadingTheWholePartitionAreNot() {
        TableClient filtered = server.newTable("advpscan");
        TableClient whole = server.newTable("advpwhole");
        fill(filtered, "Sales", 0, 50);
        fill(whole, "Sales", 0, 50);
        for (int i = 0; i < 15; i++) {
            assertThat(count(filtered, "PartitionKey eq 'Sales' and N eq 7")).isEqualTo(1);
            assertThat(count(whole, "PartitionKey eq 'Sales'")).isEqualTo(50);
        }
        assertThat(server.kinds(filtered.getTableName())).containsExactly("partition-scan null");
        assertThat(server.kinds(whole.getTableName())).isEmpty();
    }

    @Test
    void rangeQueriesThatReadFarMoreThanTheyReturnAreAmplified() {
        TableClient amplified = server.newTable("advamp");
        TableClient tight = server.newTable("advtight");
        fill(amplified, "a", 0, 300);
        fill(tight, "a", 0, 300);
        for (int i = 0; i < 15; i++) {
            assertThat(count(amplified, "PartitionKey eq 'a' and RowKey ge '00000' and RowKey lt '00250' and N eq 7"))
                    .isEqualTo(1);
            assertThat(count(tight, "PartitionKey eq 'a' and RowKey ge '00000' and RowKey lt '00005'")).isEqualTo(5);
        }
        assertThat(server.kinds(amplified.getTableName())).contains("read-amplification null");
        assertThat(server.kinds(tight.getTableName())).isEmpty();
    }

    @Test
    void aPartitionGrownPastTheLimitIsOversized() {
        TableClient table = server.newTable("advbig");
        fill(table, "big", 0, 2_100);
        assertThat(server.kinds(table.getTableName())).contains("oversized-partition big");
        assertThat(server.findings()).filteredOn(f -> f.get("kind").asText().equals("oversized-partition"))
                .anySatisfy(f -> assertThat(f.get("evidence").asText())
                        .contains("2,100 entities").contains("as observed since the server started"));
    }

    @Test
    void transactionsThatAllGoToOnePartitionAreItsHotspotAndSpreadOnesAreNot() {
        TableClient ledger = server.newTable("advledger");
        TableClient spread = server.newTable("advtxspread");
        for (int i = 0; i < 150; i++) {
            ledger.submitTransaction(List.of(new TableTransactionAction(TableTransactionActionType.CREATE,
                    new TableEntity("ledger", String.format("%05d", i)))));
            spread.submitTransaction(List.of(new TableTransactionAction(TableTransactionActionType.CREATE,
                    new TableEntity(String.format("account-%05d", (i * 7919) % 150), "entry"))));
        }
        assertThat(server.kinds(ledger.getTableName())).contains("transaction-hotspot ledger");
        assertThat(server.kinds(spread.getTableName())).isEmpty();
    }

    @Test
    void aDeletedTableTakesItsFindingsWithIt() {
        TableClient table = server.newTable("advgone");
        fill(table, "hot", 0, 1_500);
        assertThat(server.kinds(table.getTableName())).isNotEmpty();
        table.deleteTable();
        assertThat(server.kinds(table.getTableName())).isEmpty();
    }
}
