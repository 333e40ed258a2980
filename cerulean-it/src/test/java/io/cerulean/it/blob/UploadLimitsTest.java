package io.cerulean.it.blob;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.sas.BlobContainerSasPermission;
import com.azure.storage.blob.sas.BlobServiceSasSignatureValues;
import io.cerulean.it.ServerFixture;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * An upload declared longer than its operation takes is refused before any of it is kept: 413
 * RequestBodyTooLarge, which the client reads although it is still sending, then the connection
 * ends. Raw HTTP: the SDKs split what they upload to fit.
 */
class UploadLimitsTest {
    private static final ServerFixture FIXTURE = ServerFixture.chosenOr(ServerFixture.ROCKSDB);
    private static final BlobServers SERVERS = new BlobServers();

    @AfterAll
    static void stop() {
        SERVERS.close();
    }

    @Test
    void aPutBlockDeclaredOverItsLimitIs413AndTheClientStillSendingReadsIt() throws Exception {
        String answer = sendOversized("block", "?comp=block&blockid=QUFBQQ%3D%3D&", "x-ms-version: 2021-08-06\r\n",
                4001L << 20, true);
        assertThat(answer).startsWith("HTTP/1.1 413 ").contains("<Code>RequestBodyTooLarge</Code>");
    }

    @Test
    void aPutBlobDeclaredOverItsVersionsLimitIs413() throws Exception {
        // Before 2016-05-31, one Put Blob took at most 64 MiB.
        String answer = sendOversized("blob", "?", "x-ms-version: 2015-12-11\r\nx-ms-blob-type: BlockBlob\r\n",
                65L << 20, false);
        assertThat(answer).startsWith("HTTP/1.1 413 ").contains("<Code>RequestBodyTooLarge</Code>");
    }

    /** Sends the head of an upload of {@code declared} bytes and, if asked, keeps sending; returns all that came back. */
    private static String sendOversized(String blob, String query, String headers, long declared, boolean keepSending)
            throws Exception {
        BlobContainerClient container = SERVERS.newContainer(FIXTURE, "limits");
        String sas = container.generateSas(new BlobServiceSasSignatureValues(OffsetDateTime.now().plusHours(1),
                new BlobContainerSasPermission().setWritePermission(true).setCreatePermission(true)));
        int port = SERVERS.cerulean(FIXTURE).blobPort();
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(20_000);
            OutputStream out = socket.getOutputStream();
            out.write(("PUT /devstoreaccount1/" + container.getBlobContainerName() + "/" + blob + query + sas
                    + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" + headers + "Content-Length: " + declared + "\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            Thread sender = new Thread(() -> {
                byte[] piece = new byte[64 << 10];
                try {
                    for (int i = 0; keepSending && i < 1000; i++) {
                        out.write(piece);
                    }
                } catch (IOException e) {
                    // the server ended the connection after its answer
                }
            });
            sender.start();
            String answer = readAll(socket.getInputStream());
            sender.join(20_000);
            assertThat(container.getBlobClient(blob).exists()).isFalse();
            return answer;
        }
    }

    private static String readAll(InputStream in) throws IOException {
        return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
}
