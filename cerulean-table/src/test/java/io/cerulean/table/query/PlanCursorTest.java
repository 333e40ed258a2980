package io.cerulean.table.query;

import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.storage.database.Database;
import io.cerulean.store.memory.MemoryKeyValueStore;
import io.cerulean.table.layout.TableLayout;
import io.cerulean.table.model.Entity;
import io.cerulean.table.model.PropertySource;
import io.cerulean.table.model.PropertyValue;
import io.cerulean.table.query.filter.FilterParser;
import io.cerulean.table.layout.Condition;
import io.cerulean.table.layout.EntityCursor;
import io.cerulean.table.layout.Mutation;
import io.cerulean.table.layout.StoredTable;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/** A plan's cursor reading on to matches across its ranges, counting every entity it reads. */
class PlanCursorTest {
    private final TableLayout store = TableLayout.open(Database.open(new MemoryKeyValueStore(), false));
    private final StoredTable table = store.createTable("account", "plans").orElseThrow();

    PlanCursorTest() {
        long ticks = 0;
        for (String partition : List.of("a", "b", "c", "d")) {
            for (int row = 0; row < 10; row++) {
                Entity entity = new Entity(partition, String.format("%02d", row), Instant.ofEpochSecond(++ticks),
                        Map.of("N", PropertyValue.ofInt32(row)));
                store.commit(table, partition, List.of(Mutation.put(entity, Condition.NONE)));
            }
        }
    }

    @Test
    void readsOnToEachMatchAcrossRangesWithinItsBudget() {
        // Three ranges (a, c, d): 30 entities, of which N eq 9 selects the last of each.
        QueryPlan plan = QueryPlanner.plan(Optional.of(FilterParser.parse(
                "(PartitionKey eq 'a' or PartitionKey eq 'c' or PartitionKey eq 'd') and N eq 9")));
        assertThat(plan.ranges()).hasSize(3);
        Predicate<PropertySource> selects = plan.residual().orElseThrow()::matches;
        List<String> found = new ArrayList<>();
        List<Long> readAt = new ArrayList<>();
        try (EntityCursor cursor = new PlanCursor(store, table, plan, Optional.empty())) {
            // A budget of 4 stops between matches; a stop is not the end of the plan.
            while (true) {
                long before = cursor.entitiesRead();
                boolean match = cursor.advanceTo(selects, 4);
                long read = cursor.entitiesRead() - before;
                assertThat(read).isBetween(0L, 4L);
                if (match) {
                    found.add(cursor.entity().partitionKey() + "/" + cursor.entity().rowKey());
                    readAt.add(cursor.entitiesRead());
                } else if (read < 4) {
                    break;
                }
            }
            assertThat(cursor.entitiesRead()).isEqualTo(30);
        }
        assertThat(found).containsExactly("a/09", "c/09", "d/09");
        assertThat(readAt).containsExactly(10L, 20L, 30L);
    }

    @Test
    void withoutABudgetReadsToTheEndWhenNothingMatches() {
        QueryPlan plan = QueryPlanner.plan(Optional.of(FilterParser.parse(
                "(PartitionKey eq 'b' or PartitionKey eq 'd') and N gt 100")));
        try (EntityCursor cursor = new PlanCursor(store, table, plan, Optional.empty())) {
            assertThat(cursor.advanceTo(plan.residual().orElseThrow()::matches, Long.MAX_VALUE)).isFalse();
            assertThat(cursor.entitiesRead()).isEqualTo(20);
            assertThat(cursor.advance()).isFalse();
        }
    }
}
