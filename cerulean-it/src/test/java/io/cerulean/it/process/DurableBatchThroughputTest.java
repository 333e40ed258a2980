package io.cerulean.it.process;

import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.it.support.SignedHttp;
import io.cerulean.it.support.WireResponses;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;

/**
 * For the release notes: durable entity group transactions of 100 inserts of about 1 KiB, each on
 * a partition of its own, over 16 connections, against the server the launcher starts. The
 * requests are built before the clock starts, so that on a small machine the client's share of
 * the cores is sending bytes and reading answers, not writing JSON. Five warm rounds of 1,000
 * batches, then 2,000 measured, whose figures it prints on a line starting {@code batch-figures}
 * (kept in {@code cerulean-it/target/surefire-reports}):
 * <pre>
 * mvn -B verify -pl cerulean-it -am -Dcerulean.figures=true -Dtest=DurableBatchThroughputTest \
 *     -Dsurefire.failIfNoSpecifiedTests=false
 * grep -rh batch-figures cerulean-it/target/surefire-reports/*.txt
 * </pre>
 */
class DurableBatchThroughputTest {
    private static final int CONNECTIONS = 16;
    private static final int OPERATIONS = 100;
    private static final String TABLE = "batches";

    @TempDir
    Path temp;

    @Test
    @Tag("figures")
    @EnabledIfSystemProperty(named = "cerulean.figures", matches = "true")
    @Timeout(value = 600, unit = TimeUnit.SECONDS)
    void preBuiltBatchesOfOneHundredInsertsOverSixteenConnections() throws Exception {
        try (ServerProcess server = ServerProcess.launch().viaExecutable().dataDir(temp.resolve("batches")).start()) {
            server.serviceClient().createTable(TABLE);
            for (int round = 0; round < 5; round++) {
                run(server.port(), "warm" + round, 1000);
            }
            Round measured = run(server.port(), "measured", 2000);
            System.out.printf(Locale.ROOT, "batch-figures %,d batches of %d in %.2f s = %,.0f entities/s, "
                            + "batch p50 %.1f ms, p99 %.1f ms%n", measured.batches(), OPERATIONS, measured.seconds(),
                    measured.batches() * OPERATIONS / measured.seconds(), measured.p50Millis(), measured.p99Millis());
            String lastPartition = "measured-" + (measured.batches() - 1);
            assertThat(server.tableClient(TABLE).getEntity(lastPartition, "r99").getProperty("Age"))
                    .as("the last batch's last entity").isEqualTo(99);
        }
    }

    private record Round(int batches, double seconds, double p50Millis, double p99Millis) {
    }

    /** Sends {@code count} pre-built batches, each acknowledged with 202 and a hundred successes. */
    private static Round run(int port, String round, int count) throws Exception {
        List<byte[]> requests = new ArrayList<>(count);
        for (int b = 0; b < count; b++) {
            requests.add(request(port, round + "-" + b));
        }
        AtomicInteger next = new AtomicInteger();
        long[] latencies = new long[count];
        List<Thread> senders = new ArrayList<>();
        List<Throwable> failures = new ArrayList<>();
        long start = System.nanoTime();
        for (int c = 0; c < CONNECTIONS; c++) {
            Thread sender = new Thread(() -> {
                try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
                    socket.setTcpNoDelay(true);
                    OutputStream out = socket.getOutputStream();
                    InputStream in = new BufferedInputStream(socket.getInputStream(), 64 * 1024);
                    for (int i; (i = next.getAndIncrement()) < count; ) {
                        long sent = System.nanoTime();
                        out.write(requests.get(i));
                        out.flush();
                        String answer = WireResponses.read(in);
                        if (!answer.startsWith("HTTP/1.1 202") || count(answer, "HTTP/1.1 201") + count(answer,
                                "HTTP/1.1 204") != OPERATIONS) {
                            throw new AssertionError("batch " + i + " of " + round + ": " + answer.lines().findFirst());
                        }
                        latencies[i] = System.nanoTime() - sent;
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }, "batch-sender-" + c);
            sender.setUncaughtExceptionHandler((thread, e) -> {
                synchronized (failures) {
                    failures.add(e);
                }
            });
            senders.add(sender);
            sender.start();
        }
        for (Thread sender : senders) {
            sender.join();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        assertThat(failures).as("failed senders").isEmpty();
        long[] sorted = latencies.clone();
        Arrays.sort(sorted);
        return new Round(count, seconds, sorted[count / 2] / 1e6, sorted[count * 99 / 100] / 1e6);
    }

    /** A signed {@code POST /$batch} of one change set with 100 inserts into {@code partition}. */
    private static byte[] request(int port, String partition) throws Exception {
        String batch = "batch_" + partition;
        String changeSet = "changeset_" + partition;
        StringBuilder body = new StringBuilder(130_000);
        body.append("--").append(batch).append("\r\nContent-Type: multipart/mixed; boundary=").append(changeSet)
                .append("\r\n\r\n");
        for (int row = 0; row < OPERATIONS; row++) {
            body.append("--").append(changeSet).append("\r\nContent-Type: application/http\r\n")
                    .append("Content-Transfer-Encoding: binary\r\n\r\n")
                    .append("POST http://127.0.0.1:").append(port).append('/').append(SignedHttp.ACCOUNT).append('/')
                    .append(TABLE).append(" HTTP/1.1\r\nContent-Type: application/json\r\n")
                    .append("Accept: application/json;odata=nometadata\r\nPrefer: return-no-content\r\n")
                    .append("DataServiceVersion: 3.0\r\n\r\n")
                    .append(entity(partition, row)).append("\r\n");
        }
        body.append("--").append(changeSet).append("--\r\n--").append(batch).append("--\r\n");
        byte[] content = body.toString().getBytes(StandardCharsets.UTF_8);
        String date = DateTimeFormatter.RFC_1123_DATE_TIME.format(ZonedDateTime.now(ZoneOffset.UTC));
        String head = "POST /" + SignedHttp.ACCOUNT + "/$batch HTTP/1.1\r\nHost: 127.0.0.1:" + port
                + "\r\nx-ms-date: " + date + "\r\nx-ms-version: 2019-02-02\r\nContent-Type: multipart/mixed; boundary="
                + batch + "\r\nAuthorization: SharedKeyLite " + SignedHttp.ACCOUNT + ":"
                + SignedHttp.devKeySignature(date + "\n/" + SignedHttp.ACCOUNT + "/" + SignedHttp.ACCOUNT + "/$batch")
                + "\r\nContent-Length: " + content.length + "\r\n\r\n";
        byte[] headBytes = head.getBytes(StandardCharsets.US_ASCII);
        byte[] request = Arrays.copyOf(headBytes, headBytes.length + content.length);
        System.arraycopy(content, 0, request, headBytes.length, content.length);
        return request;
    }

    /** About 1 KiB of JSON with a property of each common type, as the bench's entities have. */
    private static String entity(String partition, int row) {
        return "{\"PartitionKey\":\"" + partition + "\",\"RowKey\":\"r" + row + "\",\"Name\":\"name" + row
                + "\",\"Age\":" + (row % 100) + ",\"Big\":\"" + (row * 1_000_003L) + "\",\"Big@odata.type\":\"Edm.Int64\""
                + ",\"Score\":" + (row * 0.37) + ",\"Active\":true"
                + ",\"Created\":\"2024-01-02T03:04:05.1234567Z\",\"Created@odata.type\":\"Edm.DateTime\""
                + ",\"Id\":\"00000000-0000-0000-0000-" + String.format("%012d", row) + "\",\"Id@odata.type\":\"Edm.Guid\""
                + ",\"Blob\":\"AAECAwQFBgcICQ==\",\"Blob@odata.type\":\"Edm.Binary\",\"City\":\"city" + (row % 10)
                + "\",\"Description\":\"" + "lorem ipsum ".repeat(60) + "\"}";
    }

    private static int count(String text, String needle) {
        int n = 0;
        for (int at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + needle.length())) {
            n++;
        }
        return n;
    }
}
