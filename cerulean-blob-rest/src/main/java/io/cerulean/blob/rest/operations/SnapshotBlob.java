package io.cerulean.blob.rest.operations;

import io.cerulean.blob.model.BlobProperties;
import io.cerulean.blob.rest.auth.BlobGrant;
import io.cerulean.blob.rest.resource.BlobResource;
import io.cerulean.blob.service.BlobService;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.message.MetadataHeaders;

/**
 * Snapshot Blob (contract 3.9): 201 with {@code x-ms-snapshot}, the blob's unchanged ETag and
 * Last-Modified. Metadata sent replaces the snapshot's; none sent copies the blob's.
 */
public final class SnapshotBlob implements BlobRestOperation {
    private final BlobService service;

    public SnapshotBlob(BlobService service) {
        this.service = service;
    }

    @Override
    public AzureResponse handle(BlobResource resource, AzureRequest request, BlobGrant grant) {
        BlobProperties snapshot = service.snapshotBlob(resource.account(), resource.container(), resource.blob(),
                MetadataHeaders.read(request), RequestHeaders.conditions(request));
        return BlobResponses.written(AzureResponse.status(201), snapshot)
                .header("x-ms-snapshot", SnapshotIds.format(snapshot.snapshot()))
                .header("x-ms-request-server-encrypted", "true");
    }
}
