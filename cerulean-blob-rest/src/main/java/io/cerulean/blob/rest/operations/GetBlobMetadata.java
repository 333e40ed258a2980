package io.cerulean.blob.rest.operations;

import io.cerulean.blob.model.BlobProperties;
import io.cerulean.blob.rest.auth.BlobGrant;
import io.cerulean.blob.rest.resource.BlobResource;
import io.cerulean.blob.service.BlobService;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.message.MetadataHeaders;

/**
 * Get Blob Metadata (of the blob, a {@code snapshot} or a {@code versionid}): the metadata as headers,
 * with the ETag and Last-Modified; no body.
 */
public final class GetBlobMetadata implements BlobRestOperation {
    private final BlobService service;

    public GetBlobMetadata(BlobService service) {
        this.service = service;
    }

    @Override
    public AzureResponse handle(BlobResource resource, AzureRequest request, BlobGrant grant) {
        BlobProperties blob = service.blob(SnapshotIds.address(resource, request), RequestHeaders.leaseId(request));
        RequestHeaders.conditions(request).checkTags(blob.tags());
        return MetadataHeaders.write(BlobResponses.written(AzureResponse.status(200), blob), blob.metadata());
    }
}
