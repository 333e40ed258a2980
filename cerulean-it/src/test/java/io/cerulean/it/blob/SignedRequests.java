package io.cerulean.it.blob;

import com.azure.core.http.HttpHeaderName;
import com.azure.core.http.HttpMethod;
import com.azure.core.http.HttpPipeline;
import com.azure.core.http.HttpRequest;
import com.azure.core.http.HttpResponse;
import com.azure.core.util.Context;
import com.azure.storage.blob.BlobServiceClient;

/**
 * Requests the SDK will not send as they are (a copy source that is not a URL, a size past the
 * service's limit), sent through a client's pipeline: signed with the account key, otherwise unchecked.
 */
final class SignedRequests {
    private SignedRequests() {
    }

    /** Sends {@code method url} with these header name/value pairs and an empty body; the response buffered. */
    static HttpResponse send(BlobServiceClient client, HttpMethod method, String url, String... headers) {
        return send(client, method, url, new byte[0], headers);
    }

    static HttpResponse send(BlobServiceClient client, HttpMethod method, String url, byte[] body, String... headers) {
        HttpRequest request = new HttpRequest(method, url).setBody(body);
        request.setHeader(HttpHeaderName.fromString("x-ms-version"), "2025-01-05");
        for (int i = 0; i < headers.length; i += 2) {
            request.setHeader(HttpHeaderName.fromString(headers[i]), headers[i + 1]);
        }
        return send(client.getHttpPipeline(), request);
    }

    /**
     * Sends {@code request} through {@code pipeline}; the response read whole before it is closed. Closed
     * with its body unread, a response makes the SDK's HTTP client close the connection after it has
     * already gone back to its pool, and the next request that takes it fails with "Connection
     * prematurely closed BEFORE response".
     */
    static HttpResponse send(HttpPipeline pipeline, HttpRequest request) {
        try (HttpResponse response = pipeline.sendSync(request, Context.NONE)) {
            HttpResponse buffered = response.buffer();
            buffered.getBodyAsBinaryData().toBytes();
            return buffered;
        }
    }

    /** The status and {@code x-ms-error-code}, e.g. {@code "400 InvalidHeaderValue"}. */
    static String errorOf(HttpResponse response) {
        return response.getStatusCode() + " " + response.getHeaderValue(HttpHeaderName.fromString("x-ms-error-code"));
    }
}
