package io.cerulean.blob.rest.operations;

import io.cerulean.blob.rest.auth.BlobGrant;
import io.cerulean.blob.rest.resource.BlobResource;
import io.cerulean.blob.service.BlobService;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;

/**
 * Set Blob Properties (contract 3.8): the six {@code x-ms-blob-*} content properties replaced as a
 * set, those not sent cleared; a new ETag.
 */
public final class SetBlobProperties implements BlobRestOperation {
    private final BlobService service;

    public SetBlobProperties(BlobService service) {
        this.service = service;
    }

    @Override
    public AzureResponse handle(BlobResource resource, AzureRequest request, BlobGrant grant) {
        return BlobResponses.written(AzureResponse.status(200), service.setBlobHeaders(resource.account(),
                resource.container(), resource.blob(), RequestHeaders.contentHeaders(request, false),
                RequestHeaders.conditions(request)));
    }
}
