package io.cerulean.blob.rest.batch;

import io.cerulean.blob.rest.routing.BlobOperation;
import io.cerulean.http.message.AzureRequest;
import java.util.Objects;

/**
 * One sub-request of a batch: the {@code Content-ID} its answer echoes (null when it sent none), the
 * request as a request alone would be read, the operation it was found to be, and the blob it
 * addresses ({@code container/blob}; null when unknown, as if no other part shared it).
 */
record BatchPart(String contentId, AzureRequest request, BlobOperation operation, String blob) {
    BatchPart {
        Objects.requireNonNull(request, "request");
        Objects.requireNonNull(operation, "operation");
    }

    BatchPart(String contentId, AzureRequest request, BlobOperation operation) {
        this(contentId, request, operation, null);
    }
}
