package io.cerulean.blob.rest.operations;

import io.cerulean.blob.rest.auth.BlobGrant;
import io.cerulean.blob.rest.resource.BlobResource;
import io.cerulean.blob.service.BlobService;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.message.MetadataHeaders;

/** Set Blob Metadata: replaces the whole set (none sent clears it); a new ETag. */
public final class SetBlobMetadata implements BlobRestOperation {
    private final BlobService service;

    public SetBlobMetadata(BlobService service) {
        this.service = service;
    }

    @Override
    public AzureResponse handle(BlobResource resource, AzureRequest request, BlobGrant grant) {
        return BlobResponses.versioned(AzureResponse.status(200), service.setBlobMetadata(resource.account(),
                        resource.container(), resource.blob(), MetadataHeaders.read(request),
                        RequestHeaders.conditions(request)))
                .header("x-ms-request-server-encrypted", "true");
    }
}
