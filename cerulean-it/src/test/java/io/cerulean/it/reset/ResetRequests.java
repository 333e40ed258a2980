package io.cerulean.it.reset;

import com.azure.core.http.HttpHeaderName;
import com.azure.core.http.HttpMethod;
import com.azure.core.http.HttpPipeline;
import com.azure.core.http.HttpPipelineBuilder;
import com.azure.core.http.HttpRequest;
import com.azure.core.http.HttpResponse;
import com.azure.storage.blob.BlobServiceClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import com.azure.storage.common.StorageSharedKeyCredential;

/** {@code /{account}/$reset} requests to a Blob port, signed by the SDK's own Shared Key policy or not at all. */
final class ResetRequests {
    private ResetRequests() {
    }

    /** What the server answered. */
    record Answer(int status, String errorCode, String body, String requestId) {
    }

    /** Sent through {@code blobs}' pipeline (its Shared Key credential, if it has one) to its account's URL. */
    static Answer post(BlobServiceClient blobs, String query) {
        return send(blobs.getHttpPipeline(), HttpMethod.POST, blobs.getAccountUrl() + "/$reset" + query);
    }

    /** Signed with {@code key} for {@code account}, whatever its right key is. */
    static Answer postSignedWith(String accountUrl, String account, String key, String query) {
        BlobServiceClient blobs = new BlobServiceClientBuilder().endpoint(accountUrl)
                .credential(new StorageSharedKeyCredential(account, key)).buildClient();
        return send(blobs.getHttpPipeline(), HttpMethod.POST, accountUrl + "/$reset" + query);
    }

    /** Not signed: anonymous, or carrying whatever the query carries (a SAS). */
    static Answer postUnsigned(String url) {
        return send(new HttpPipelineBuilder().build(), HttpMethod.POST, url);
    }

    static Answer send(HttpPipeline pipeline, HttpMethod method, String url) {
        HttpRequest request = new HttpRequest(method, url).setHeader(HttpHeaderName.CONTENT_LENGTH, "0");
        try (HttpResponse response = pipeline.send(request).block()) {
            return new Answer(response.getStatusCode(), response.getHeaderValue("x-ms-error-code"),
                    response.getBodyAsString().block(), response.getHeaderValue("x-ms-request-id"));
        }
    }
}
