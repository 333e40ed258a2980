package io.cerulean.it.query;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableClientBuilder;
import com.azure.data.tables.models.ListEntitiesOptions;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionActionType;
import io.cerulean.it.ServerFixture;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * A lone query that filters a large range may read it in two halves at once. Through the SDK its
 * pages hold what a single reader would find, in order, and an entity group transaction that
 * straddles the two halves is seen whole.
 */
class SplitScanTest {
    private static final int ROWS = 12_000;
    private static final int TRACKED_EVERY = 120; // 100 rows spread over the whole partition
    private static final String PADDING = "x".repeat(400);

    private static String rowKey(int row) {
        return String.format("r%05d", row);
    }

    private static TableClient loaded(ServerFixture.RunningServer server) {
        TableClient table = new TableClientBuilder().connectionString(server.connectionString()).tableName("split")
                .buildClient();
        table.createTable();
        IntStream.range(0, ROWS / 100).parallel().forEach(batch -> {
            List<TableTransactionAction> actions = new ArrayList<>();
            for (int row = batch * 100; row < batch * 100 + 100; row++) {
                actions.add(new TableTransactionAction(TableTransactionActionType.CREATE, new TableEntity("one", rowKey(row))
                        .addProperty("Age", row % 100).addProperty("Tracked", row % TRACKED_EVERY == 0)
                        .addProperty("Version", 0).addProperty("Padding", PADDING)));
            }
            table.submitTransaction(actions);
        });
        return table;
    }

    private static List<TableEntity> query(TableClient table, String filter) {
        List<TableEntity> result = new ArrayList<>();
        table.listEntities(new ListEntitiesOptions().setFilter(filter), null, null).forEach(result::add);
        return result;
    }

    @Test
    void aLongFilteredScanReturnsEveryMatchInOrder() {
        try (ServerFixture.RunningServer server = ServerFixture.ROCKSDB.start()) {
            TableClient table = loaded(server);
            for (int age : new int[] {0, 42, 99}) {
                List<TableEntity> found = query(table, "Age eq " + age);
                assertThat(found).extracting(TableEntity::getRowKey).as("Age eq %d", age)
                        .containsExactlyElementsOf(IntStream.range(0, ROWS).filter(row -> row % 100 == age)
                                .mapToObj(SplitScanTest::rowKey).toList());
                assertThat(found).allSatisfy(e -> assertThat(e.getProperty("Padding")).isEqualTo(PADDING));
            }
        }
    }

    @Test
    void aTransactionAcrossBothHalvesIsSeenWhole() throws Exception {
        try (ServerFixture.RunningServer server = ServerFixture.ROCKSDB.start()) {
            TableClient table = loaded(server);
            AtomicBoolean reading = new AtomicBoolean(true);
            CompletableFuture<Integer> writer = CompletableFuture.supplyAsync(() -> {
                int version = 0;
                while (reading.get()) {
                    version++;
                    List<TableTransactionAction> actions = new ArrayList<>();
                    for (int row = 0; row < ROWS; row += TRACKED_EVERY) {
                        actions.add(new TableTransactionAction(TableTransactionActionType.UPDATE_MERGE,
                                new TableEntity("one", rowKey(row)).addProperty("Version", version)));
                    }
                    table.submitTransaction(actions);
                }
                return version;
            });
            try {
                for (int scan = 0; scan < 40; scan++) {
                    List<TableEntity> tracked = query(table, "Tracked eq true");
                    assertThat(tracked).hasSize(ROWS / TRACKED_EVERY);
                    assertThat(tracked).extracting(e -> e.getProperty("Version")).as("scan %d", scan).containsOnly(
                            tracked.get(0).getProperty("Version"));
                }
            } finally {
                reading.set(false);
            }
            assertThat(writer.get()).as("transactions written while scanning").isPositive();
        }
    }
}
