package io.cerulean.table.layout;

import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.store.memory.MemoryKeyValueStore;
import io.cerulean.table.model.DateTimes;
import io.cerulean.table.model.Entity;
import io.cerulean.table.model.PropertyValue;
import io.cerulean.table.store.CommitResult;
import io.cerulean.table.store.Condition;
import io.cerulean.table.store.EntityInTable;
import io.cerulean.table.store.Mutation;
import io.cerulean.table.store.StoredTable;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Two servers' table stores over one shared store: what one reads together with a table is never
 * an entity of another table that once had its name, whatever it last saw.
 */
class SharedTableStoreTest {
    private static final String ACCOUNT = "acct";
    private final MemoryKeyValueStore shared = new MemoryKeyValueStore();
    private final KeyValueTableStore a = KeyValueTableStore.open(shared);
    private final KeyValueTableStore b = KeyValueTableStore.open(shared);

    private static void put(KeyValueTableStore store, StoredTable table, String rowKey, String value) {
        Entity entity = new Entity("p", rowKey, DateTimes.fromEpochTicks(System.nanoTime()),
                Map.of("Value", PropertyValue.ofString(value)));
        assertThat(store.commit(table, "p", List.of(Mutation.put(entity, Condition.NONE)))).isEqualTo(CommitResult.APPLIED);
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
