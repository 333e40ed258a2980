package io.cerulean.it.query;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.ListEntitiesOptions;
import com.fasterxml.jackson.databind.JsonNode;
import io.cerulean.app.Cerulean;
import io.cerulean.it.EachStore;
import io.cerulean.it.ServerFixture;
import io.cerulean.it.support.RawResponse;
import io.cerulean.it.support.SharedServers;
import io.cerulean.it.support.SignedHttp;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntPredicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * Pages cut short by the time budget rather than by $top (spec 5.3: the service may stop after 5 s, and a
 * page may be empty yet carry continuation headers): servers whose budget is zero, so every page stops
 * after the first check (every 256 entities read). Paging must stay exact, and the SDK must follow empty pages.
 */
class QueryPageBudgetTest {
    private static final int SIZE = 700;
    private static final Map<ServerFixture, ServerFixture.RunningServer> SERVERS = new EnumMap<>(ServerFixture.class);

    private static synchronized Cerulean server(ServerFixture fixture) {
        return SERVERS.computeIfAbsent(fixture, f -> f.start(builder -> builder.pageBudget(Duration.ZERO))).cerulean();
    }

    @AfterAll
    static synchronized void stopServers() {
        SERVERS.values().forEach(ServerFixture.RunningServer::close);
        SERVERS.clear();
    }

    private static boolean flagged(int i) {
        return i % 50 == 7;
    }

    private record Paged(List<String> rowKeys, List<Integer> pageSizes) {
    }

    private static Paged readAll(SignedHttp http, String table, String filter) {
        List<String> rows = new ArrayList<>();
        List<Integer> sizes = new ArrayList<>();
        String nextPk = null;
        String nextRk = null;
        for (int page = 0; page < 100; page++) {
            String path = "/" + table + "()?" + (filter == null ? "" : "$filter=" + SignedHttp.q(filter))
                    + (nextPk == null ? "" : "&NextPartitionKey=" + SignedHttp.q(nextPk) + "&NextRowKey=" + SignedHttp.q(nextRk));
            RawResponse response = http.get(path, "Accept", SignedHttp.NO_METADATA);
            assertThat(response.status()).as("%s", response).isEqualTo(200);
            List<JsonNode> values = response.values();
            sizes.add(values.size());
            values.forEach(v -> rows.add(v.path("RowKey").asText()));
            nextPk = response.header("x-ms-continuation-NextPartitionKey");
            nextRk = response.header("x-ms-continuation-NextRowKey");
            if (nextPk == null) {
                return new Paged(rows, sizes);
            }
        }
        throw new AssertionError("runaway paging for " + filter);
    }

    private static List<String> expected(IntPredicate matches) {
        List<String> rows = new ArrayList<>();
        for (int i = 0; i < SIZE; i++) {
            if (matches.test(i)) {
                rows.add(String.format("r%04d", i));
            }
        }
        return rows;
    }

    @ParameterizedTest
    @EachStore
    void pagesCutByTheBudgetResumeExactly(ServerFixture fixture) {
        Cerulean cerulean = server(fixture);
        TableClient table = SharedServers.serviceClient(cerulean.connectionString())
                .createTable(SharedServers.uniqueTableName("Budget"));
        SignedHttp http = new SignedHttp(cerulean.port());
        List<Runnable> inserts = new ArrayList<>();
        for (int i = 0; i < SIZE; i++) {
            String body = "{\"PartitionKey\":\"p\",\"RowKey\":\"" + String.format("r%04d", i) + "\",\"Flag\":" + flagged(i) + "}";
            inserts.add(() -> http.insert(table.getTableName(), body));
        }
        SharedServers.parallel(inserts);

        Paged all = readAll(http, table.getTableName(), null);
        assertThat(all.rowKeys()).containsExactlyElementsOf(expected(i -> true));
        assertThat(all.pageSizes().size()).as("pages %s were cut by the budget", all.pageSizes()).isGreaterThanOrEqualTo(3);

        Paged sparse = readAll(http, table.getTableName(), "Flag eq true");
        assertThat(sparse.rowKeys()).containsExactlyElementsOf(expected(QueryPageBudgetTest::flagged));
        assertThat(sparse.pageSizes().size()).as("pages %s", sparse.pageSizes()).isGreaterThanOrEqualTo(3);

        Paged range = readAll(http, table.getTableName(), "PartitionKey eq 'p' and RowKey ge 'r0100' and RowKey lt 'r0650'");
        assertThat(range.rowKeys()).containsExactlyElementsOf(expected(i -> i >= 100 && i < 650));

        Paged residual = readAll(http, table.getTableName(), "PartitionKey eq 'p' and RowKey ge 'r0300' and Flag eq false");
        assertThat(residual.rowKeys()).containsExactlyElementsOf(expected(i -> i >= 300 && !flagged(i)));

        List<String> viaSdk = new ArrayList<>();
        table.listEntities(new ListEntitiesOptions().setFilter("Flag eq true"), null, null)
                .forEach(e -> viaSdk.add(e.getRowKey()));
        assertThat(viaSdk).as("the SDK follows empty pages").containsExactlyElementsOf(expected(QueryPageBudgetTest::flagged));
        List<String> everything = new ArrayList<>();
        table.listEntities().forEach(e -> everything.add(e.getRowKey()));
        assertThat(everything).containsExactlyElementsOf(expected(i -> true));
    }
}
