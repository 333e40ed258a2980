package io.cerulean.blob.rest.operations;

import io.cerulean.blob.rest.auth.BlobGrant;
import io.cerulean.blob.rest.resource.BlobResource;
import io.cerulean.blob.service.BlobService;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;

/** Delete Blob: 202; the blob and its staged blocks are gone, its bytes deleted once that is durable. */
public final class DeleteBlob implements BlobRestOperation {
    private final BlobService service;

    public DeleteBlob(BlobService service) {
        this.service = service;
    }

    @Override
    public AzureResponse handle(BlobResource resource, AzureRequest request, BlobGrant grant) {
        service.deleteBlob(resource.account(), resource.container(), resource.blob(), RequestHeaders.conditions(request));
        return AzureResponse.status(202).header("x-ms-delete-type-permanent", "true");
    }
}
