package io.cerulean.bench.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class TableRequestsTest {
    private final SharedKeyLite signer = new SharedKeyLite(Target.DEV_ACCOUNT, Target.DEV_KEY);
    private final TableRequests requests = new TableRequests(Endpoint.parse(Target.DEV_ENDPOINT), signer);

    private static String head(Request request) {
        try {
            return request.head().toString(StandardCharsets.US_ASCII);
        } finally {
            request.release();
        }
    }

    @Test
    void aPointReadIsSignedOverItsPathWithTheAccountTwice() {
        String head = head(requests.table("t1").get("p001", "r0000042", TableRequests.NO_METADATA));

        String date = head.lines().filter(l -> l.startsWith("x-ms-date: ")).findFirst().orElseThrow().substring(11);
        String path = "/devstoreaccount1/t1(PartitionKey='p001',RowKey='r0000042')";
        assertThat(head).startsWith("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1:10002\r\n")
                .contains("\r\nx-ms-version: 2019-02-02\r\n", "\r\nDataServiceVersion: 3.0\r\n",
                        "\r\nAccept: application/json;odata=nometadata\r\n", "\r\nContent-Length: 0\r\n")
                .contains("\r\nAuthorization: SharedKeyLite devstoreaccount1:"
                        + signer.sign(date + "\n/devstoreaccount1" + path) + "\r\n")
                .endsWith("\r\n\r\n")
                .doesNotContain("Content-Type");
    }

    @Test
    void anInsertCarriesItsBodyLengthTypeAndPreference() {
        Request insert = requests.table("t1").insert(Unpooled.copiedBuffer("{\"PartitionKey\":\"a\"}", StandardCharsets.UTF_8));
        assertThat(insert.body().readableBytes()).isEqualTo(20);
        assertThat(head(insert)).startsWith("POST /devstoreaccount1/t1 HTTP/1.1\r\n")
                .contains("\r\nContent-Type: application/json\r\n", "\r\nContent-Length: 20\r\n",
                        "\r\nPrefer: return-no-content\r\n");
    }

    @Test
    void mergesCarryIfMatchAndBatchesTheirBoundary() {
        assertThat(head(requests.table("t1").merge("a", "b", Unpooled.buffer(), "W/\"datetime'x'\"")))
                .startsWith("MERGE /devstoreaccount1/t1(PartitionKey='a',RowKey='b') HTTP/1.1\r\n")
                .contains("\r\nIf-Match: W/\"datetime'x'\"\r\n");
        assertThat(head(requests.batch("batch_1", Unpooled.buffer())))
                .startsWith("POST /devstoreaccount1/$batch HTTP/1.1\r\n")
                .contains("\r\nContent-Type: multipart/mixed; boundary=batch_1\r\n");
    }

    @Test
    void queriesKeepTheirEncodedQueryAndKeysAreQuoted() {
        assertThat(head(requests.table("t1").query("$filter=Age%20eq%2042&$top=5")))
                .startsWith("GET /devstoreaccount1/t1()?$filter=Age%20eq%2042&$top=5 HTTP/1.1\r\n");
        assertThat(Keys.encode("O'Brien x")).isEqualTo("O''Brien%20x");
        assertThat(new Continuation("b003", "r0000001").queryParameters())
                .isEqualTo("NextPartitionKey=b003&NextRowKey=r0000001");
    }

    /**
     * Each request signs the date it carries, also for the paths whose signature is kept for a
     * second (inserts, batches, Create Table): with a clock that moves at every reading, a request
     * that read the date twice would carry one date and sign another.
     */
    @Test
    void everyRequestSignsTheDateItCarries() {
        int[] second = {0};
        TableRequests ticking = new TableRequests(Endpoint.parse(Target.DEV_ENDPOINT), signer,
                () -> HttpDate.format(1_700_000_000L + second[0]++));
        TableRequests.Table table = ticking.table("t1");
        for (int i = 0; i < 3; i++) {
            assertSignsItsDate(table.insert(Unpooled.buffer()), "/devstoreaccount1/t1");
            assertSignsItsDate(ticking.batch("batch_1", Unpooled.buffer()), "/devstoreaccount1/$batch");
            assertSignsItsDate(ticking.createTable("t" + i), "/devstoreaccount1/Tables");
            assertSignsItsDate(table.get("p", "r", TableRequests.NO_METADATA),
                    "/devstoreaccount1/t1(PartitionKey='p',RowKey='r')");
        }
    }

    private void assertSignsItsDate(Request request, String path) {
        String head = head(request);
        String date = head.lines().filter(l -> l.startsWith("x-ms-date: ")).findFirst().orElseThrow().substring(11);
        assertThat(head).contains("\r\nAuthorization: SharedKeyLite devstoreaccount1:"
                + signer.sign(date + "\n/devstoreaccount1" + path) + "\r\n");
    }
}
