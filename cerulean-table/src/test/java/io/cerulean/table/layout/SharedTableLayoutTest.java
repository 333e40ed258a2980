package io.cerulean.table.layout;

import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.storage.database.Database;
import io.cerulean.store.memory.MemoryKeyValueStore;
import io.cerulean.table.model.DateTimes;
import io.cerulean.table.model.Entity;
import io.cerulean.table.model.PropertyValue;
import io.cerulean.storage.CommitOutcome;
import io.cerulean.storage.ForwardingKeyValueStore;
import io.cerulean.storage.KeyValueStore;
import io.cerulean.storage.RecordCursor;
import io.cerulean.storage.RecordMutation;
import io.cerulean.storage.RecordRange;
import io.cerulean.storage.Space;
import io.cerulean.storage.StoredValue;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Table stores over a store other servers share: what one reads together with a table is never an
 * entity of another table that once had its name, whatever it last saw; and a transaction's reads
 * go out together.
 */
class SharedTableLayoutTest {
    private static final String ACCOUNT = "acct";
    private final MemoryKeyValueStore shared = new MemoryKeyValueStore();
    private final TableLayout a = TableLayout.open(Database.open(shared, false));
    private final TableLayout b = TableLayout.open(Database.open(shared, false));

    private static void put(TableLayout store, StoredTable table, String rowKey, String value) {
        Entity entity = new Entity("p", rowKey, DateTimes.fromEpochTicks(System.nanoTime()),
                Map.of("Value", PropertyValue.ofString(value)));
        assertThat(store.commit(table, "p", List.of(Mutation.put(entity, Condition.NONE)))).isEqualTo(CommitResult.APPLIED);
    }

    /**
     * A store that answers reads only once {@code together} of them are waiting: a table store that
     * waited for each read before sending the next would never get an answer.
     */
    private static final class AnswersInGroups extends ForwardingKeyValueStore {
        private final int together;
        private final List<Runnable> waiting = new ArrayList<>();

        AnswersInGroups(KeyValueStore store, int together) {
            super(store);
            this.together = together;
        }

        @Override
        public synchronized CompletableFuture<Optional<StoredValue>> getAsync(Space space, byte[] partition, byte[] row) {
            CompletableFuture<Optional<StoredValue>> answer = new CompletableFuture<>();
            waiting.add(() -> answer.complete(store.get(space, partition, row)));
            if (waiting.size() == together) {
                waiting.forEach(Runnable::run);
                waiting.clear();
            }
            return answer.orTimeout(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void aTransactionsReadsAreAllSentBeforeAnyIsWaitedFor() {
        StoredTable table = a.createTable(ACCOUNT, "Batch").orElseThrow();
        put(a, table, "r1", "one");
        put(a, table, "r3", "three");
        TableLayout grouped = TableLayout.open(Database.open(new AnswersInGroups(shared, 3), false));
        List<Optional<StoredEntity>> read = grouped.readAll(table, "p", List.of("r1", "r2", "r3"));
        assertThat(read).extracting(e -> e.map(s -> s.entity().properties().get("Value")))
                .containsExactly(Optional.of(PropertyValue.ofString("one")), Optional.empty(),
                        Optional.of(PropertyValue.ofString("three")));
    }

    @Test
    void anEntityReadBesideTheCatalogueIsOfTheTableTheCatalogueNamesNow() {
        StoredTable first = a.createTable(ACCOUNT, "Recycled").orElseThrow();
        put(a, first, "r", "old");
        assertThat(b.tableAndEntity(ACCOUNT, "recycled", "p", "r").orElseThrow().entity()).isPresent();

        assertThat(a.deleteTable(ACCOUNT, "recycled")).isTrue();
        assertThat(b.tableAndEntity(ACCOUNT, "recycled", "p", "r")).as("deleted on the other server").isEmpty();

        StoredTable second = a.createTable(ACCOUNT, "Recycled").orElseThrow();
        assertThat(b.tableAndEntity(ACCOUNT, "recycled", "p", "r"))
                .contains(new EntityInTable(second, Optional.empty()));

        // b last saw the second table; a third replaces it, with an entity at the same keys.
        assertThat(a.deleteTable(ACCOUNT, "recycled")).isTrue();
        StoredTable third = a.createTable(ACCOUNT, "Recycled").orElseThrow();
        put(a, third, "r", "new");
        EntityInTable read = b.tableAndEntity(ACCOUNT, "recycled", "p", "r").orElseThrow();
        assertThat(read.table()).isEqualTo(third);
        assertThat(read.entity().orElseThrow().properties()).containsEntry("Value", PropertyValue.ofString("new"));
        assertThat(b.tableAndEntity(ACCOUNT, "recycled", "p", "r").orElseThrow().entity().orElseThrow().properties())
                .as("read under the guess once it is right").containsEntry("Value", PropertyValue.ofString("new"));
    }
}
