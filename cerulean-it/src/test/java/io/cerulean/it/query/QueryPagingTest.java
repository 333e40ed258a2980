package io.cerulean.it.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.azure.core.exception.HttpResponseException;
import com.azure.core.http.HttpHeaderName;
import com.azure.core.http.rest.PagedResponse;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.ListEntitiesOptions;
import com.azure.data.tables.models.TableEntity;
import com.fasterxml.jackson.databind.JsonNode;
import io.cerulean.it.EachStore;
import io.cerulean.it.ServerFixture;
import io.cerulean.it.support.RawResponse;
import io.cerulean.it.support.SharedServers;
import io.cerulean.it.support.SignedHttp;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Predicate;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * Query Entities pages: the $top limits, SDK iteration over thousands of entities, exact resumption
 * while the table changes between pages, NextPartitionKey without NextRowKey, and the 400s for bad
 * continuation tokens and bad filters.
 */
class QueryPagingTest {
    private static final SharedServers SERVERS = SharedServers.jvmWide();
    private static final int BIG = 5000;
    private static final Map<ServerFixture, String> BIG_TABLES = new EnumMap<>(ServerFixture.class);

    /** A table of 5000 entities in 7 partitions (created once per server); returns its name. */
    private static synchronized String bigTable(ServerFixture fixture) {
        return BIG_TABLES.computeIfAbsent(fixture, f -> {
            String name = SERVERS.newTable(f, "Big").getTableName();
            SignedHttp http = SERVERS.http(f);
            List<Runnable> inserts = new ArrayList<>();
            for (int i = 0; i < BIG; i++) {
                String body = "{\"PartitionKey\":\"p" + (i % 7) + "\",\"RowKey\":\"" + String.format("r%05d", i)
                        + "\",\"N\":" + i + "}";
                inserts.add(() -> http.insert(name, body));
            }
            SharedServers.parallel(inserts);
            return name;
        });
    }

    private static List<String> bigKeys() {
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < BIG; i++) {
            keys.add("p" + (i % 7) + "|" + String.format("r%05d", i));
        }
        keys.sort(null);
        return keys;
    }

    private static String key(JsonNode entity) {
        return entity.path("PartitionKey").asText() + "|" + entity.path("RowKey").asText();
    }

    private static void assertInvalidInput(RawResponse response) {
        assertThat(response.status()).as("%s", response).isEqualTo(400);
        assertThat(response.errorCode()).as("%s", response).isEqualTo("InvalidInput");
    }

    // ---------------------------------------------------------------- $top

    @ParameterizedTest
    @EachStore
    void topIsAPageSizeOfAtMost1000(ServerFixture fixture) {
        String table = bigTable(fixture);
        SignedHttp http = SERVERS.http(fixture);
        List<String> keys = bigKeys();

        RawResponse max = http.get("/" + table + "()?$top=1000", "Accept", SignedHttp.NO_METADATA);
        assertThat(max.status()).isEqualTo(200);
        assertThat(max.values()).extracting(QueryPagingTest::key).containsExactlyElementsOf(keys.subList(0, 1000));
        assertThat(max.header("x-ms-continuation-NextPartitionKey")).isNotNull();
        assertThat(SignedHttp.decodeToken(max.header("x-ms-continuation-NextPartitionKey")) + "|"
                + SignedHttp.decodeToken(max.header("x-ms-continuation-NextRowKey"))).isEqualTo(keys.get(1000));

        RawResponse unbounded = http.get("/" + table + "()", "Accept", SignedHttp.NO_METADATA);
        assertThat(unbounded.values()).as("no $top: at most 1000").hasSize(1000);
        assertThat(unbounded.header("x-ms-continuation-NextPartitionKey")).isNotNull();

        assertThat(http.get("/" + table + "()?$top=999", "Accept", SignedHttp.NO_METADATA).values()).hasSize(999);
        assertThat(http.get("/" + table + "()?$top=1", "Accept", SignedHttp.NO_METADATA).values()).hasSize(1);

        assertInvalidInput(http.get("/" + table + "()?$top=1001", "Accept", SignedHttp.NO_METADATA));
        assertInvalidInput(http.get("/" + table + "()?$top=5000&$filter=" + SignedHttp.q("PartitionKey eq 'p1'"),
                "Accept", SignedHttp.NO_METADATA));

        RawResponse zero = http.get("/" + table + "()?$top=0", "Accept", SignedHttp.NO_METADATA);
        assertThat(zero.status()).as("%s", zero).isEqualTo(200);
        assertThat(zero.values()).isEmpty();

        Throwable viaSdk = catchThrowable(() -> SERVERS.service(fixture).getTableClient(table)
                .listEntities(new ListEntitiesOptions().setTop(1001), null, null).iterator().next());
        assertThat(viaSdk).isInstanceOf(HttpResponseException.class);
        assertThat(((HttpResponseException) viaSdk).getResponse().getStatusCode()).isEqualTo(400);
    }

    // ---------------------------------------------------------------- SDK iteration

    @ParameterizedTest
    @EachStore
    void sdkIterationReturnsEveryEntityExactlyOnceInOrder(ServerFixture fixture) {
        TableClient table = SERVERS.service(fixture).getTableClient(bigTable(fixture));
        List<String> keys = bigKeys();

        List<String> all = new ArrayList<>();
        table.listEntities().forEach(e -> all.add(e.getPartitionKey() + "|" + e.getRowKey()));
        assertThat(all).containsExactlyElementsOf(keys);

        List<String> paged = new ArrayList<>();
        List<Integer> pageSizes = new ArrayList<>();
        for (PagedResponse<TableEntity> page : table.listEntities(new ListEntitiesOptions().setTop(777), null, null)
                .iterableByPage()) {
            pageSizes.add(page.getValue().size());
            page.getValue().forEach(e -> paged.add(e.getPartitionKey() + "|" + e.getRowKey()));
        }
        assertThat(paged).containsExactlyElementsOf(keys);
        assertThat(pageSizes).containsExactly(777, 777, 777, 777, 777, 777, 338);

        List<Integer> numbers = new ArrayList<>();
        table.listEntities(new ListEntitiesOptions().setFilter("PartitionKey ge 'p3' and N ge 2500")
                .setSelect(List.of("N")).setTop(100), null, null).forEach(e -> numbers.add((Integer) e.getProperty("N")));
        List<Integer> expected = new ArrayList<>();
        for (String k : keys) {
            int n = Integer.parseInt(k.substring(k.indexOf('|') + 2));
            if (k.compareTo("p3") >= 0 && n >= 2500) {
                expected.add(n);
            }
        }
        assertThat(numbers).containsExactlyElementsOf(expected);
    }

    // ---------------------------------------------------------------- resumption under change

    /** A key of the mutation table: partitions a, b, c; RowKeys r000..r079 (even ones exist at the start). */
    private record Key(String pk, String rk) implements Comparable<Key> {
        static Key parse(String text) {
            return new Key(text.substring(0, text.indexOf('|')), text.substring(text.indexOf('|') + 1));
        }

        @Override
        public int compareTo(Key o) {
            int c = pk.compareTo(o.pk);
            return c != 0 ? c : rk.compareTo(o.rk);
        }

        @Override
        public String toString() {
            return pk + "|" + rk;
        }
    }

    @ParameterizedTest
    @EachStore
    void continuationResumesExactlyWhileEntitiesAreInsertedAndDeleted(ServerFixture fixture) {
        Map<String, Predicate<Key>> filters = new LinkedHashMap<>();
        Set<String> points = Set.of("r010", "r011", "r020", "r033", "r034", "r041", "r050", "r051", "r064", "r077");
        filters.put(null, k -> true);
        filters.put("PartitionKey eq 'b'", k -> k.pk.equals("b"));
        filters.put("PartitionKey ge 'b'", k -> k.pk.compareTo("b") >= 0);
        filters.put("PartitionKey eq 'b' and RowKey ge 'r020' and RowKey lt 'r061'",
                k -> k.pk.equals("b") && k.rk.compareTo("r020") >= 0 && k.rk.compareTo("r061") < 0);
        filters.put("PartitionKey eq 'a' and (" + String.join(" or ", points.stream().sorted().map(p -> "RowKey eq '" + p + "'").toList())
                + ")", k -> k.pk.equals("a") && points.contains(k.rk));
        filters.put("Odd eq false or PartitionKey eq 'c'", k -> number(k) % 4 == 0 || k.pk.equals("c"));
        long seed = 20240601L + fixture.ordinal();
        for (Map.Entry<String, Predicate<Key>> filter : filters.entrySet()) {
            resumeUnderChange(fixture, filter.getKey(), filter.getValue(), new Random(seed++));
        }
    }

    private static void resumeUnderChange(ServerFixture fixture, String filter, Predicate<Key> matches, Random random) {
        SignedHttp http = SERVERS.http(fixture);
        String table = SERVERS.newTable(fixture, "Resume").getTableName();
        TreeMap<Key, Boolean> present = new TreeMap<>();
        List<Runnable> inserts = new ArrayList<>();
        for (String pk : List.of("a", "b", "c")) {
            for (int i = 0; i < 80; i += 2) {
                Key k = new Key(pk, String.format("r%03d", i));
                present.put(k, true);
                inserts.add(() -> http.insert(table, body(k)));
            }
        }
        SharedServers.parallel(inserts);
        Set<Key> initial = new HashSet<>(present.keySet());
        Set<Key> deleted = new HashSet<>();
        Set<Key> insertedBehind = new HashSet<>();
        Set<Key> insertedAhead = new HashSet<>();
        Set<Key> deletedAhead = new HashSet<>();
        List<Key> seen = new ArrayList<>();
        String nextPk = null;
        String nextRk = null;
        int continued = 0;
        for (int page = 0; ; page++) {
            assertThat(page).as("runaway paging").isLessThan(200);
            String path = "/" + table + "()?$top=7" + (filter == null ? "" : "&$filter=" + SignedHttp.q(filter))
                    + (nextPk == null ? "" : "&NextPartitionKey=" + SignedHttp.q(nextPk) + "&NextRowKey=" + SignedHttp.q(nextRk));
            RawResponse response = http.get(path, "Accept", SignedHttp.NO_METADATA);
            assertThat(response.status()).as("%s", response).isEqualTo(200);
            response.values().forEach(e -> seen.add(Key.parse(key(e))));
            nextPk = response.header("x-ms-continuation-NextPartitionKey");
            nextRk = response.header("x-ms-continuation-NextRowKey");
            if (nextPk == null) {
                break;
            }
            continued++;
            Key resume = new Key(SignedHttp.decodeToken(nextPk), SignedHttp.decodeToken(nextRk));
            Key last = seen.isEmpty() ? new Key("", "") : seen.get(seen.size() - 1);
            // The resume point itself goes away, and one more entity ahead of it.
            if (present.containsKey(resume)) {
                remove(http, table, resume, present, deleted, deletedAhead);
            }
            List<Key> ahead = new ArrayList<>(present.tailMap(resume, false).keySet());
            if (!ahead.isEmpty()) {
                remove(http, table, ahead.get(random.nextInt(ahead.size())), present, deleted, deletedAhead);
            }
            // New entities: one behind the last returned key, one ahead of the resume point.
            Key behind = freshKey(random, present, deleted, k -> k.compareTo(last) < 0);
            if (behind != null) {
                http.insert(table, body(behind));
                present.put(behind, true);
                insertedBehind.add(behind);
            }
            Key front = freshKey(random, present, deleted, k -> k.compareTo(resume) > 0);
            if (front != null) {
                http.insert(table, body(front));
                present.put(front, true);
                insertedAhead.add(front);
            }
        }
        String what = "filter " + filter + ", seen " + seen;
        assertThat(continued).as(what).isGreaterThanOrEqualTo(filter != null && filter.contains("RowKey eq") ? 0 : 2);
        assertThat(seen).as("strictly ascending: %s", what).isSortedAccordingTo(Key::compareTo).doesNotHaveDuplicates();
        Set<Key> throughout = new HashSet<>(initial);
        throughout.removeAll(deleted);
        assertThat(throughout.stream().filter(matches).toList()).as("every match that existed throughout; %s", what)
                .isSubsetOf(seen);
        assertThat(insertedAhead.stream().filter(matches).filter(k -> !deleted.contains(k)).toList())
                .as("every match inserted ahead of the resume point; %s", what).isSubsetOf(seen);
        assertThat(seen.stream().filter(insertedBehind::contains).toList()).as("inserted behind the cursor; %s", what)
                .isEmpty();
        assertThat(seen.stream().filter(deletedAhead::contains).toList()).as("deleted before reached; %s", what)
                .isEmpty();
        assertThat(seen).as("only matches; %s", what).allMatch(matches);
    }

    /** The number in a RowKey such as r012 or r012x3. */
    private static int number(Key k) {
        return Integer.parseInt(k.rk.substring(1, 4));
    }

    private static String body(Key k) {
        int n = number(k);
        return "{\"PartitionKey\":\"" + k.pk + "\",\"RowKey\":\"" + k.rk + "\",\"Odd\":" + (n % 4 != 0) + "}";
    }

    private static void remove(SignedHttp http, String table, Key k, TreeMap<Key, Boolean> present, Set<Key> deleted,
                               Set<Key> deletedAhead) {
        http.delete(table, k.pk, k.rk);
        present.remove(k);
        deleted.add(k);
        deletedAhead.add(k);
    }

    /** A key never used so far (odd RowKeys, or a suffix), satisfying {@code where}; null when there is none. */
    private static Key freshKey(Random random, TreeMap<Key, Boolean> present, Set<Key> deleted, Predicate<Key> where) {
        for (int attempt = 0; attempt < 200; attempt++) {
            String pk = List.of("a", "b", "c").get(random.nextInt(3));
            int n = random.nextInt(80);
            String rk = String.format("r%03d", n) + (n % 2 == 0 ? "x" + random.nextInt(10) : "");
            Key k = new Key(pk, rk);
            if (!present.containsKey(k) && !deleted.contains(k) && where.test(k)) {
                return k;
            }
        }
        return null;
    }

    // ---------------------------------------------------------------- continuation tokens

    private static String partitionTable(ServerFixture fixture) {
        TableClient table = SERVERS.newTable(fixture, "Parts");
        List<TableEntity> entities = new ArrayList<>();
        for (String pk : List.of("a", "b", "c")) {
            for (int i = 0; i < 5; i++) {
                entities.add(new TableEntity(pk, "r" + i).addProperty("N", i));
            }
        }
        SharedServers.parallel(entities.stream().map(e -> (Runnable) () -> table.createEntity(e)).toList());
        return table.getTableName();
    }

    private static List<String> page(SignedHttp http, String table, String query) {
        RawResponse response = http.get("/" + table + "()?" + query, "Accept", SignedHttp.NO_METADATA);
        assertThat(response.status()).as("%s -> %s", query, response).isEqualTo(200);
        return response.values().stream().map(QueryPagingTest::key).toList();
    }

    @ParameterizedTest
    @EachStore
    void nextPartitionKeyWithoutNextRowKeyStartsAtThePartitionsFirstRow(ServerFixture fixture) {
        String table = partitionTable(fixture);
        SignedHttp http = SERVERS.http(fixture);
        assertThat(page(http, table, "$top=3&NextPartitionKey=" + SignedHttp.q(SignedHttp.token("b"))))
                .containsExactly("b|r0", "b|r1", "b|r2");
        assertThat(page(http, table, "$top=3&NextPartitionKey=" + SignedHttp.q(SignedHttp.token("bb"))))
                .as("a partition that does not exist: the next one").containsExactly("c|r0", "c|r1", "c|r2");
        assertThat(page(http, table, "$filter=" + SignedHttp.q("N ge 2") + "&NextPartitionKey="
                + SignedHttp.q(SignedHttp.token("b"))))
                .containsExactly("b|r2", "b|r3", "b|r4", "c|r2", "c|r3", "c|r4");
        assertThat(page(http, table, "$filter=" + SignedHttp.q("PartitionKey eq 'b'") + "&NextPartitionKey="
                + SignedHttp.q(SignedHttp.token("b")))).containsExactly("b|r0", "b|r1", "b|r2", "b|r3", "b|r4");
        assertThat(page(http, table, "$top=2&NextPartitionKey=" + SignedHttp.q(SignedHttp.token("b")) + "&NextRowKey="
                + SignedHttp.q(SignedHttp.token("r3")))).containsExactly("b|r3", "b|r4");
        // Plain base64 of the key, as another emulator writes it (spec 5.3).
        String plain = Base64.getEncoder().encodeToString("b".getBytes(StandardCharsets.UTF_8));
        assertThat(page(http, table, "$top=3&NextPartitionKey=" + SignedHttp.q(plain)))
                .containsExactly("b|r0", "b|r1", "b|r2");
    }

    /**
     * Spec 5.3: real tokens are {@code 1!<length>!<base64 of the key, '=' replaced by '-'>}; on input a
     * server should accept that shape. {@code 1!4!Yg--} is the service's token for "b".
     */
    @ParameterizedTest
    @EachStore
    void continuationTokensInTheServicesOwnShapeAreAccepted(ServerFixture fixture) {
        String table = partitionTable(fixture);
        SignedHttp http = SERVERS.http(fixture);
        String serviceToken = "1!4!" + Base64.getEncoder().encodeToString("b".getBytes(StandardCharsets.UTF_8)).replace('=', '-');
        assertThat(serviceToken).isEqualTo("1!4!Yg--");
        assertThat(page(http, table, "$top=3&NextPartitionKey=" + SignedHttp.q(serviceToken)))
                .containsExactly("b|r0", "b|r1", "b|r2");
        String rowToken = "1!4!" + Base64.getEncoder().encodeToString("r3".getBytes(StandardCharsets.UTF_8)).replace('=', '-');
        assertThat(page(http, table, "$top=3&NextPartitionKey=" + SignedHttp.q(serviceToken) + "&NextRowKey="
                + SignedHttp.q(rowToken))).containsExactly("b|r3", "b|r4", "c|r0");
    }

    @ParameterizedTest
    @EachStore
    void malformedContinuationTokensAre400InvalidInput(ServerFixture fixture) {
        String table = partitionTable(fixture);
        SignedHttp http = SERVERS.http(fixture);
        for (String token : List.of("1!3!YQ", "1!x!YQ", "1!", "1!9", "%%%", "****", "Y", "1!2!Y*")) {
            assertInvalidInput(http.get("/" + table + "()?NextPartitionKey=" + SignedHttp.q(token),
                    "Accept", SignedHttp.NO_METADATA));
            assertInvalidInput(http.get("/" + table + "()?NextPartitionKey=" + SignedHttp.q(SignedHttp.token("b"))
                    + "&NextRowKey=" + SignedHttp.q(token), "Accept", SignedHttp.NO_METADATA));
        }
    }

    // ---------------------------------------------------------------- filter errors

    @ParameterizedTest
    @EachStore
    void filterErrorsAre400InvalidInputNamingThePosition(ServerFixture fixture) {
        String table = partitionTable(fixture);
        SignedHttp http = SERVERS.http(fixture);
        Map<String, Integer> errors = new LinkedHashMap<>();
        errors.put("PartitionKey eq", 15);
        errors.put("N gt 3 and", 10);
        errors.put("N gt 3 xor N lt 2", 7);
        errors.put("RowKey eq 'abc", 10);
        errors.put("N eq datetime'yesterday'", 5);
        errors.put("(N gt 1", 7);
        errors.put("N gt 1)", 6);
        errors.put("N eq null", 5);
        errors.put("startswith(RowKey, 'a')", 0);
        errors.put("N gt 1 and N gt 2 and", 21);
        errors.put("N eq 99999999999999999999", 5);
        errors.put("N eq RowKey", 0);
        errors.put("N eq guid'123'", 5);
        errors.put("N eq X'123'", 5);
        errors.put("N eq 3 and and N eq 4", 11);
        errors.put("N add 3 eq 4", 2);
        errors.put("'a' eq 'b'", 0);
        errors.put("RowKey", 0);
        errors.put("N eq 1.", 5);
        errors.put("N # 3", 2);
        for (Map.Entry<String, Integer> error : errors.entrySet()) {
            RawResponse response = http.get("/" + table + "()?$filter=" + SignedHttp.q(error.getKey()),
                    "Accept", SignedHttp.NO_METADATA);
            assertInvalidInput(response);
            assertThat(response.errorMessage()).as("message for %s", error.getKey())
                    .containsPattern("\\bposition " + error.getValue() + "\\b");
        }
        Throwable viaSdk = catchThrowable(() -> SERVERS.service(fixture).getTableClient(table)
                .listEntities(new ListEntitiesOptions().setFilter("RowKey eq 'abc"), null, null).iterator().next());
        assertThat(viaSdk).isInstanceOf(HttpResponseException.class);
        HttpResponseException e = (HttpResponseException) viaSdk;
        assertThat(e.getResponse().getStatusCode()).isEqualTo(400);
        assertThat(e.getResponse().getHeaders().getValue(HttpHeaderName.fromString("x-ms-error-code"))).isEqualTo("InvalidInput");
    }
}
