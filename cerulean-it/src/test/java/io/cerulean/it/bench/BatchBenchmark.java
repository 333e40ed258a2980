package io.cerulean.it.bench;

import io.cerulean.app.Cerulean;
import io.cerulean.it.support.SignedHttp;
import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.security.GeneralSecurityException;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Entity group transactions of 100 inserts of about 1 KiB, durable, 16 connections, on RocksDB.
 * The load is built and signed before the clock starts and sent over raw keep-alive sockets, so
 * that on a two-core machine the figure is the server's rather than the load generator's. Rounds
 * repeat because the JIT takes several to settle. Not part of the suite's pass/fail; run with
 * {@code mvn -pl cerulean-it test -Dtest=BatchBenchmark -Dcerulean.figures=true}, which starts a
 * server in the test's JVM, or add {@code -Dcerulean.bench.port=10002} to load a server started
 * apart ({@code cerulean serve}), so that client and server do not share a heap.
 */
@Tag("figures")
@EnabledIfSystemProperty(named = "cerulean.figures", matches = "true")
class BatchBenchmark {
    private static final int CONNECTIONS = 16;
    private static final int BATCHES_PER_ROUND = 2000;
    private static final int ROUNDS = 8;

    @Test
    void hundredEntityTransactions() throws Exception {
        Integer external = Integer.getInteger("cerulean.bench.port");
        if (external != null) {
            run(external);
            return;
        }
        try (Cerulean cerulean = Cerulean.builder().dataDir(Files.createTempDirectory("cerulean-batch-bench"))
                .port(0).start()) {
            run(cerulean.port());
        }
    }

    private static void run(int port) throws Exception {
        String table = "batchbench" + Long.toString(System.nanoTime(), 36);
        send(port, List.of(request(port, "POST", "/Tables", "application/json",
                ("{\"TableName\":\"" + table + "\"}").getBytes(StandardCharsets.UTF_8))), 1, "HTTP/1.1 201");
        {
            for (int round = 0; round < ROUNDS; round++) {
                List<byte[]> requests = new ArrayList<>();
                for (int b = 0; b < BATCHES_PER_ROUND; b++) {
                    requests.add(batch(port, table, "r" + round + "-" + b));
                }
                // Collect the previous rounds' garbage now, not while the server is being timed on shared cores.
                System.gc();
                long start = System.nanoTime();
                long[] latencies = send(port, requests, CONNECTIONS, "HTTP/1.1 202");
                double seconds = (System.nanoTime() - start) / 1e9;
                Arrays.sort(latencies);
                System.out.printf(Locale.ROOT, "FIGURE batch round %d: %.0f entities/s, batch p50=%.1f ms p99=%.1f ms%n",
                        round, BATCHES_PER_ROUND * 100 / seconds, latencies[latencies.length / 2] / 1e6,
                        latencies[latencies.length * 99 / 100] / 1e6);
            }
        }
    }

    private static byte[] batch(int port, String table, String partition) throws GeneralSecurityException {
        SplittableRandom random = new SplittableRandom(partition.hashCode());
        String batch = "batch_" + UUID.randomUUID();
        String changeSet = "changeset_" + UUID.randomUUID();
        StringBuilder body = new StringBuilder(130_000);
        body.append("--").append(batch).append("\r\nContent-Type: multipart/mixed; boundary=").append(changeSet)
                .append("\r\n\r\n");
        for (int row = 0; row < 100; row++) {
            body.append("--").append(changeSet).append("\r\nContent-Type: application/http\r\n")
                    .append("Content-Transfer-Encoding: binary\r\n\r\n")
                    .append("POST http://127.0.0.1:").append(port).append("/devstoreaccount1/").append(table).append(" HTTP/1.1\r\n")
                    .append("Content-Type: application/json\r\nAccept: application/json;odata=nometadata\r\n")
                    .append("Prefer: return-no-content\r\nDataServiceVersion: 3.0\r\n\r\n")
                    .append("{\"PartitionKey\":\"").append(partition).append("\",\"RowKey\":\"").append(row)
                    .append("\",\"Name\":\"name").append(random.nextInt()).append("\",\"Age\":").append(random.nextInt(100))
                    .append(",\"Big\":\"").append(random.nextLong()).append("\",\"Big@odata.type\":\"Edm.Int64\"")
                    .append(",\"Score\":").append(random.nextDouble()).append(",\"Score@odata.type\":\"Edm.Double\"")
                    .append(",\"Active\":true,\"Created\":\"2024-01-02T03:04:05.1234567Z\"")
                    .append(",\"Created@odata.type\":\"Edm.DateTime\",\"Id\":\"").append(new UUID(random.nextLong(),
                            random.nextLong())).append("\",\"Id@odata.type\":\"Edm.Guid\"")
                    .append(",\"Blob\":\"AAECAwQFBgcICQ==\",\"Blob@odata.type\":\"Edm.Binary\",\"City\":\"city7\"")
                    .append(",\"Description\":\"").append("lorem ipsum ".repeat(60)).append("\"}\r\n");
        }
        body.append("--").append(changeSet).append("--\r\n--").append(batch).append("--\r\n");
        return request(port, "POST", "/$batch", "multipart/mixed; boundary=" + batch,
                body.toString().getBytes(StandardCharsets.UTF_8));
    }

    /** A whole HTTP request, signed with Shared Key Lite. */
    private static byte[] request(int port, String method, String path, String contentType, byte[] body)
            throws GeneralSecurityException {
        String date = DateTimeFormatter.RFC_1123_DATE_TIME.format(ZonedDateTime.now(ZoneOffset.UTC));
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(Base64.getDecoder().decode(SignedHttp.DEV_KEY), "HmacSHA256"));
        String signature = Base64.getEncoder().encodeToString(mac.doFinal(
                (date + "\n/devstoreaccount1/devstoreaccount1" + path).getBytes(StandardCharsets.UTF_8)));
        byte[] head = (method + " /devstoreaccount1" + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nDate: " + date
                + "\r\nx-ms-version: 2019-02-02\r\nContent-Type: " + contentType
                + "\r\nAuthorization: SharedKeyLite devstoreaccount1:" + signature + "\r\nContent-Length: " + body.length
                + "\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1);
        byte[] all = Arrays.copyOf(head, head.length + body.length);
        System.arraycopy(body, 0, all, head.length, body.length);
        return all;
    }

    /** Sends the requests over {@code connections} keep-alive sockets; each answer's latency. */
    private static long[] send(int port, List<byte[]> requests, int connections, String expected) throws Exception {
        AtomicInteger next = new AtomicInteger();
        long[] latencies = new long[requests.size()];
        List<Thread> threads = new ArrayList<>();
        for (int c = 0; c < connections; c++) {
            Thread thread = new Thread(() -> {
                try (Socket socket = new Socket("127.0.0.1", port)) {
                    socket.setTcpNoDelay(true);
                    OutputStream out = socket.getOutputStream();
                    InputStream in = new BufferedInputStream(socket.getInputStream(), 1 << 16);
                    for (int i = next.getAndIncrement(); i < requests.size(); i = next.getAndIncrement()) {
                        long start = System.nanoTime();
                        out.write(requests.get(i));
                        out.flush();
                        String status = readResponse(in);
                        if (!status.startsWith(expected)) {
                            throw new IllegalStateException("request " + i + " answered " + status);
                        }
                        latencies[i] = System.nanoTime() - start;
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
            threads.add(thread);
            thread.start();
        }
        for (Thread thread : threads) {
            thread.join();
        }
        return latencies;
    }

    /** Reads one response (Content-Length framed, as Cerulean answers) and returns its status line. */
    private static String readResponse(InputStream in) throws IOException {
        String status = null;
        int length = 0;
        StringBuilder line = new StringBuilder();
        while (true) {
            line.setLength(0);
            for (int c = in.read(); c != '\n'; c = in.read()) {
                if (c < 0) {
                    throw new EOFException("connection closed");
                }
                if (c != '\r') {
                    line.append((char) c);
                }
            }
            if (status == null) {
                status = line.toString();
            } else if (line.length() == 0) {
                break;
            } else if (line.toString().toLowerCase(Locale.ROOT).startsWith("content-length:")) {
                length = Integer.parseInt(line.substring(15).trim());
            }
        }
        in.skipNBytes(length);
        return status;
    }
}
