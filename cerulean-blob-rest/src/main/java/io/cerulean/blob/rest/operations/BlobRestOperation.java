package io.cerulean.blob.rest.operations;

import io.cerulean.blob.rest.auth.BlobGrant;
import io.cerulean.blob.rest.resource.BlobResource;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;

/** One operation of the Blob REST API: reads the request's parameters, runs it, writes the response. */
public interface BlobRestOperation {
    /**
     * @param grant what the caller may do, already checked to cover this operation; it may also
     *              shape the answer (a SAS's response header overrides)
     */
    AzureResponse handle(BlobResource resource, AzureRequest request, BlobGrant grant);
}
