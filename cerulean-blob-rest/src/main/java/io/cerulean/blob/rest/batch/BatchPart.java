package io.cerulean.blob.rest.batch;

import io.cerulean.blob.rest.routing.BlobOperation;
import io.cerulean.http.message.AzureRequest;
import java.util.Objects;

/**
 * One sub-request of a batch: the {@code Content-ID} its answer echoes (null when it sent none), the
 * request as a request alone would be read, and the operation it was found to be.
 */
record BatchPart(String contentId, AzureRequest request, BlobOperation operation) {
    BatchPart {
        Objects.requireNonNull(request, "request");
        Objects.requireNonNull(operation, "operation");
    }
}
