package io.cerulean.table.advisor;

import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.table.layout.Condition;
import io.cerulean.table.layout.KeyBound;
import io.cerulean.table.layout.KeyRange;
import io.cerulean.table.layout.StoredTable;
import io.cerulean.table.model.Entity;
import io.cerulean.table.model.PropertyValue;
import io.cerulean.table.query.QueryPlan;
import io.cerulean.table.query.QueryPlan.QueryClass;
import io.cerulean.table.query.filter.ComparisonOperator;
import io.cerulean.table.query.filter.Filter;
import io.cerulean.table.txn.Operation;
import io.cerulean.table.txn.OperationKind;
import io.cerulean.table.txn.OperationResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;

class AdvisorTest {
    private static final long MS = 1_000_000L;
    private static final long SECOND = 1_000 * MS;
    private static final AdvisorSettings LOW = AdvisorSettings.DEFAULTS.withWindow(Duration.ofSeconds(10))
            .withPartitionEntitiesPerSecond(150).withEndInsertsPerSecond(50).withScansPerMinute(30)
            .withTransactionsPerSecond(10).withPartitionEntities(5_000);
    private static final Filter AGE = new Filter.Comparison("Age", ComparisonOperator.GT, PropertyValue.ofInt32(30));

    private long now;
    private final List<List<Finding>> logged = new ArrayList<>();
    private final Advisor advisor = new Advisor(LOW, () -> now, logged::add);
    private final StoredTable table = new StoredTable("account1", "events", 1);

    @Test
    void aPartitionTakingMoreThanItsTargetIsHot() {
        for (int i = 0; i < 2_000; i++) {
            insert("hour-12", "row-" + i, MS / 10);
        }
        assertThat(kinds()).contains("hot-partition hour-12");
        Finding hot = advisor.findings("account1").get(0);
        assertThat(hot.pattern()).isEqualTo("Compound key pattern");
        assertThat(hot.evidence()).contains("Partition 'hour-12' took").contains("entities/s").contains("150");
    }

    @Test
    void theHeatMapHasEveryTrackedPartitionWithItsRateAndSize() {
        for (int i = 0; i < 300; i++) {
            insert("busy", "row-" + i, MS);
        }
        insert("quiet", "row-0", MS);
        List<PartitionHeat> heat = advisor.heat("account1");
        assertThat(heat).extracting(PartitionHeat::partitionKey).containsExactly("busy", "quiet");
        assertThat(heat).allMatch(p -> p.table().equals("events"));
        PartitionHeat busy = heat.get(0);
        PartitionHeat quiet = heat.get(1);
        assertThat(busy.entities()).isEqualTo(300);
        assertThat(quiet.entities()).isEqualTo(1);
        assertThat(busy.bytes()).isGreaterThan(quiet.bytes() * 100);
        assertThat(busy.entitiesPerSecond()).isGreaterThan(quiet.entitiesPerSecond() * 100);
        assertThat(advisor.heat("account2")).isEmpty();
    }

    @Test
    void theSameTrafficSpreadOverPartitionsHolds() {
        Random random = new Random(1);
        for (int i = 0; i < 2_000; i++) {
            insert("employee-" + random.nextInt(40), "row-" + i, MS / 2);
        }
        assertThat(kinds()).isEmpty();
    }

    @Test
    void partitionKeysAboveAllSeenAreAnAppendHotspotAndBelowAPrependHotspot() {
        for (int i = 0; i < 1_000; i++) {
            insert(String.format("%019d", 638_000_000_000_000_000L + i), "event", MS);
        }
        assertThat(kinds()).containsExactly("append-hotspot " + String.format("%019d", 638_000_000_000_000_999L));
        StoredTable other = new StoredTable("account1", "inverted", 2);
        for (int i = 0; i < 1_000; i++) {
            insert(other, String.format("%019d", Long.MAX_VALUE - 638_000_000_000_000_000L - i), "event", MS);
        }
        assertThat(kinds()).contains("prepend-hotspot " + String.format("%019d",
                Long.MAX_VALUE - 638_000_000_000_000_000L - 999));
    }

    @Test
    void aBulkLoadInKeyOrderAndRandomKeysAreNoHotspot() {
        for (int user = 0; user < 30; user++) {
            List<Operation> operations = new ArrayList<>();
            for (int i = 0; i < 100; i++) {
                operations.add(insertOperation("user-" + (100 + user), "login-" + i));
            }
            transaction("user-" + (100 + user), operations, 10 * MS);
        }
        Random random = new Random(2);
        for (int i = 0; i < 1_000; i++) {
            insert(Long.toString(random.nextLong()), "event", MS);
        }
        assertThat(kinds()).isEmpty();
    }

    @Test
    void rowKeysByTimeInAHotPartitionAreItsAppendOrPrependHotspot() {
        for (int i = 0; i < 2_000; i++) {
            insert("2026112912", String.format("%019d", 1_000_000 + i), MS / 10);
        }
        assertThat(kinds()).containsExactly("hot-partition 2026112912", "append-hotspot 2026112912");
        StoredTable tail = new StoredTable("account1", "tail", 2);
        for (int i = 0; i < 2_000; i++) {
            insert(tail, "2026112912", String.format("%019d", 9_000_000 - i), MS / 10);
        }
        assertThat(kinds()).contains("prepend-hotspot 2026112912");
    }

    @Test
    void aLogTailOfFiveHundredEntriesHolds() {
        for (int i = 0; i < 500; i++) {
            insert("app", String.format("%019d", 9_000_000 - i), MS / 10);
        }
        query(new QueryPlan(QueryClass.PARTITION_SCAN, List.of(KeyRange.partition("app")), Optional.empty()),
                null, 10, 10);
        assertThat(kinds()).isEmpty();
    }

    @Test
    void frequentTableScansAreReportedWithTheirFilters() {
        for (int i = 0; i < 40; i++) {
            query(QueryPlan.tableScan(Optional.of(AGE)), "Age gt 30", 1_000, 3);
        }
        assertThat(kinds()).containsExactly("table-scan null");
        Finding scan = advisor.findings("account1").get(0);
        assertThat(scan.evidence()).contains("`Age gt 30`");
        assertThat(scan.pattern()).isEqualTo("Inter-partition secondary index pattern");
    }

    @Test
    void aFewTableScansAreNotReported() {
        for (int i = 0; i < 3; i++) {
            query(QueryPlan.tableScan(Optional.of(AGE)), "Age gt 30", 1_000, 3);
        }
        assertThat(kinds()).isEmpty();
    }

    @Test
    void partitionScansThatFilterAreReportedAndThoseThatReturnAllAreNot() {
        QueryPlan filtered = new QueryPlan(QueryClass.PARTITION_SCAN, List.of(KeyRange.partition("Sales")),
                Optional.of(AGE));
        for (int i = 0; i < 40; i++) {
            query(filtered, "PartitionKey eq 'Sales' and Age gt 30", 50, 1);
        }
        assertThat(kinds()).containsExactly("partition-scan null");
        StoredTable whole = new StoredTable("account1", "whole", 2);
        QueryPlan all = new QueryPlan(QueryClass.PARTITION_SCAN, List.of(KeyRange.partition("Sales")), Optional.empty());
        for (int i = 0; i < 40; i++) {
            advisor.queried(whole, "PartitionKey eq 'Sales'", all, 50, 50);
            now += SECOND;
        }
        assertThat(advisor.findings("account1")).extracting(Finding::table).doesNotContain("whole");
    }

    @Test
    void rangeQueriesThatReadFarMoreThanTheyReturnAreAmplified() {
        QueryPlan range = new QueryPlan(QueryClass.RANGE, List.of(new KeyRange(KeyBound.inclusive("p", "a"),
                KeyBound.exclusive("p", "z"))), Optional.of(AGE));
        for (int i = 0; i < 40; i++) {
            query(range, "PartitionKey eq 'p' and RowKey ge 'a' and RowKey lt 'z' and Age gt 30", 120, 2);
        }
        assertThat(kinds()).containsExactly("read-amplification null");
    }

    @Test
    void aPartitionGrownPastTheLimitIsOversizedUntilItsEntitiesAreDeleted() {
        for (int i = 0; i < 6_000; i++) {
            insert("big", "row-" + i, 100 * MS);
        }
        assertThat(kinds()).containsExactly("oversized-partition big");
        assertThat(advisor.findings("account1").get(0).evidence()).contains("6,000 entities")
                .contains("as observed since the server started");
        for (int i = 0; i < 2_000; i++) {
            write(new Operation(OperationKind.DELETE, "big", "row-" + i, Map.of(), Condition.MUST_EXIST), null, false,
                    100 * MS);
        }
        assertThat(kinds()).isEmpty();
    }

    @Test
    void transactionsThatAllGoToOnePartitionAreItsHotspot() {
        for (int i = 0; i < 200; i++) {
            transaction("ledger", List.of(insertOperation("ledger", "entry-" + i)), 5 * MS);
        }
        assertThat(kinds()).containsExactly("transaction-hotspot ledger");
        assertThat(advisor.findings("account1").get(0).pattern()).isEqualTo("Eventually consistent transactions pattern");
    }

    @Test
    void findingsFadeOnceTheTrafficStops() {
        for (int i = 0; i < 2_000; i++) {
            insert("hour-12", "row-" + i, MS / 10);
        }
        now += 120 * SECOND;
        assertThat(kinds()).isEmpty();
    }

    @Test
    void oneAccountsTablesNeverShowInAnothers() {
        for (int i = 0; i < 2_000; i++) {
            insert("hour-12", "row-" + i, MS / 10);
        }
        assertThat(advisor.findings("account2")).isEmpty();
        assertThat(advisor.findings("account1")).extracting(Finding::table).containsOnly("events");
    }

    @Test
    void aDeletedTableIsForgotten() {
        for (int i = 0; i < 2_000; i++) {
            insert("hour-12", "row-" + i, MS / 10);
        }
        advisor.tableDeleted("account1", "EVENTS");
        assertThat(advisor.findings("account1")).isEmpty();
        assertThat(advisor.tablesWatched()).isZero();
    }

    @Test
    void aResetAccountIsForgottenAndTheOthersKept() {
        StoredTable others = new StoredTable("account2", "events", 2);
        for (int i = 0; i < 2_000; i++) {
            insert("hour-12", "row-" + i, MS / 20);
            insert(others, "hour-12", "row-" + i, MS / 20);
        }
        assertThat(advisor.findings("account1")).isNotEmpty();

        advisor.accountReset("account1");

        assertThat(advisor.findings("account1")).isEmpty();
        assertThat(advisor.heat("account1")).isEmpty();
        assertThat(advisor.findings("account2")).extracting(Finding::table).containsOnly("events");
        assertThat(advisor.tablesWatched()).isEqualTo(1);
    }

    @Test
    void memoryStaysBoundedWithAMillionDistinctKeysAndTenThousandTables() {
        Advisor bounded = new Advisor(LOW.withTables(8), () -> now, findings -> { });
        String longTail = "x".repeat(1_000);
        for (int i = 0; i < 1_000_000; i++) {
            String key = i % 2 == 0 ? "pk-" + i : longTail + i;
            bounded.written(table, key, List.of(insertOperation(key, "r")), List.of(created(key, "r")), false);
            bounded.queried(table, "Name eq '" + i + "'", QueryPlan.tableScan(Optional.empty()), 10, 1);
            now += 1_000;
        }
        for (int i = 0; i < 10_000; i++) {
            bounded.read(new StoredTable("account1", "t" + i, 100 + i), "p", 1);
        }
        assertThat(bounded.tablesWatched()).isLessThanOrEqualTo(8);
        int perTable = AdvisorSettings.STRIPES * (2 * AdvisorSettings.PARTITIONS_PER_STRIPE
                + AdvisorSettings.FILTERS_PER_STRIPE);
        assertThat(bounded.trackedKeys()).isLessThanOrEqualTo(8 * perTable);
        assertThat(bounded.findings()).allSatisfy(finding -> {
            if (finding.partitionKey() != null) {
                assertThat(finding.partitionKey().length()).isLessThanOrEqualTo(Keys.LABEL_CHARS + 1);
            }
        });
    }

    @Test
    void theLogHearsOfATableAtMostOnceAMinute() {
        long end = now + 180 * SECOND;
        int i = 0;
        while (now < end) {
            insert("hour-12", "row-" + i++, 2 * MS);
        }
        assertThat(logged).hasSizeBetween(3, 4);
        assertThat(logged.get(0)).extracting(Finding::kind).contains(FindingKind.HOT_PARTITION);
    }

    @Test
    void whenOffNothingIsWatched() {
        Advisor off = Advisor.off();
        off.written(table, "p", List.of(insertOperation("p", "r")), List.of(created("p", "r")), false);
        assertThat(off.tablesWatched()).isZero();
        assertThat(off.findings("account1")).isEmpty();
    }

    private List<String> kinds() {
        List<String> kinds = new ArrayList<>();
        for (Finding finding : advisor.findings("account1")) {
            kinds.add(finding.kind().wireName() + " " + finding.partitionKey());
        }
        return kinds;
    }

    private void insert(String partitionKey, String rowKey, long step) {
        insert(table, partitionKey, rowKey, step);
    }

    private void insert(StoredTable into, String partitionKey, String rowKey, long step) {
        advisor.written(into, partitionKey, List.of(insertOperation(partitionKey, rowKey)),
                List.of(created(partitionKey, rowKey)), false);
        now += step;
    }

    private void transaction(String partitionKey, List<Operation> operations, long step) {
        List<OperationResult> results = new ArrayList<>();
        for (Operation operation : operations) {
            results.add(created(operation.partitionKey(), operation.rowKey()));
        }
        advisor.written(table, partitionKey, operations, results, true);
        now += step;
    }

    private void write(Operation operation, Entity stored, boolean created, long step) {
        advisor.written(table, operation.partitionKey(), List.of(operation),
                List.of(new OperationResult(stored, created)), false);
        now += step;
    }

    private void query(QueryPlan plan, String filter, long read, int returned) {
        advisor.queried(table, filter, plan, read, returned);
        now += SECOND;
    }

    private static Operation insertOperation(String partitionKey, String rowKey) {
        return new Operation(OperationKind.INSERT, partitionKey, rowKey, Map.of(), Condition.NONE);
    }

    private static OperationResult created(String partitionKey, String rowKey) {
        return new OperationResult(Entity.unstamped(partitionKey, rowKey, Map.of()), true);
    }
}
