package io.cerulean.it.query;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.models.ListTablesOptions;
import com.azure.data.tables.models.TableItem;
import io.cerulean.it.EachStore;
import io.cerulean.it.ServerFixture;
import io.cerulean.it.support.RawResponse;
import io.cerulean.it.support.SharedServers;
import io.cerulean.it.support.SignedHttp;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.params.ParameterizedTest;

/** Query Tables (spec 3.1, 5.4): $filter on TableName, $top and NextTableName paging. */
class QueryTablesFilterTest {
    private static final SharedServers SERVERS = SharedServers.jvmWide();

    /** Creates {@code prefix + suffix} for each suffix; the prefix is new, lowercase, and no other table starts with it. */
    private static String createTables(ServerFixture fixture, List<String> suffixes) {
        String prefix = SharedServers.uniqueTableName("qt").toLowerCase(Locale.ROOT);
        TableServiceClient service = SERVERS.service(fixture);
        SharedServers.parallel(suffixes.stream().map(s -> (Runnable) () -> service.createTable(prefix + s)).toList());
        return prefix;
    }

    private static List<String> sdkNames(ServerFixture fixture, ListTablesOptions options) {
        List<String> names = new ArrayList<>();
        SERVERS.service(fixture).listTables(options, null, null).forEach(t -> names.add(t.getName()));
        return names;
    }

    private static List<String> rawNames(RawResponse response) {
        assertThat(response.status()).as("%s", response).isEqualTo(200);
        return response.values().stream().map(v -> v.path("TableName").asText()).toList();
    }

    private static String range(String prefix) {
        return "TableName ge '" + prefix + "' and TableName lt '" + prefix + "~'";
    }

    private static final List<String> SUFFIXES = List.of("a0", "a1", "a2", "a3", "a4", "b0", "b1", "b2", "b3", "b4", "c0");

    @ParameterizedTest
    @EachStore
    void tableNameFiltersSelectByName(ServerFixture fixture) {
        String p = createTables(fixture, SUFFIXES);
        SignedHttp http = SERVERS.http(fixture);

        assertThat(sdkNames(fixture, new ListTablesOptions().setFilter("TableName eq '" + p + "a3'"))).containsExactly(p + "a3");
        assertThat(rawNames(http.get("/Tables?$filter=" + SignedHttp.q("TableName eq '" + p + "a3'"),
                "Accept", SignedHttp.NO_METADATA)))
                .containsExactly(p + "a3");
        assertThat(sdkNames(fixture, new ListTablesOptions().setFilter("TableName eq '" + p + "zz'"))).isEmpty();

        assertThat(sdkNames(fixture, new ListTablesOptions().setFilter("TableName ge '" + p + "a' and TableName lt '" + p + "b'")))
                .containsExactly(p + "a0", p + "a1", p + "a2", p + "a3", p + "a4");
        assertThat(sdkNames(fixture, new ListTablesOptions().setFilter("TableName gt '" + p + "a4' and TableName le '" + p + "b1'")))
                .containsExactly(p + "b0", p + "b1");
        assertThat(sdkNames(fixture, new ListTablesOptions().setFilter(range(p)))).containsExactlyElementsOf(
                SUFFIXES.stream().map(s -> p + s).toList());
        assertThat(sdkNames(fixture, new ListTablesOptions().setFilter(
                "TableName eq '" + p + "c0' or (TableName eq '" + p + "a1') or TableName eq 'nosuchtable'")))
                .containsExactly(p + "a1", p + "c0");
        assertThat(sdkNames(fixture, new ListTablesOptions().setFilter(range(p) + " and not (TableName lt '" + p + "b3')")))
                .containsExactly(p + "b3", p + "b4", p + "c0");
        assertThat(sdkNames(fixture, new ListTablesOptions().setFilter(range(p) + " and TableName ne '" + p + "b3'")))
                .hasSize(SUFFIXES.size() - 1).doesNotContain(p + "b3");
        assertThat(sdkNames(fixture, new ListTablesOptions().setFilter("TableName eq 1 or TableName gt 5L")))
                .as("a literal of another type never matches").isEmpty();
        assertThat(sdkNames(fixture, new ListTablesOptions().setFilter("not (TableName eq 1)")))
                .as("not unknown is unknown").isEmpty();
    }

    @ParameterizedTest
    @EachStore
    void pagesFollowNextTableName(ServerFixture fixture) {
        String p = createTables(fixture, SUFFIXES);
        SignedHttp http = SERVERS.http(fixture);
        List<String> expected = SUFFIXES.stream().map(s -> p + s).toList();

        List<String> seen = new ArrayList<>();
        List<Integer> sizes = new ArrayList<>();
        String next = null;
        for (int page = 0; ; page++) {
            assertThat(page).as("runaway paging").isLessThan(20);
            RawResponse response = http.get("/Tables?$top=3&$filter=" + SignedHttp.q(range(p))
                    + (next == null ? "" : "&NextTableName=" + SignedHttp.q(next)), "Accept", SignedHttp.NO_METADATA);
            List<String> names = rawNames(response);
            sizes.add(names.size());
            seen.addAll(names);
            next = response.header("x-ms-continuation-NextTableName");
            if (next == null) {
                break;
            }
            assertThat(next).as("tokens are ASCII and URL-safe").matches("[A-Za-z0-9!*_.~-]+");
        }
        assertThat(seen).containsExactlyElementsOf(expected);
        assertThat(sizes).containsExactly(3, 3, 3, 2);

        assertThat(sdkNames(fixture, new ListTablesOptions().setFilter(range(p)).setTop(2))).containsExactlyElementsOf(expected);
        List<String> firstPage = new ArrayList<>();
        SERVERS.service(fixture).listTables(new ListTablesOptions().setFilter(range(p)).setTop(4), null, null)
                .iterableByPage().iterator().next().getValue().forEach(t -> firstPage.add(t.getName()));
        assertThat(firstPage).containsExactlyElementsOf(expected.subList(0, 4));

        // Without a filter: every table of the account once, ours among them in order.
        List<String> all = new ArrayList<>();
        next = null;
        for (int page = 0; ; page++) {
            assertThat(page).as("runaway paging").isLessThan(1000);
            RawResponse response = http.get("/Tables?$top=5" + (next == null ? "" : "&NextTableName=" + SignedHttp.q(next)),
                    "Accept", SignedHttp.NO_METADATA);
            List<String> names = rawNames(response);
            assertThat(names.size()).isLessThanOrEqualTo(5);
            all.addAll(names);
            next = response.header("x-ms-continuation-NextTableName");
            if (next == null) {
                break;
            }
        }
        assertThat(all).doesNotHaveDuplicates();
        assertThat(all.stream().filter(expected::contains).toList()).containsExactlyElementsOf(expected);
        List<String> viaSdk = new ArrayList<>();
        SERVERS.service(fixture).listTables().forEach((TableItem t) -> viaSdk.add(t.getName()));
        assertThat(viaSdk).containsAll(expected).doesNotHaveDuplicates();
    }

    @ParameterizedTest
    @EachStore
    void badTopAndBadContinuationAre400InvalidInput(ServerFixture fixture) {
        SignedHttp http = SERVERS.http(fixture);
        RawResponse tooMany = http.get("/Tables?$top=1001", "Accept", SignedHttp.NO_METADATA);
        assertThat(tooMany.status()).as("%s", tooMany).isEqualTo(400);
        assertThat(tooMany.errorCode()).isEqualTo("InvalidInput");
        assertThat(rawNames(http.get("/Tables?$top=1000", "Accept", SignedHttp.NO_METADATA)).size()).isLessThanOrEqualTo(1000);
        for (String token : List.of("1!3!YQ", "%%%", "1!", "****")) {
            RawResponse bad = http.get("/Tables?NextTableName=" + SignedHttp.q(token), "Accept", SignedHttp.NO_METADATA);
            assertThat(bad.status()).as("%s: %s", token, bad).isEqualTo(400);
            assertThat(bad.errorCode()).isEqualTo("InvalidInput");
        }
        RawResponse badFilter = http.get("/Tables?$filter=" + SignedHttp.q("TableName eq"), "Accept", SignedHttp.NO_METADATA);
        assertThat(badFilter.status()).as("%s", badFilter).isEqualTo(400);
        assertThat(badFilter.errorCode()).isEqualTo("InvalidInput");
        assertThat(badFilter.errorMessage()).contains("position 12");
    }

    /** Spec 3.1: "Ordering: by table name (ordinal) [U]", and 5.4 recommends ordinal comparison of the case-preserved name. */
    @ParameterizedTest
    @EachStore
    void tablesAreListedWithoutRegardToCaseButFilteredOrdinally(ServerFixture fixture) {
        // Names are unique without regard to case, and listed that way; TableName comparisons in a
        // filter are ordinal, as every string comparison of the service.
        String p = createTables(fixture, List.of("B1", "a1", "C1", "b2"));
        assertThat(sdkNames(fixture, new ListTablesOptions().setFilter(range(p))))
                .containsExactly(p + "a1", p + "B1", p + "b2", p + "C1");
        assertThat(sdkNames(fixture, new ListTablesOptions().setFilter("TableName ge '" + p + "a' and TableName lt '" + p + "c'")))
                .as("ordinal, case-sensitive comparison").containsExactly(p + "a1", p + "b2");
    }
}
