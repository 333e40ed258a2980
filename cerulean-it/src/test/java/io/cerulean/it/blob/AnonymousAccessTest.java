package io.cerulean.it.blob;

import static io.cerulean.it.blob.BlobErrors.assertBlobError;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.util.BinaryData;
import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.BlobClientBuilder;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobContainerClientBuilder;
import com.azure.storage.blob.models.BlobItem;
import com.azure.storage.blob.models.PublicAccessType;
import io.cerulean.it.EachStore;
import io.cerulean.it.ServerFixture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * Requests with no credential at all: what a container's public access level lets them read ({@code blob}:
 * its blobs; {@code container}: its listing too), and how a private container refuses them.
 */
class AnonymousAccessTest {
    private static final BlobServers SERVERS = new BlobServers();

    @AfterAll
    static void stop() {
        SERVERS.close();
    }

    private static BlobContainerClient withOneBlob(ServerFixture store, String prefix) {
        BlobContainerClient container = SERVERS.newContainer(store, prefix);
        container.getBlobClient("public.txt").upload(BinaryData.fromString("for everyone"));
        return container;
    }

    private static BlobClient anonymous(ServerFixture store, BlobContainerClient container, String blobName) {
        return new BlobClientBuilder().endpoint(SERVERS.endpoint(store))
                .containerName(container.getBlobContainerName()).blobName(blobName)
                .retryOptions(BlobServers.oneTry()).buildClient();
    }

    private static BlobContainerClient anonymous(ServerFixture store, BlobContainerClient container) {
        return new BlobContainerClientBuilder().endpoint(SERVERS.endpoint(store))
                .containerName(container.getBlobContainerName()).retryOptions(BlobServers.oneTry()).buildClient();
    }

    @ParameterizedTest
    @EachStore
    void aBlobLevelContainerLetsAnyoneReadItsBlobs(ServerFixture store) {
        BlobContainerClient container = withOneBlob(store, "pubblob");
        container.setAccessPolicy(PublicAccessType.BLOB, null);

        assertThat(anonymous(store, container, "public.txt").downloadContent().toString()).isEqualTo("for everyone");
        assertThat(anonymous(store, container, "public.txt").getProperties().getBlobSize()).isEqualTo(12);
        assertThat(anonymous(store, container).getBlobClient("public.txt").exists()).isTrue();
    }

    @ParameterizedTest
    @EachStore
    void aContainerLevelContainerLetsAnyoneListItsBlobs(ServerFixture store) {
        BlobContainerClient container = withOneBlob(store, "pubcont");
        container.setAccessPolicy(PublicAccessType.CONTAINER, null);

        assertThat(anonymous(store, container).listBlobs()).extracting(BlobItem::getName).containsExactly("public.txt");
        assertThat(anonymous(store, container).getProperties().getBlobPublicAccess())
                .isEqualTo(PublicAccessType.CONTAINER);
    }

    /**
     * Refused as if nothing were there, so that an anonymous client learns nothing: 404 ResourceNotFound.
     * Azurite fails this test: it answers 403 AuthorizationFailure.
     */
    @ParameterizedTest
    @EachStore
    void aPrivateContainerRefusesAnonymousReadsAsResourceNotFound(ServerFixture store) {
        BlobContainerClient container = withOneBlob(store, "private");

        assertBlobError(() -> anonymous(store, container, "public.txt").downloadContent(), 404, "ResourceNotFound");
        assertBlobError(() -> anonymous(store, container).listBlobs().stream().count(), 404, "ResourceNotFound");
        assertThat(container.getBlobClient("public.txt").exists()).as("the blob is there all the same").isTrue();
    }
}
