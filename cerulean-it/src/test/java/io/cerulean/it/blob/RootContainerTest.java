package io.cerulean.it.blob;

import static io.cerulean.it.blob.SignedRequests.errorOf;
import static io.cerulean.it.blob.SignedRequests.send;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.http.HttpHeaderName;
import com.azure.core.http.HttpMethod;
import com.azure.core.http.HttpResponse;
import com.azure.core.util.BinaryData;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClient;
import com.azure.storage.blob.models.BlobItem;
import io.cerulean.it.EachStore;
import io.cerulean.it.ServerFixture;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * The root container ("Working with the root container"): {@code /<account>/<blob>} names a blob
 * of {@code $root}, which is created, listed and deleted like any container, and which the SDKs
 * address as {@code /<account>/$root/<blob>}. The SDK always names the container, so the short URLs
 * go through its pipeline, signed.
 */
class RootContainerTest {
    private static final BlobServers SERVERS = new BlobServers();

    @AfterAll
    static void stop() {
        SERVERS.close();
    }

    @ParameterizedTest
    @EachStore
    void aBlobAtTheAccountsRootIsABlobOfTheRootContainer(ServerFixture store) {
        BlobServiceClient service = SERVERS.service(store);
        String account = SERVERS.endpoint(store);
        BlobContainerClient root = service.getBlobContainerClient(BlobContainerClient.ROOT_CONTAINER_NAME);
        root.deleteIfExists();

        HttpResponse noRoot = send(service, HttpMethod.PUT, account + "/hello.txt",
                "hello".getBytes(StandardCharsets.UTF_8), "x-ms-blob-type", "BlockBlob");
        HttpResponse noRootRead = send(service, HttpMethod.GET, account + "/hello.txt");

        assertThat(errorOf(noRoot)).isEqualTo("404 ContainerNotFound");
        assertThat(errorOf(noRootRead)).isEqualTo("404 ContainerNotFound");

        root.create();
        HttpResponse put = send(service, HttpMethod.PUT, account + "/hello.txt",
                "hello".getBytes(StandardCharsets.UTF_8), "x-ms-blob-type", "BlockBlob");
        HttpResponse head = send(service, HttpMethod.HEAD, account + "/hello.txt");

        assertThat(put.getStatusCode()).isEqualTo(201);
        assertThat(head.getStatusCode()).isEqualTo(200);
        assertThat(head.getHeaderValue(HttpHeaderName.CONTENT_LENGTH)).isEqualTo("5");
        assertThat(root.getBlobClient("hello.txt").downloadContent().toString()).isEqualTo("hello");
        assertThat(root.listBlobs().stream().map(BlobItem::getName)).containsExactly("hello.txt");

        root.getBlobClient("other.txt").upload(BinaryData.fromString("from the SDK"));
        HttpResponse other = send(service, HttpMethod.HEAD, account + "/other.txt");
        HttpResponse deleted = send(service, HttpMethod.DELETE, account + "/hello.txt");

        assertThat(other.getHeaderValue(HttpHeaderName.CONTENT_LENGTH)).isEqualTo("12");
        assertThat(deleted.getStatusCode()).isEqualTo(202);
        assertThat(root.listBlobs().stream().map(BlobItem::getName)).containsExactly("other.txt");
        root.delete();
    }

    @ParameterizedTest
    @EachStore
    void aNameAtTheAccountsRootWithRestypeContainerIsStillAContainer(ServerFixture store) {
        BlobServiceClient service = SERVERS.service(store);
        String name = "plain" + System.nanoTime();

        HttpResponse created = send(service, HttpMethod.PUT, SERVERS.endpoint(store) + "/" + name + "?restype=container");

        assertThat(created.getStatusCode()).isEqualTo(201);
        assertThat(service.getBlobContainerClient(name).exists()).isTrue();
    }
}
