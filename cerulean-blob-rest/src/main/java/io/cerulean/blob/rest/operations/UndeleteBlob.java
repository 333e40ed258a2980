package io.cerulean.blob.rest.operations;

import io.cerulean.blob.rest.auth.BlobGrant;
import io.cerulean.blob.rest.resource.BlobResource;
import io.cerulean.blob.service.BlobService;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;

/**
 * Undelete Blob ({@code PUT ?comp=undelete}): 200; the blob's soft-deleted state comes back, its
 * snapshots and previous versions with it. A blob with nothing deleted is answered 200 and left as
 * it is; a name with nothing at all is 404 BlobNotFound.
 */
public final class UndeleteBlob implements BlobRestOperation {
    private final BlobService service;

    public UndeleteBlob(BlobService service) {
        this.service = service;
    }

    @Override
    public AzureResponse handle(BlobResource resource, AzureRequest request, BlobGrant grant) {
        service.undeleteBlob(resource.account(), resource.container(), resource.blob());
        return AzureResponse.status(200);
    }
}
