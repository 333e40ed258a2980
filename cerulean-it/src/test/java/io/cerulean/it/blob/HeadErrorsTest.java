package io.cerulean.it.blob;

import static io.cerulean.it.blob.SignedRequests.send;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.http.HttpHeaderName;
import com.azure.core.http.HttpMethod;
import com.azure.core.http.HttpResponse;
import com.azure.storage.blob.BlobContainerClient;
import io.cerulean.it.EachStore;
import io.cerulean.it.ServerFixture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * A refused HEAD (Get Blob Properties, Get Container Properties) says why in {@code x-ms-error-code}
 * alone: it has no body, so it names no Content-Type either, as Azure answers it (an SDK that sees a
 * media type reads the body it was promised).
 */
class HeadErrorsTest {
    private static final BlobServers SERVERS = new BlobServers();

    @AfterAll
    static void stop() {
        SERVERS.close();
    }

    @ParameterizedTest
    @EachStore
    void aRefusedHeadNamesItsErrorAndNoContentType(ServerFixture store) {
        BlobContainerClient container = SERVERS.newContainer(store, "headerr");

        HttpResponse blob = send(SERVERS.service(store), HttpMethod.HEAD, container.getBlobClient("missing").getBlobUrl());
        HttpResponse otherContainer = send(SERVERS.service(store), HttpMethod.HEAD,
                container.getBlobContainerUrl() + "-gone?restype=container");

        assertThat(blob.getStatusCode()).isEqualTo(404);
        assertThat(blob.getHeaderValue("x-ms-error-code")).isEqualTo("BlobNotFound");
        assertThat(blob.getHeaderValue(HttpHeaderName.CONTENT_TYPE)).isNull();
        assertThat(otherContainer.getStatusCode()).isEqualTo(404);
        assertThat(otherContainer.getHeaderValue("x-ms-error-code")).isEqualTo("ContainerNotFound");
        assertThat(otherContainer.getHeaderValue(HttpHeaderName.CONTENT_TYPE)).isNull();
    }
}
