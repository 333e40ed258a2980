package io.cerulean.it;

import static io.cerulean.it.AzureErrors.assertRawError;
import static io.cerulean.it.support.SignedHttp.q;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import io.cerulean.it.support.RawResponse;
import io.cerulean.it.support.SharedServers;
import io.cerulean.it.support.SignedHttp;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;

/** Query Entities continuation on the wire: x-ms-continuation-Next* headers and exact resumption. */
class QueryPagingRawTest {
    private static final SharedServers SERVERS = SharedServers.perClass();
    private static final List<String> PARTITIONS = List.of("a", "B", "c\uD83D\uDE00");

    @AfterAll
    static void stopServers() {
        SERVERS.close();
    }

    /** A new table with 200 entities in each of 3 partitions; returns the name and fills {@code keys}. */
    private static String filledTable(ServerFixture fixture, TreeSet<String> keys) throws Exception {
        TableClient table = SERVERS.newTable(fixture, "Paging");
        ExecutorService pool = Executors.newFixedThreadPool(16);
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (String pk : PARTITIONS) {
                for (int i = 0; i < 200; i++) {
                    String rk = String.format("r%03d", i * 2);
                    keys.add(pk + "|" + rk);
                    futures.add(pool.submit(() -> table.createEntity(new TableEntity(pk, rk))));
                }
            }
            for (Future<?> f : futures) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
        return table.getTableName();
    }

    /** Reads every page of {@code $top=100}; {@code betweenPages} gets the keys read so far after each continued page. */
    private static List<String> readAllPages(SignedHttp http, String table, String query,
                                             Consumer<List<String>> betweenPages) {
        List<String> seen = new ArrayList<>();
        String nextPk = null;
        String nextRk = null;
        for (int page = 0; ; page++) {
            assertThat(page).as("runaway paging").isLessThan(100);
            String path = "/" + table + "()?$top=100" + query
                    + (nextPk == null ? "" : "&NextPartitionKey=" + q(nextPk))
                    + (nextRk == null ? "" : "&NextRowKey=" + q(nextRk));
            RawResponse response = http.get(path, "Accept", SignedHttp.NO_METADATA);
            assertThat(response.status()).as("%s", response).isEqualTo(200);
            assertThat(response.json().path("value").size()).isLessThanOrEqualTo(100);
            response.json().path("value").forEach(e -> seen.add(e.path("PartitionKey").asText() + "|"
                    + e.path("RowKey").asText()));
            nextPk = response.header("x-ms-continuation-NextPartitionKey");
            nextRk = response.header("x-ms-continuation-NextRowKey");
            if (nextPk == null) {
                assertThat(nextRk).isNull();
                return seen;
            }
            assertThat(nextPk).as("tokens are ASCII and URL-safe").matches("[A-Za-z0-9!*_.~-]+");
            if (nextRk != null) {
                assertThat(nextRk).as("tokens are ASCII and URL-safe").matches("[A-Za-z0-9!*_.~-]+");
            }
            betweenPages.accept(seen);
        }
    }

    @ParameterizedTest
    @EachStore
    void pagesOfTop100CoverTheTableInOrderWithoutGapsOrDuplicates(ServerFixture fixture) throws Exception {
        TreeSet<String> keys = new TreeSet<>();
        String table = filledTable(fixture, keys);
        List<Integer> continuations = new ArrayList<>();
        List<String> seen = readAllPages(SERVERS.http(fixture), table, "", soFar -> continuations.add(soFar.size()));
        assertThat(seen).containsExactlyElementsOf(keys);
        assertThat(continuations).hasSizeGreaterThanOrEqualTo(5);
    }

    @ParameterizedTest
    @EachStore
    void resumptionIsExactWhenEntitiesAreInsertedAndDeletedBetweenPages(ServerFixture fixture) throws Exception {
        TreeSet<String> keys = new TreeSet<>();
        String table = filledTable(fixture, keys);
        TableClient client = SERVERS.service(fixture).getTableClient(table);
        List<String> insertedBehind = new ArrayList<>();
        List<String> seen = readAllPages(SERVERS.http(fixture), table, "", soFar -> {
            String last = soFar.get(soFar.size() - 1);
            String next = keys.higher(last); // where the continuation points: deleted, must not appear
            if (next != null) {
                String pk = next.substring(0, next.indexOf('|'));
                String rk = next.substring(next.indexOf('|') + 1);
                client.deleteEntity(pk, rk);
                keys.remove(next);
                client.createEntity(new TableEntity(pk, rk + "a")); // after the continuation point: must appear
                keys.add(pk + "|" + rk + "a");
                String further = keys.higher(pk + "|" + rk + "a");
                if (further != null) { // further ahead: deleted, must not appear
                    client.deleteEntity(further.substring(0, further.indexOf('|')),
                            further.substring(further.indexOf('|') + 1));
                    keys.remove(further);
                }
            }
            String behind = "r000a" + soFar.size(); // in the first partition, long passed: must not appear
            client.createEntity(new TableEntity("B", behind));
            insertedBehind.add("B|" + behind);
        });
        assertThat(insertedBehind).hasSizeGreaterThanOrEqualTo(5);
        assertThat(seen).doesNotHaveDuplicates().doesNotContainAnyElementsOf(insertedBehind);
        assertThat(seen).containsExactlyElementsOf(keys);
    }

    @ParameterizedTest
    @EachStore
    void resumingWithOnlyNextPartitionKeyStartsAtThatPartition(ServerFixture fixture) throws Exception {
        TreeSet<String> keys = new TreeSet<>();
        String table = filledTable(fixture, keys);
        SignedHttp http = SERVERS.http(fixture);
        RawResponse first = http.get("/" + table + "()?$top=250", "Accept", SignedHttp.NO_METADATA);
        String nextPk = first.header("x-ms-continuation-NextPartitionKey");
        assertThat(nextPk).isNotNull();
        RawResponse resumed = http.get("/" + table + "()?$top=3&NextPartitionKey=" + q(nextPk), "Accept",
                SignedHttp.NO_METADATA);
        assertThat(resumed.status()).as("%s", resumed).isEqualTo(200);
        List<String> rows = new ArrayList<>();
        resumed.json().path("value").forEach(e -> rows.add(e.path("PartitionKey").asText() + "|"
                + e.path("RowKey").asText()));
        assertThat(rows).containsExactly("a|r000", "a|r002", "a|r004");
    }

    @ParameterizedTest
    @EachStore
    void pagingWithAFilterReturnsOnlyMatchesAcrossPages(ServerFixture fixture) throws Exception {
        TreeSet<String> keys = new TreeSet<>();
        String table = filledTable(fixture, keys);
        String filter = "&$filter=" + q("RowKey ge 'r100' and PartitionKey ne 'B'");
        List<String> seen = readAllPages(SERVERS.http(fixture), table, filter, soFar -> { });
        assertThat(seen).containsExactlyElementsOf(keys.stream()
                .filter(k -> !k.startsWith("B|") && k.substring(k.indexOf('|') + 1).compareTo("r100") >= 0).toList());
    }

    @ParameterizedTest
    @EachStore
    void malformedFilterOnTheWireIs400InvalidInput(ServerFixture fixture) {
        String table = SERVERS.newTable(fixture, "BadFilter").getTableName();
        SignedHttp http = SERVERS.http(fixture);
        for (String filter : List.of("PartitionKey eq", "RowKey gt 'x' or", "Foo eq datetime'nope'",
                "G eq guid'123'", "not", "PartitionKey eq 'a' and and RowKey eq 'b'")) {
            assertRawError(http.get("/" + table + "()?$filter=" + q(filter)), 400, "InvalidInput");
        }
    }
}
