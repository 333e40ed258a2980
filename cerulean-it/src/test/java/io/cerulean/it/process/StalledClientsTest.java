package io.cerulean.it.process;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.util.BinaryData;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClientBuilder;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.sas.TableSasPermission;
import com.azure.data.tables.sas.TableSasSignatureValues;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import com.azure.storage.blob.sas.BlobContainerSasPermission;
import com.azure.storage.blob.sas.BlobServiceSasSignatureValues;
import com.azure.storage.queue.QueueClient;
import com.azure.storage.queue.QueueServiceClientBuilder;
import com.azure.storage.queue.sas.QueueSasPermission;
import com.azure.storage.queue.sas.QueueServiceSasSignatureValues;
import io.cerulean.app.Cerulean;
import io.cerulean.http.server.ConnectionLimits;
import io.cerulean.it.ServerFixture;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Clients that stop mid-request hold connections, never the threads everyone else's requests run
 * on: with far more stalled uploads and downloads than the server has workers (the launcher's
 * server on two cores: 8 workers, a 96 MB heap), every service goes on answering its other clients
 * as usual, and a stalled upload writes nothing. A body that stops is answered alike on every
 * service, once the body timeout passes.
 */
class StalledClientsTest {
    private static final int STALLED_UPLOADS = 100;
    private static final int STALLED_DOWNLOADS = 200;
    /** Far beyond the few milliseconds these requests take here, far below the 30-60 s a stall used to cost. */
    private static final long ANSWERED_WITHIN_MILLIS = 3_000;

    @TempDir
    static Path temp;
    private static ServerProcess server;
    private static String connectionString;
    private static int blobPort;
    private static final ExecutorService clients = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "stalled-clients-test");
        t.setDaemon(true);
        return t;
    });

    @BeforeAll
    static void start() throws Exception {
        server = ServerProcess.launch().viaExecutable().dataDir(temp.resolve("data")).start();
        connectionString = server.queueConnectionString() + "BlobEndpoint=" + server.blobBaseUrl() + "/"
                + ServerProcess.DEV_ACCOUNT + ";";
        blobPort = Integer.parseInt(server.blobBaseUrl().substring(server.blobBaseUrl().lastIndexOf(':') + 1));
    }

    @AfterAll
    static void stop() {
        server.close();
        clients.shutdownNow();
    }

    @Test
    void stalledUploadsAndDownloadsLeaveEveryServiceAnsweringOthersAsUsual() throws Exception {
        BlobServiceClient blobs = new BlobServiceClientBuilder().connectionString(connectionString).buildClient();
        BlobContainerClient container = blobs.createBlobContainer("stalls");
        byte[] large = new byte[8 << 20];
        new Random(7).nextBytes(large);
        container.getBlobClient("large").upload(BinaryData.fromBytes(large));
        String sas = container.generateSas(new BlobServiceSasSignatureValues(OffsetDateTime.now().plusHours(1),
                new BlobContainerSasPermission().setReadPermission(true).setCreatePermission(true)
                        .setWritePermission(true)));
        TableClient table = new TableServiceClientBuilder().connectionString(connectionString)
                .buildClient().createTable("stalls");
        QueueClient queue = new QueueServiceClientBuilder().connectionString(connectionString)
                .buildClient().createQueue("stalls");

        List<Socket> stalled = new ArrayList<>();
        try {
            for (int i = 0; i < STALLED_UPLOADS; i++) {
                // The head and 64 KiB of a 4 MiB body, and then nothing.
                Socket upload = connect();
                stalled.add(upload);
                OutputStream out = upload.getOutputStream();
                out.write(("PUT /devstoreaccount1/stalls/upload-" + i + "?" + sas + " HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                        + "x-ms-version: 2021-08-06\r\nx-ms-blob-type: BlockBlob\r\nContent-Length: " + (4 << 20)
                        + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
                out.write(new byte[64 << 10]);
                out.flush();
            }
            for (int i = 0; i < STALLED_DOWNLOADS; i++) {
                // Asks for 8 MiB and reads none of it.
                Socket download = connect();
                stalled.add(download);
                download.getOutputStream().write(("GET /devstoreaccount1/stalls/large?" + sas + " HTTP/1.1\r\n"
                        + "Host: 127.0.0.1\r\nx-ms-version: 2021-08-06\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
                download.getOutputStream().flush();
            }
            Thread.sleep(500);

            for (int round = 0; round < 10; round++) {
                String name = "round-" + round;
                byte[] small = name.getBytes(StandardCharsets.UTF_8);
                answered("Put Blob", () -> container.getBlobClient(name).upload(BinaryData.fromBytes(small)));
                assertThat(answered("Get Blob", () -> container.getBlobClient(name).downloadContent().toBytes()))
                        .isEqualTo(small);
                answered("Insert Entity", () -> table.createEntity(new TableEntity("p", name)));
                assertThat(answered("Get Entity", () -> table.getEntity("p", name)).getRowKey()).isEqualTo(name);
                answered("Put Message", () -> queue.sendMessage(name));
                assertThat(answered("Get Messages", () -> queue.receiveMessage()).getBody().toString())
                        .isEqualTo(name);
            }
            assertThat(container.getBlobClient("upload-0").exists()).as("a stalled upload wrote nothing").isFalse();
        } finally {
            for (Socket socket : stalled) {
                socket.setSoLinger(true, 0); // reset: leaves no TIME_WAIT behind on this machine's ports
                socket.close();
            }
        }
    }

    @Test
    void aBodyThatStopsIs408RequestTimeoutOnEveryService() throws Exception {
        ConnectionLimits quick = ConnectionLimits.defaults().withTimeouts(Duration.ofSeconds(120),
                Duration.ofSeconds(30), Duration.ofMillis(500));
        try (ServerFixture.RunningServer timing = ServerFixture.ROCKSDB.start(b -> b.connectionLimits(quick))) {
            Cerulean cerulean = timing.cerulean();
            BlobContainerClient container = new BlobServiceClientBuilder().connectionString(timing.connectionString())
                    .buildClient().createBlobContainer("stalls");
            String blobSas = container.generateSas(new BlobServiceSasSignatureValues(OffsetDateTime.now().plusHours(1),
                    new BlobContainerSasPermission().setCreatePermission(true).setWritePermission(true)));
            TableClient table = new TableServiceClientBuilder().connectionString(timing.connectionString())
                    .buildClient().createTable("stalls");
            String tableSas = table.generateSas(new TableSasSignatureValues(OffsetDateTime.now().plusHours(1),
                    TableSasPermission.parse("a")));
            QueueClient queue = new QueueServiceClientBuilder().connectionString(timing.connectionString())
                    .buildClient().createQueue("stalls");
            String queueSas = queue.generateSas(new QueueServiceSasSignatureValues(OffsetDateTime.now().plusHours(1),
                    new QueueSasPermission().setAddPermission(true)));

            assertTimedOut(cerulean.blobPort(), "PUT /devstoreaccount1/stalls/stalled?" + blobSas,
                    "x-ms-blob-type: BlockBlob\r\n", "abc");
            assertTimedOut(cerulean.port(), "POST /devstoreaccount1/stalls?" + tableSas,
                    "Content-Type: application/json\r\n", "{\"PartitionKey\":");
            assertTimedOut(cerulean.queuePort(), "POST /devstoreaccount1/stalls/messages?" + queueSas,
                    "", "<QueueMessage>");
            assertThat(container.getBlobClient("stalled").exists()).isFalse();
        }
    }

    /** Sends a head and the start of a body, then nothing: the answer is 408 RequestTimeout, then the connection ends. */
    private static void assertTimedOut(int port, String requestLine, String headers, String start) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(20_000);
            socket.getOutputStream().write((requestLine + " HTTP/1.1\r\nHost: 127.0.0.1\r\nx-ms-version: 2021-08-06\r\n"
                    + headers + "Content-Length: 100\r\n\r\n" + start).getBytes(StandardCharsets.UTF_8));
            socket.getOutputStream().flush();
            String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(answer).as(requestLine).startsWith("HTTP/1.1 408 ");
            assertThat(answer.toLowerCase(java.util.Locale.ROOT)).contains("x-ms-error-code: requesttimeout");
        }
    }

    /** The server's threads, for a failure's message. */
    private static String threads() {
        try {
            Process jcmd = new ProcessBuilder("jcmd", Long.toString(server.pid()), "Thread.print").redirectErrorStream(true)
                    .start();
            return new String(jcmd.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "(no thread dump: " + e + ")";
        }
    }

    private static Socket connect() throws IOException {
        Socket socket = new Socket();
        socket.setReceiveBufferSize(4096); // a client that reads nothing fills this at once
        socket.connect(new InetSocketAddress("127.0.0.1", blobPort));
        return socket;
    }

    private static void answered(String operation, Runnable request) throws Exception {
        answered(operation, () -> {
            request.run();
            return null;
        });
    }

    private static <T> T answered(String operation, Supplier<T> request) throws Exception {
        CompletableFuture<T> answer = CompletableFuture.supplyAsync(request, clients);
        try {
            return answer.get(ANSWERED_WITHIN_MILLIS, TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError(operation + " was not answered within " + ANSWERED_WITHIN_MILLIS
                    + " ms while other clients stalled; the server:" + server.output() + threads(), e);
        }
    }
}
