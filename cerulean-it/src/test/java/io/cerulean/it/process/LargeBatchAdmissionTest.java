package io.cerulean.it.process;

import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.it.support.SignedHttp;
import io.cerulean.it.support.WireResponses;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Sixteen clients each sending $batch requests of nearly 4 MiB at once, to the launcher with its
 * default heap: more than it can hold. Every request is answered, 202 or 503 ServerBusy (which the
 * SDKs retry); none is dropped with its connection.
 */
class LargeBatchAdmissionTest {
    private static final int CLIENTS = 16;
    private static final int BATCHES_PER_CLIENT = 2;
    private static final String TABLE = "large";

    @TempDir
    Path temp;

    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void everyLargeBatchIsAnsweredEvenWhenTheHeapCannotHoldThemAll() throws Exception {
        try (ServerProcess server = ServerProcess.launch().viaExecutable().dataDir(temp.resolve("data")).start()) {
            server.serviceClient().createTable(TABLE);
            ExecutorService clients = Executors.newFixedThreadPool(CLIENTS);
            try {
                List<Future<List<String>>> sent = new ArrayList<>();
                for (int c = 0; c < CLIENTS; c++) {
                    int client = c;
                    sent.add(clients.submit(() -> send(server.port(), client)));
                }
                List<String> statuses = new ArrayList<>();
                for (Future<List<String>> answers : sent) {
                    statuses.addAll(answers.get());
                }
                assertThat(statuses).hasSize(CLIENTS * BATCHES_PER_CLIENT)
                        .allSatisfy(status -> assertThat(status).isIn("202", "503"))
                        .contains("202");
            } finally {
                clients.shutdownNow();
            }
        }
    }

    /** The status of each batch's answer, or what became of it. */
    private static List<String> send(int port, int client) throws Exception {
        List<String> statuses = new ArrayList<>();
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
            socket.setSoTimeout(120_000);
            OutputStream out = socket.getOutputStream();
            InputStream in = new BufferedInputStream(socket.getInputStream(), 64 * 1024);
            for (int b = 0; b < BATCHES_PER_CLIENT; b++) {
                try {
                    out.write(request(port, "c" + client + "-" + b));
                    out.flush();
                    statuses.add(WireResponses.status(WireResponses.read(in)));
                } catch (IOException e) {
                    statuses.add("dropped: " + e);
                    break;
                }
            }
        }
        return statuses;
    }

    /** A signed {@code POST /$batch} of 100 inserts of about 40 KB each: just under the 4 MiB limit. */
    private static byte[] request(int port, String partition) throws Exception {
        String batch = "batch_" + partition;
        String changeSet = "changeset_" + partition;
        StringBuilder body = new StringBuilder(4_200_000);
        body.append("--").append(batch).append("\r\nContent-Type: multipart/mixed; boundary=").append(changeSet)
                .append("\r\n\r\n");
        String description = "lorem ipsum ".repeat(2_600);
        String notes = "dolor sit amet ".repeat(540);
        for (int row = 0; row < 100; row++) {
            body.append("--").append(changeSet).append("\r\nContent-Type: application/http\r\n")
                    .append("Content-Transfer-Encoding: binary\r\n\r\n")
                    .append("POST http://127.0.0.1:").append(port).append('/').append(SignedHttp.ACCOUNT).append('/')
                    .append(TABLE).append(" HTTP/1.1\r\nContent-Type: application/json\r\n")
                    .append("Accept: application/json;odata=nometadata\r\nPrefer: return-no-content\r\n")
                    .append("DataServiceVersion: 3.0\r\n\r\n")
                    .append("{\"PartitionKey\":\"").append(partition).append("\",\"RowKey\":\"r").append(row)
                    .append("\",\"Description\":\"").append(description).append("\",\"Notes\":\"").append(notes)
                    .append("\"}\r\n");
        }
        body.append("--").append(changeSet).append("--\r\n--").append(batch).append("--\r\n");
        byte[] content = body.toString().getBytes(StandardCharsets.UTF_8);
        assertThat(content.length).isLessThan(4 << 20);
        String date = DateTimeFormatter.RFC_1123_DATE_TIME.format(ZonedDateTime.now(ZoneOffset.UTC));
        String head = "POST /" + SignedHttp.ACCOUNT + "/$batch HTTP/1.1\r\nHost: 127.0.0.1:" + port
                + "\r\nx-ms-date: " + date + "\r\nx-ms-version: 2019-02-02\r\nContent-Type: multipart/mixed; boundary="
                + batch + "\r\nAuthorization: SharedKeyLite " + SignedHttp.ACCOUNT + ":"
                + SignedHttp.devKeySignature(date + "\n/" + SignedHttp.ACCOUNT + "/" + SignedHttp.ACCOUNT + "/$batch")
                + "\r\nContent-Length: " + content.length + "\r\n\r\n";
        ByteArrayOutputStream request = new ByteArrayOutputStream(content.length + head.length());
        request.writeBytes(head.getBytes(StandardCharsets.US_ASCII));
        request.writeBytes(content);
        return request.toByteArray();
    }
}
