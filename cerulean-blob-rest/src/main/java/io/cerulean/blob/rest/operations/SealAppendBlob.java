package io.cerulean.blob.rest.operations;

import io.cerulean.blob.rest.auth.BlobGrant;
import io.cerulean.blob.rest.resource.BlobResource;
import io.cerulean.blob.service.BlobService;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;

/**
 * Seal Append Blob ({@code PUT ?comp=seal}): the append blob takes no more blocks (Append Block is
 * then 409 BlobIsSealed); 200 with its ETag, Last-Modified and {@code x-ms-blob-sealed: true}. Its
 * conditions are the blob's ({@code If-*}, {@code x-ms-lease-id}) and
 * {@code x-ms-blob-condition-appendpos} (412 AppendPositionConditionNotMet).
 */
public final class SealAppendBlob implements BlobRestOperation {
    private final BlobService service;

    public SealAppendBlob(BlobService service) {
        this.service = service;
    }

    @Override
    public AzureResponse handle(BlobResource resource, AzureRequest request, BlobGrant grant) {
        Long appendPosition = RequestHeaders.longHeader(request, "x-ms-blob-condition-appendpos");
        return BlobResponses.written(AzureResponse.status(200), service.sealAppendBlob(resource.account(),
                        resource.container(), resource.blob(), RequestHeaders.conditions(request), appendPosition))
                .header("x-ms-blob-sealed", "true");
    }
}
