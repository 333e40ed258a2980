package io.cerulean.it.query;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.ListEntitiesOptions;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.cerulean.it.EachStore;
import io.cerulean.it.ServerFixture;
import io.cerulean.it.support.RawResponse;
import io.cerulean.it.support.SharedServers;
import io.cerulean.it.support.SignedHttp;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * Queries over entities at the size limits: keys of 512 UTF-16 units that take three bytes each in
 * storage, 32,000-character strings and 60,000-byte binaries, so that scans, filters on properties
 * stored after the large ones, and continuation tokens for the longest keys all work with large data.
 */
class QueryLargeEntitiesTest {
    private static final SharedServers SERVERS = SharedServers.jvmWide();
    private static final String PK_A = "\uE000".repeat(511) + "a";
    private static final String PK_B = "\uE000".repeat(511) + "b";
    private static final String BLOB = "\u00e9".repeat(31_999) + "!";
    private static final int COUNT = 12;

    private static String pk(int i) {
        return i % 2 == 0 ? PK_A : PK_B;
    }

    private static String rk(int i) {
        return "\uD83D\uDE00".repeat(255) + String.format("%02d", i);
    }

    private static byte[] bin(int i) {
        byte[] bytes = new byte[60_000];
        new Random(i).nextBytes(bytes);
        return bytes;
    }

    /** Entity i; keys in order: even i in PK_A, then odd i in PK_B. */
    private static List<Integer> keyOrder(java.util.function.IntPredicate matches) {
        List<Integer> order = new ArrayList<>();
        for (int parity = 0; parity < 2; parity++) {
            for (int i = parity; i < COUNT; i += 2) {
                if (matches.test(i)) {
                    order.add(i);
                }
            }
        }
        return order;
    }

    private static String load(ServerFixture fixture) {
        String table = SERVERS.newTable(fixture, "Large").getTableName();
        SignedHttp http = SERVERS.http(fixture);
        List<Runnable> inserts = new ArrayList<>();
        for (int i = 0; i < COUNT; i++) {
            ObjectNode body = SignedHttp.JSON.createObjectNode().put("PartitionKey", pk(i)).put("RowKey", rk(i));
            if (i % 2 == 1) {
                body.put("Blob", BLOB);
            } else {
                body.put("Bin@odata.type", "Edm.Binary").put("Bin", Base64.getEncoder().encodeToString(bin(i)));
            }
            body.put("N", i).put("Tag", i % 3 == 0 ? "x" : "y");
            String json = body.toString();
            inserts.add(() -> http.insert(table, json));
        }
        SharedServers.parallel(inserts);
        return table;
    }

    private static void assertEntity(JsonNode entity, int i) {
        assertThat(entity.path("PartitionKey").asText()).isEqualTo(pk(i));
        assertThat(entity.path("RowKey").asText()).isEqualTo(rk(i));
        assertThat(entity.path("N").asInt()).isEqualTo(i);
        if (i % 2 == 1) {
            assertThat(entity.path("Blob").asText()).isEqualTo(BLOB);
        } else {
            assertThat(Base64.getDecoder().decode(entity.path("Bin").asText())).isEqualTo(bin(i));
        }
    }

    @ParameterizedTest
    @EachStore
    void filtersAndPagesWorkAtTheSizeLimits(ServerFixture fixture) {
        String table = load(fixture);
        SignedHttp http = SERVERS.http(fixture);

        RawResponse filtered = http.get("/" + table + "()?$filter=" + SignedHttp.q("N ge 3 and Tag eq 'x'"),
                "Accept", SignedHttp.MINIMAL);
        assertThat(filtered.status()).as("%s", filtered.status()).isEqualTo(200);
        List<Integer> expected = keyOrder(i -> i >= 3 && i % 3 == 0);
        assertThat(filtered.values()).hasSize(expected.size());
        for (int k = 0; k < expected.size(); k++) {
            assertEntity(filtered.values().get(k), expected.get(k));
        }

        List<Integer> seen = new ArrayList<>();
        String nextPk = null;
        String nextRk = null;
        for (int page = 0; page < 20; page++) {
            RawResponse response = http.get("/" + table + "()?$top=2&$select=N"
                    + (nextPk == null ? "" : "&NextPartitionKey=" + SignedHttp.q(nextPk) + "&NextRowKey=" + SignedHttp.q(nextRk)),
                    "Accept", SignedHttp.NO_METADATA);
            assertThat(response.status()).as("page %d: %s", page, response).isEqualTo(200);
            response.values().forEach(v -> seen.add(v.path("N").asInt()));
            nextPk = response.header("x-ms-continuation-NextPartitionKey");
            nextRk = response.header("x-ms-continuation-NextRowKey");
            if (nextPk == null) {
                break;
            }
        }
        assertThat(seen).containsExactlyElementsOf(keyOrder(i -> true));

        String range = "PartitionKey eq '" + PK_B + "' and RowKey gt '" + rk(5) + "'";
        RawResponse ranged = http.get("/" + table + "()?$filter=" + SignedHttp.q(range), "Accept", SignedHttp.MINIMAL);
        assertThat(ranged.status()).isEqualTo(200);
        assertThat(ranged.plan()).startsWith("RANGE(");
        assertThat(ranged.values()).extracting(v -> v.path("N").asInt()).containsExactly(7, 9, 11);
        assertThat(ranged.entitiesRead()).isEqualTo(3);

        RawResponse partitions = http.get("/" + table + "()?$filter=" + SignedHttp.q("PartitionKey gt '\uE000' and N lt 4"),
                "Accept", SignedHttp.MINIMAL);
        assertThat(partitions.values()).extracting(v -> v.path("N").asInt()).containsExactly(0, 2, 1, 3);

        TableClient client = SERVERS.service(fixture).getTableClient(table);
        List<Integer> viaSdk = new ArrayList<>();
        client.listEntities(new ListEntitiesOptions().setFilter("N lt 4").setTop(1), null, null).forEach(e -> {
            viaSdk.add((Integer) e.getProperty("N"));
            if (e.getProperty("Blob") != null) {
                assertThat(e.getProperty("Blob")).isEqualTo(BLOB);
            } else {
                assertThat((byte[]) e.getProperty("Bin")).isEqualTo(bin((Integer) e.getProperty("N")));
            }
        });
        assertThat(viaSdk).containsExactly(0, 2, 1, 3);
    }

    /**
     * A page stops at about 4 MiB of JSON whatever its $top, with a continuation: eight entities of
     * 900,000 bytes (1.2 MB of JSON each) take several pages, and the SDK's paging reads them all.
     */
    @ParameterizedTest
    @EachStore
    void aPageEndsAtFourMebibytesOfJsonAndTheSdkPagesOn(ServerFixture fixture) {
        String table = SERVERS.newTable(fixture, "Wide").getTableName();
        SignedHttp http = SERVERS.http(fixture);
        List<Runnable> inserts = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            ObjectNode body = SignedHttp.JSON.createObjectNode().put("PartitionKey", "wide").put("RowKey", "r" + i);
            for (int p = 0; p < 15; p++) {
                body.put("Bin" + p + "@odata.type", "Edm.Binary")
                        .put("Bin" + p, Base64.getEncoder().encodeToString(bin(i * 100 + p)));
            }
            String json = body.toString();
            inserts.add(() -> http.insert(table, json));
        }
        SharedServers.parallel(inserts);

        RawResponse first = http.get("/" + table + "()", "Accept", SignedHttp.NO_METADATA);
        assertThat(first.status()).isEqualTo(200);
        assertThat(first.values()).hasSizeBetween(1, 7);
        assertThat(first.body().length()).isLessThan(6 * 1024 * 1024);
        assertThat(first.header("x-ms-continuation-NextRowKey")).isNotNull();

        TableClient client = SERVERS.service(fixture).getTableClient(table);
        List<String> rows = new ArrayList<>();
        client.listEntities().forEach(e -> {
            int i = Integer.parseInt(e.getRowKey().substring(1));
            assertThat((byte[]) e.getProperty("Bin14")).isEqualTo(bin(i * 100 + 14));
            rows.add(e.getRowKey());
        });
        assertThat(rows).containsExactly("r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7");
    }
}
