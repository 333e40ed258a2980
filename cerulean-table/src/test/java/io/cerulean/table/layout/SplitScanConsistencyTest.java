package io.cerulean.table.layout;

import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.storage.database.Database;
import io.cerulean.storage.state.Lease;
import io.cerulean.store.memory.MemoryKeyValueStore;
import io.cerulean.table.model.Entity;
import io.cerulean.table.model.EntityView;
import io.cerulean.table.model.PropertyValue;
import io.cerulean.table.query.EntityQuery;
import io.cerulean.table.query.PageSink;
import io.cerulean.table.query.filter.FilterParser;
import io.cerulean.table.service.TableService;
import io.cerulean.table.time.HybridClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A page read from the in-memory store sees an entity group transaction committed while it is read
 * whole, whether or not the service has a scan helper: this store does not split scans.
 */
class SplitScanConsistencyTest {
    private static Entity row(int i, int version) {
        String rk = String.format("r%05d", i);
        return Entity.unstamped("p", rk, Map.of("Tracked", PropertyValue.ofBoolean(i % 1000 == 0),
                "Version", PropertyValue.ofInt32(version))).withTimestamp(Instant.EPOCH.plusSeconds(version));
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void aTransactionCommittedDuringAPageIsSeenWhole(boolean withHelper) {
        ExecutorService helper = Executors.newSingleThreadExecutor();
        try (TableLayout store = TableLayout.open(Database.open(new MemoryKeyValueStore(), false))) {
            StoredTable table = store.createTable("a", "t").orElseThrow();
            for (int from = 0; from < 8_000; from += 100) {
                List<Mutation> batch = new ArrayList<>();
                for (int i = from; i < from + 100; i++) {
                    batch.add(Mutation.put(row(i, 0), Condition.NONE));
                }
                assertThat(store.commit(table, "p", batch)).isEqualTo(CommitResult.APPLIED);
            }
            TableService service = new TableService(store, HybridClock.system(Lease.none()),
                    Duration.ofSeconds(30), withHelper ? helper : null);
            List<Integer> versions = new ArrayList<>();
            boolean[] committed = {false};
            PageSink sink = new PageSink() {
                @Override
                public void add(EntityView entity) {
                    versions.add(entity.toEntity().property("Version").asInt32());
                    if (!committed[0]) { // one transaction over rows 1000 and 6000, while the page is read
                        committed[0] = true;
                        assertThat(store.commit(table, "p", List.of(Mutation.put(row(1000, 1), Condition.NONE),
                                Mutation.put(row(6000, 1), Condition.NONE)))).isEqualTo(CommitResult.APPLIED);
                    }
                }
            };
            service.queryEntities(table, new EntityQuery(Optional.of(FilterParser.parse("Tracked eq true")), 1000,
                    Optional.empty()), sink);
            assertThat(versions).hasSize(8);
            assertThat(versions).as("versions seen, rows 0, 1000, ..., 7000").containsOnly(versions.get(1));
        } finally {
            helper.shutdown();
        }
    }
}
