package io.cerulean.it;

import static io.cerulean.it.AzureErrors.assertSdkError;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.http.rest.PagedResponse;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.ListEntitiesOptions;
import com.azure.data.tables.models.TableEntity;
import io.cerulean.it.support.RawResponse;
import io.cerulean.it.support.SharedServers;
import io.cerulean.it.support.SignedHttp;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * Query Entities through the SDK over one table of 2,500 entities in 3 partitions (filled once per
 * store): order, filters, $top paging and $select.
 */
class QueryEntitiesTest {
    private static final SharedServers SERVERS = SharedServers.perClass();
    private static final Map<ServerFixture, TableClient> TABLES = new EnumMap<>(ServerFixture.class);
    /** Keys whose UTF-16 order is not the naive one; every partition gets them. */
    static final List<String> TRICKY_ROW_KEYS = List.of("a", "aa", "b", "B", "Z", "_", "~", "é", "z", "10", "9",
            "\uFFFD", "\uD83D\uDE00", "\uE000", "ab ", "ab");
    static final List<String> PARTITIONS = List.of("P1", "p0", "P10");
    static final int PER_PARTITION = 2_500 / 3;

    @AfterAll
    static void stopServers() {
        SERVERS.close();
    }

    /** The shared table, filled on first use: PER_PARTITION entities per partition plus the tricky keys. */
    static synchronized TableClient table(SharedServers servers, Map<ServerFixture, TableClient> cache,
                                          ServerFixture fixture) throws Exception {
        TableClient existing = cache.get(fixture);
        if (existing != null) {
            return existing;
        }
        TableClient table = servers.newTable(fixture, "Query");
        ExecutorService pool = Executors.newFixedThreadPool(16);
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (String pk : PARTITIONS) {
                for (int i = 0; i < PER_PARTITION; i++) {
                    int n = i;
                    futures.add(pool.submit(() -> table.createEntity(new TableEntity(pk, String.format("r%04d", n))
                            .addProperty("N", n).addProperty("Even", n % 2 == 0).addProperty("Pk", pk))));
                }
                for (String rk : TRICKY_ROW_KEYS) {
                    futures.add(pool.submit(() -> table.createEntity(new TableEntity(pk, rk).addProperty("N", -1)
                            .addProperty("Pk", pk))));
                }
            }
            for (Future<?> f : futures) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
        cache.put(fixture, table);
        return table;
    }

    static List<String> expectedKeys() {
        List<String> keys = new ArrayList<>();
        List<String> partitions = new ArrayList<>(PARTITIONS);
        partitions.sort(Comparator.naturalOrder());
        for (String pk : partitions) {
            List<String> rows = new ArrayList<>(TRICKY_ROW_KEYS);
            for (int i = 0; i < PER_PARTITION; i++) {
                rows.add(String.format("r%04d", i));
            }
            rows.sort(Comparator.naturalOrder());
            rows.forEach(rk -> keys.add(pk + "|" + rk));
        }
        return keys;
    }

    private static List<String> keys(Iterable<TableEntity> entities) {
        List<String> keys = new ArrayList<>();
        entities.forEach(e -> keys.add(e.getPartitionKey() + "|" + e.getRowKey()));
        return keys;
    }

    @ParameterizedTest
    @EachStore
    void listEntitiesReturnsEverythingInOrdinalKeyOrder(ServerFixture fixture) throws Exception {
        TableClient table = table(SERVERS, TABLES, fixture);
        List<String> expected = expectedKeys();
        assertThat(expected).hasSizeGreaterThan(2_500);
        assertThat(keys(table.listEntities())).containsExactlyElementsOf(expected);
    }

    @ParameterizedTest
    @EachStore
    void aPageHoldsAtMost1000EntitiesAndSaysWhereToContinue(ServerFixture fixture) throws Exception {
        TableClient table = table(SERVERS, TABLES, fixture);
        RawResponse page = SERVERS.http(fixture).get("/" + table.getTableName() + "()", "Accept",
                SignedHttp.NO_METADATA);
        assertThat(page.json().path("value").size()).isBetween(1, 1000);
        assertThat(page.header("x-ms-continuation-NextPartitionKey")).isNotNull();
    }

    @ParameterizedTest
    @EachStore
    void filterOnPartitionKeyReturnsOnlyThatPartitionInOrder(ServerFixture fixture) throws Exception {
        TableClient table = table(SERVERS, TABLES, fixture);
        var options = new ListEntitiesOptions().setFilter("PartitionKey eq 'P10'");
        assertThat(keys(table.listEntities(options, null, null)))
                .containsExactlyElementsOf(expectedKeys().stream().filter(k -> k.startsWith("P10|")).toList());
    }

    @ParameterizedTest
    @EachStore
    void filterOnCustomPropertiesCombinesWithKeys(ServerFixture fixture) throws Exception {
        TableClient table = table(SERVERS, TABLES, fixture);
        var options = new ListEntitiesOptions()
                .setFilter("PartitionKey eq 'p0' and N ge 10 and N lt 20 and Even eq true");
        assertThat(table.listEntities(options, null, null)).extracting(e -> e.getProperty("N"))
                .containsExactly(10, 12, 14, 16, 18);
        var byString = new ListEntitiesOptions().setFilter("Pk eq 'P1' and RowKey gt 'r0830'");
        assertThat(keys(table.listEntities(byString, null, null))).containsExactly("P1|r0831", "P1|r0832", "P1|z",
                "P1|~", "P1|é", "P1|\uD83D\uDE00", "P1|\uE000", "P1|\uFFFD");
    }

    @ParameterizedTest
    @EachStore
    void topLimitsPageSizeWhileTheSdkFollowsContinuations(ServerFixture fixture) throws Exception {
        TableClient table = table(SERVERS, TABLES, fixture);
        var options = new ListEntitiesOptions().setTop(97).setFilter("PartitionKey ge 'P1'");
        List<String> seen = new ArrayList<>();
        int pages = 0;
        for (PagedResponse<TableEntity> page : table.listEntities(options, null, null).iterableByPage()) {
            assertThat(page.getValue().size()).isLessThanOrEqualTo(97);
            page.getValue().forEach(e -> seen.add(e.getPartitionKey() + "|" + e.getRowKey()));
            pages++;
        }
        List<String> expected = expectedKeys().stream().filter(k -> k.compareTo("P1") >= 0).toList();
        assertThat(seen).containsExactlyElementsOf(expected);
        assertThat(pages).isGreaterThanOrEqualTo(expected.size() / 97);
    }

    @ParameterizedTest
    @EachStore
    void selectReturnsOnlyTheNamedProperties(ServerFixture fixture) throws Exception {
        TableClient table = table(SERVERS, TABLES, fixture);
        TableEntity got = table.getEntityWithResponse("p0", "r0007", List.of("N", "Even"), null, null).getValue();
        assertThat(TestEntities.custom(got)).containsOnlyKeys("N", "Even");
        assertThat(got.getProperties()).containsEntry("N", 7).doesNotContainKeys("Pk", "PartitionKey", "RowKey");
        var options = new ListEntitiesOptions().setFilter("PartitionKey eq 'P1' and RowKey lt 'r0003'")
                .setSelect(List.of("RowKey", "Pk"));
        List<TableEntity> listed = new ArrayList<>();
        table.listEntities(options, null, null).forEach(listed::add);
        assertThat(listed).extracting(TableEntity::getRowKey).containsExactlyElementsOf(expectedKeys().stream()
                .filter(k -> k.startsWith("P1|") && k.compareTo("P1|r0003") < 0).map(k -> k.substring(3)).toList());
        assertThat(listed).allSatisfy(e -> {
            assertThat(TestEntities.custom(e)).containsOnlyKeys("Pk");
            assertThat(e.getProperties()).doesNotContainKeys("N", "Even", "PartitionKey");
        });
    }

    @ParameterizedTest
    @EachStore
    void malformedFilterIs400InvalidInput(ServerFixture fixture) throws Exception {
        TableClient table = table(SERVERS, TABLES, fixture);
        for (String filter : List.of("PartitionKey eq", "PartitionKey eq 'unterminated", "N eq 1 and", "(N eq 1",
                "N eq 1)", "N equals 1", "'a' 'b'")) {
            var options = new ListEntitiesOptions().setFilter(filter);
            assertSdkError(() -> table.listEntities(options, null, null).forEach(e -> { }), 400, "InvalidInput");
        }
    }
}
