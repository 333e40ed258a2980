package io.cerulean.it.process;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.util.BinaryData;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import com.azure.storage.blob.models.BlobItem;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import org.junit.jupiter.api.Test;

/** {@code cerulean serve}'s options for the Blob service: {@code --services}, {@code --blob-port}. */
class BlobCommandLineTest {
    @Test
    void theBlobServiceAloneServesBlobsAndNoTablesOrQueues() {
        try (ServerProcess server = ServerProcess.launch().inMemory().args("--services", "blob").start()) {
            assertThat(server.output()).contains("serving the Blob service at")
                    .doesNotContain("Table service").doesNotContain("Queue service");
            BlobServiceClient blobs = new BlobServiceClientBuilder()
                    .connectionString(server.blobConnectionString()).buildClient();
            BlobContainerClient container = blobs.createBlobContainer("alone");
            container.getBlobClient("a/b.txt").upload(BinaryData.fromString("served alone"));
            assertThat(blobs.listBlobContainers()).extracting(c -> c.getName()).containsExactly("alone");
            assertThat(container.listBlobs()).extracting(BlobItem::getName).containsExactly("a/b.txt");
            assertThat(container.getBlobClient("a/b.txt").downloadContent().toString()).isEqualTo("served alone");
        }
    }

    @Test
    void theBlobServiceListensOnTheBlobPortAsked() {
        int port = ServerProcess.freePort();
        try (ServerProcess server = ServerProcess.launch().inMemory()
                .args("--services", "table,blob", "--blob-port", Integer.toString(port)).start()) {
            assertThat(server.blobBaseUrl()).isEqualTo("http://127.0.0.1:" + port);
            assertThat(server.output()).contains("the Blob service at http://127.0.0.1:" + port + "/devstoreaccount1/");
            BlobServiceClient blobs = new BlobServiceClientBuilder()
                    .connectionString(server.blobConnectionString()).buildClient();
            assertThat(blobs.getAccountInfo().getAccountKind()).isNotNull();
        }
    }

    @Test
    void aBlobPortInUseNamesTheBlobServiceAndTheRemedy() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            ServerProcess.Exited exited = ServerProcess.launch().inMemory()
                    .args("--blob-port", Integer.toString(taken.getLocalPort())).run();
            assertThat(exited.code()).as("exit status%s", exited.output()).isEqualTo(2);
            assertThat(exited.stderr()).contains("the Blob service's port").contains("--blob-port")
                    .contains("--services");
        }
    }
}
