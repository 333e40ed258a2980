package io.cerulean.it;

import static io.cerulean.it.AzureErrors.assertSdkError;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.http.rest.PagedResponse;
import com.azure.core.http.rest.Response;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.models.ListTablesOptions;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableItem;
import io.cerulean.it.support.SharedServers;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;

/** Create, delete and list tables through the Java SDK. */
class TableOperationsTest {
    private static final SharedServers SERVERS = SharedServers.perClass();

    @AfterAll
    static void stopServers() {
        SERVERS.close();
    }

    private static List<String> names(Iterable<TableItem> items) {
        List<String> names = new ArrayList<>();
        items.forEach(t -> names.add(t.getName()));
        return names;
    }

    @ParameterizedTest
    @EachStore
    void createTableSucceedsAndTheTableIsListed(ServerFixture fixture) {
        TableServiceClient service = SERVERS.service(fixture);
        String name = SharedServers.uniqueTableName("Create");
        Response<TableClient> response = service.createTableWithResponse(name, null, null);
        assertThat(response.getStatusCode()).isIn(201, 204);
        assertThat(response.getValue().getTableName()).isEqualTo(name);
        assertThat(names(service.listTables())).contains(name);
    }

    @ParameterizedTest
    @EachStore
    void createExistingTableIsRefusedWith409TableAlreadyExists(ServerFixture fixture) {
        TableServiceClient service = SERVERS.service(fixture);
        String name = SharedServers.uniqueTableName("Dup");
        service.createTable(name);
        assertSdkError(() -> service.createTable(name), 409, "TableAlreadyExists");
        assertSdkError(() -> service.createTable(name.toUpperCase()), 409, "TableAlreadyExists");
        assertSdkError(() -> service.createTable(name.toLowerCase()), 409, "TableAlreadyExists");
        assertThat(names(service.listTables()).stream().filter(n -> n.equalsIgnoreCase(name))).containsExactly(name);
    }

    @ParameterizedTest
    @EachStore
    void createTableIfNotExistsCreatesOnceAndThenLeavesTheTableAlone(ServerFixture fixture) {
        TableServiceClient service = SERVERS.service(fixture);
        String name = SharedServers.uniqueTableName("IfNot");
        assertThat(service.createTableIfNotExists(name)).isNotNull();
        service.getTableClient(name).createEntity(new TableEntity("p", "r"));
        Response<TableClient> second = service.createTableIfNotExistsWithResponse(name, null, null);
        assertThat(second.getStatusCode()).isEqualTo(409);
        assertThat(service.getTableClient(name).listEntities()).hasSize(1);
    }

    @ParameterizedTest
    @EachStore
    void deletedTableIsGoneAndItsEntitiesAreUnreachable(ServerFixture fixture) {
        TableServiceClient service = SERVERS.service(fixture);
        TableClient table = SERVERS.newTable(fixture, "Del");
        table.createEntity(new TableEntity("p", "r"));
        Response<Void> deleted = service.deleteTableWithResponse(table.getTableName(), null, null);
        assertThat(deleted.getStatusCode()).isEqualTo(204);
        assertThat(names(service.listTables())).doesNotContain(table.getTableName());
        assertSdkError(() -> table.getEntity("p", "r"), 404, "TableNotFound");
        assertSdkError(() -> table.createEntity(new TableEntity("p", "r2")), 404, "TableNotFound");
    }

    @ParameterizedTest
    @EachStore
    void deletingAMissingTableIsSwallowedBySdkAs404(ServerFixture fixture) {
        TableServiceClient service = SERVERS.service(fixture);
        Response<Void> response = service.deleteTableWithResponse(SharedServers.uniqueTableName("Never"), null, null);
        assertThat(response.getStatusCode()).isEqualTo(404);
    }

    @ParameterizedTest
    @EachStore
    void deletingATableWithManyEntitiesRemovesThemAllAndARecreatedTableIsEmpty(ServerFixture fixture) throws Exception {
        TableServiceClient service = SERVERS.service(fixture);
        TableClient table = SERVERS.newTable(fixture, "Big");
        String untouched = SharedServers.uniqueTableName("Neighbour");
        service.createTable(untouched).createEntity(new TableEntity("p", "keep"));
        ExecutorService pool = Executors.newFixedThreadPool(16);
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int i = 0; i < 5_000; i++) {
                String rk = String.format("%05d", i);
                futures.add(pool.submit(() -> table.createEntity(new TableEntity("p" + (rk.hashCode() % 5), rk)
                        .addProperty("V", rk))));
            }
            for (Future<?> f : futures) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
        service.deleteTable(table.getTableName());
        TableClient recreated = service.createTable(table.getTableName());
        assertThat(recreated.listEntities()).isEmpty();
        assertSdkError(() -> recreated.getEntity("p0", "00000"), 404, "ResourceNotFound");
        assertThat(service.getTableClient(untouched).listEntities()).hasSize(1);
    }

    @ParameterizedTest
    @EachStore
    void listTablesReturnsNamesInOrderWithoutRegardToCase(ServerFixture fixture) {
        // Table names are unique without regard to case, so they are also ordered that way (the
        // service does not document its order; case-insensitive keeps "Beta2" next to "beta").
        TableServiceClient service = SERVERS.service(fixture);
        String suffix = SharedServers.uniqueTableName("");
        for (String prefix : List.of("zeta", "Alpha", "beta", "Beta2", "alpha2")) {
            service.createTable(prefix + suffix);
        }
        List<String> all = names(service.listTables());
        assertThat(all).isSortedAccordingTo(java.util.Comparator.comparing(n -> n.toLowerCase(java.util.Locale.ROOT)));
        assertThat(all.stream().filter(n -> n.endsWith(suffix)))
                .containsExactly("alpha2" + suffix, "Alpha" + suffix, "Beta2" + suffix, "beta" + suffix, "zeta" + suffix);
    }

    @ParameterizedTest
    @EachStore
    void listTablesWithAnEqualityFilterReturnsOnlyThatTable(ServerFixture fixture) {
        TableServiceClient service = SERVERS.service(fixture);
        String name = SharedServers.uniqueTableName("Filter");
        service.createTable(name);
        service.createTable(name + "b");
        var options = new ListTablesOptions().setFilter("TableName eq '" + name + "'");
        assertThat(names(service.listTables(options, null, null))).containsExactly(name);
    }

    @ParameterizedTest
    @EachStore
    void listTablesWithARangeFilterReturnsTheRangeInOrder(ServerFixture fixture) {
        TableServiceClient service = SERVERS.service(fixture);
        String prefix = SharedServers.uniqueTableName("Rng");
        for (String s : List.of("c", "a", "d", "b")) {
            service.createTable(prefix + s);
        }
        var options = new ListTablesOptions()
                .setFilter("TableName ge '" + prefix + "b' and TableName lt '" + prefix + "d'");
        assertThat(names(service.listTables(options, null, null))).containsExactly(prefix + "b", prefix + "c");
    }

    @ParameterizedTest
    @EachStore
    void listTablesWithTopPagesThroughEveryTable(ServerFixture fixture) {
        TableServiceClient service = SERVERS.service(fixture);
        String prefix = SharedServers.uniqueTableName("Page");
        for (int i = 0; i < 7; i++) {
            service.createTable(prefix + i);
        }
        List<String> expected = names(service.listTables());
        List<Integer> pageSizes = new ArrayList<>();
        List<String> paged = new ArrayList<>();
        for (PagedResponse<TableItem> page : service.listTables(new ListTablesOptions().setTop(2), null, null)
                .iterableByPage()) {
            pageSizes.add(page.getValue().size());
            page.getValue().forEach(t -> paged.add(t.getName()));
        }
        assertThat(paged).isEqualTo(expected);
        assertThat(pageSizes).allSatisfy(size -> assertThat(size).isLessThanOrEqualTo(2));
        assertThat(pageSizes.size()).isGreaterThanOrEqualTo((expected.size() + 1) / 2);
    }

    @ParameterizedTest
    @EachStore
    void tableNamesOutsideTheRulesAreRefusedAndNotCreated(ServerFixture fixture) {
        TableServiceClient service = SERVERS.service(fixture);
        String tooLong = "a" + IntStream.range(0, 63).mapToObj(i -> "b").collect(Collectors.joining());
        assertSdkError(() -> service.createTable("ab"), 400, "OutOfRangeInput");
        assertSdkError(() -> service.createTable(tooLong), 400, "OutOfRangeInput");
        for (String bad : List.of("1abc", "ab-cd", "ab_cd", "tables", "Tables", "TABLES")) {
            assertSdkError(() -> service.createTable(bad), 400, "InvalidResourceName");
        }
        String longest = tooLong.substring(1);
        assertThat(service.createTable(longest)).isNotNull();
        assertThat(names(service.listTables())).contains(longest)
                .doesNotContain("ab", tooLong, "1abc", "ab-cd", "ab_cd", "tables", "Tables", "TABLES");
    }
}
