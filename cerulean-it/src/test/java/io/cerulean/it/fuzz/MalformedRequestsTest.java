package io.cerulean.it.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.it.ServerFixture;
import io.cerulean.it.support.RawResponse;
import io.cerulean.it.support.SignedHttp;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Bad input, continuously: thousands of generated malformed requests ({@link RequestFuzzer}) against
 * a real server on RocksDB, one connection each. Every one must be answered, in time, with a status
 * below 500; one that is refused must change nothing (tables, entities with their ETags, ACLs,
 * service properties); and the server must go on answering. Deterministic for a seed. The default
 * run fits CI; a longer one:
 * <pre>
 * mvn -pl cerulean-it -am verify -Dtest=MalformedRequestsTest -Dsurefire.failIfNoSpecifiedTests=false \
 *     -Dcerulean.fuzz.requests=200000 -Dcerulean.fuzz.seed=$RANDOM
 * </pre>
 */
class MalformedRequestsTest {
    private static final long SEED = Long.getLong("cerulean.fuzz.seed", 20261125L);
    private static final int REQUESTS = Integer.getInteger("cerulean.fuzz.requests", 3000);
    private static final int ANSWER_TIMEOUT_MILLIS = 15_000;
    private static final int MAX_TABLES = 12;

    private static ServerFixture.RunningServer server;
    private static SignedHttp http;

    @BeforeAll
    static void start() {
        server = ServerFixture.ROCKSDB.start();
        http = new SignedHttp(server.cerulean().port());
        for (String table : List.of("fuzz", "other")) {
            assertThat(http.send("POST", "/Tables", "{\"TableName\":\"" + table + "\"}").status()).isEqualTo(201);
        }
        http.insert("fuzz", "{\"PartitionKey\":\"p1\",\"RowKey\":\"r1\",\"Age\":42,\"Name\":\"a\"}");
        http.insert("fuzz", "{\"PartitionKey\":\"p1\",\"RowKey\":\"r2\",\"Age\":7,\"Big\":\"9\",\"Big@odata.type\":\"Edm.Int64\"}");
        http.insert("fuzz", "{\"PartitionKey\":\"p2\",\"RowKey\":\"r1\",\"Name\":\"\\u001c\"}");
        http.insert("other", "{\"PartitionKey\":\"p2\",\"RowKey\":\"r1\",\"When\":\"2020-01-01T00:00:00Z\","
                + "\"When@odata.type\":\"Edm.DateTime\"}");
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void malformedRequestsAreAnsweredBelow500AndThoseRefusedChangeNothing() throws IOException {
        RequestFuzzer fuzzer = new RequestFuzzer(SEED);
        String baseline = snapshot();
        Map<Integer, Integer> statuses = new TreeMap<>();
        List<String> failures = new ArrayList<>();
        int refusedWrites = 0;
        int sent = 0;
        for (int i = 0; i < REQUESTS && failures.size() < 40; i++, sent++) {
            FuzzedRequest request = fuzzer.next();
            String where = "request " + i + " of seed " + SEED + ":\n" + request;
            RawExchange.Answer answer;
            try {
                answer = RawExchange.send(server.cerulean().port(), request.toBytes(), ANSWER_TIMEOUT_MILLIS);
            } catch (SocketTimeoutException e) {
                failures.add("no answer within " + ANSWER_TIMEOUT_MILLIS + " ms to " + where + "\n" + e.getMessage());
                continue;
            }
            statuses.merge(answer.status(), 1, Integer::sum);
            if (answer.status() < 100 || answer.status() >= 500) {
                failures.add(answer.statusLine() + " for " + where);
            }
            if (!request.mayWrite()) {
                continue;
            }
            String now = snapshot();
            if (answer.status() >= 300 || answer.status() < 200) {
                refusedWrites++;
                if (!now.equals(baseline)) {
                    failures.add(answer.statusLine() + " yet the account changed, for " + where);
                    baseline = now;
                }
            } else {
                baseline = trimTables(now);
            }
        }
        System.out.printf("fuzzed %d requests (seed %d): statuses %s, %d refused writes checked for no change%n",
                sent, SEED, statuses, refusedWrites);
        assertThat(failures).as("seed %d", SEED).isEmpty();
        assertThat(http.get("/Tables").status()).as("still serving").isEqualTo(200);
    }

    /**
     * Everything a request could change, as text: the tables, every entity with its types and ETag,
     * each table's ACL, the service properties.
     */
    private static String snapshot() {
        StringBuilder state = new StringBuilder();
        for (String table : tables()) {
            state.append("table ").append(table).append('\n');
            String next = "";
            do {
                RawResponse page = http.get("/" + table + "()" + next, "Accept", SignedHttp.FULL);
                assertThat(page.status()).as("reading %s: %s", table, page).isEqualTo(200);
                for (JsonNode entity : page.values()) {
                    state.append(entity).append('\n');
                }
                String pk = page.header("x-ms-continuation-NextPartitionKey");
                String rk = page.header("x-ms-continuation-NextRowKey");
                next = pk == null ? null : "?NextPartitionKey=" + SignedHttp.q(pk)
                        + (rk == null ? "" : "&NextRowKey=" + SignedHttp.q(rk));
            } while (next != null);
            state.append("acl ").append(http.get("/" + table + "?comp=acl").body()).append('\n');
        }
        state.append("properties ").append(http.get("/?restype=service&comp=properties").body());
        return state.toString();
    }

    private static List<String> tables() {
        RawResponse list = http.get("/Tables");
        assertThat(list.status()).as("listing tables: %s", list).isEqualTo(200);
        return list.values().stream().map(t -> t.get("TableName").asText()).sorted().toList();
    }

    /** Requests may create tables; past a dozen, those are deleted again, so snapshots stay cheap. */
    private static String trimTables(String snapshot) {
        List<String> tables = tables();
        if (tables.size() <= MAX_TABLES) {
            return snapshot;
        }
        for (String table : tables) {
            if (!table.equals("fuzz") && !table.equals("other")) {
                http.send("DELETE", "/Tables('" + table + "')", null);
            }
        }
        return snapshot();
    }
}
