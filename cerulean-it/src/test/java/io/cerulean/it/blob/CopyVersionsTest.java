package io.cerulean.it.blob;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.util.BinaryData;
import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.models.BlobItem;
import com.azure.storage.blob.models.BlobListDetails;
import com.azure.storage.blob.models.CopyStatusType;
import com.azure.storage.blob.models.ListBlobsOptions;
import com.azure.storage.blob.options.BlobBeginCopyOptions;
import com.sun.net.httpserver.HttpServer;
import io.cerulean.blob.service.CopySettings;
import io.cerulean.it.EachStore;
import io.cerulean.it.ServerFixture;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * Copies on a server that keeps versions, copying sources over 256 KiB in the background: a copy
 * of a previous version (its {@code versionid}) copies that version's bytes, and a copy over a blob,
 * in the background or from a URL served elsewhere, keeps the blob it replaces as a version, as every
 * other write that replaces a blob does.
 */
class CopyVersionsTest {
    private static final Duration POLL = Duration.ofMillis(100);
    private static final byte[] REMOTE = "served elsewhere".getBytes();
    private static final BlobServers SERVERS = new BlobServers(builder -> builder.blobVersioning()
            .blobCopies(new CopySettings(256 * 1024, 64 * 1024, Duration.ZERO, Duration.ofSeconds(10),
                    64L * 1024 * 1024)));
    private static HttpServer remote;

    @BeforeAll
    static void serve() throws IOException {
        remote = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        remote.createContext("/remote.txt", exchange -> {
            exchange.sendResponseHeaders(200, REMOTE.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(REMOTE);
            }
        });
        remote.start();
    }

    @AfterAll
    static void stop() {
        remote.stop(0);
        SERVERS.close();
    }

    /** The contents of every version of {@code name}, oldest first, the current one last. */
    private static List<String> versions(BlobContainerClient container, String name) {
        return container.listBlobs(new ListBlobsOptions().setPrefix(name)
                        .setDetails(new BlobListDetails().setRetrieveVersions(true)), null).stream()
                .map(BlobItem::getVersionId)
                .map(version -> container.getBlobClient(name).getVersionClient(version).downloadContent().toString())
                .toList();
    }

    @ParameterizedTest
    @EachStore
    void aCopyInTheBackgroundOfAPreviousVersionCopiesThatVersion(ServerFixture store) {
        BlobContainerClient container = SERVERS.newContainer(store, "versioncopy");
        BlobClient blob = container.getBlobClient("large.bin");
        byte[] first = BlobData.randomBytes(21, 1024 * 1024);
        blob.upload(BinaryData.fromBytes(first));
        String firstVersion = blob.getProperties().getVersionId();
        blob.upload(BinaryData.fromBytes(BlobData.randomBytes(22, 1024 * 1024)), true);
        BlobClient target = container.getBlobClient("restored.bin");

        var done = target.beginCopy(new BlobBeginCopyOptions(blob.getVersionClient(firstVersion).getBlobUrl())
                .setPollInterval(POLL)).waitForCompletion();

        assertThat(done.getValue().getCopyStatus()).isEqualTo(CopyStatusType.SUCCESS);
        assertThat(target.downloadContent().toBytes()).isEqualTo(first);
    }

    @ParameterizedTest
    @EachStore
    void aCopyInTheBackgroundOverABlobKeepsItAsAVersion(ServerFixture store) {
        BlobContainerClient container = SERVERS.newContainer(store, "versionedpending");
        BlobClient source = container.getBlobClient("large.bin");
        byte[] bytes = BlobData.randomBytes(23, 1024 * 1024);
        source.upload(BinaryData.fromBytes(bytes));
        BlobClient target = container.getBlobClient("target.txt");
        target.upload(BinaryData.fromString("replaced"));

        target.beginCopy(new BlobBeginCopyOptions(source.getBlobUrl()).setPollInterval(POLL)).waitForCompletion();

        List<String> versions = versions(container, "target.txt");
        assertThat(versions).first().isEqualTo("replaced");
        assertThat(target.downloadContent().toBytes()).isEqualTo(bytes);
    }

    @ParameterizedTest
    @EachStore
    void aCopyFromAUrlServedElsewhereOverABlobKeepsItAsAVersion(ServerFixture store) {
        BlobContainerClient container = SERVERS.newContainer(store, "versionedremote");
        BlobClient target = container.getBlobClient("target.txt");
        target.upload(BinaryData.fromString("replaced"));

        target.copyFromUrl("http://127.0.0.1:" + remote.getAddress().getPort() + "/remote.txt");

        assertThat(versions(container, "target.txt")).containsExactly("replaced", "served elsewhere");
    }
}
